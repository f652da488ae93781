import Decimal from 'decimal.js';
import type { BillRefusal } from '@wise/shared';
import { z } from 'zod';
import { providerText, type ProviderAnswer } from '../bills/transport';
import type { ProviderPlan, PurchaseResult, StatusResult } from '../bills/types';
import type { FloatBalance } from '../float';

/**
 * Reading VTpass's answers (README of providers/vtpass: the codes and what each means for an
 * order). Every answer is checked with zod before anything reads it; what is not clearly a
 * delivery or a refusal is left for a status query.
 */

/** The response codes the client acts on; any other code on a purchase is a refusal. */
export const VTPASS_CODE = {
  ok: '000',
  /** Transaction processing: ask again. */
  processing: '099',
  /** Request is being processed (a sibling of 099). */
  requestProcessing: '089',
  failed: '016',
  /** This request id was used before: the purchase under it is asked about, never made again. */
  requestIdUsed: '014',
  /** No transaction under this request id. */
  requestIdUnknown: '015',
  /** Our VTpass wallet is too low: nothing was charged, operations must fund it. */
  lowWallet: '018',
  /** The biller could not be reached: nothing was charged. */
  billerUnreachable: '030',
  /** Not processed, not charged. */
  notProcessed: '091',
  reversed: '040',
} as const;

/**
 * The refusals a customer reads in our words (plain/bills.ts `billRefusalTexts`): VTpass's codes
 * for them. Any other refusal reads the generic "could not complete"; `response_description`
 * stays with staff.
 */
const REFUSAL_OF_CODE: Record<string, BillRefusal> = {
  '010': 'plan_unavailable', // variation code does not exist
  '012': 'plan_unavailable', // product does not exist
  '013': 'amount_not_allowed', // below the minimum amount
  '017': 'amount_not_allowed', // above the maximum amount
  '016': 'network_failed', // transaction failed
  '019': 'duplicate', // likely duplicate: the same biller within 30 s
  [VTPASS_CODE.reversed]: 'reversed',
};
export const refusalOfCode = (code: string): BillRefusal | null => REFUSAL_OF_CODE[code] ?? null;

/** The status inside `content.transactions`, as an order reads it. */
type TransactionState = 'successful' | 'pending' | 'failed';
const TRANSACTION_STATES: Record<string, TransactionState> = {
  delivered: 'successful',
  successful: 'successful',
  pending: 'pending',
  initiated: 'pending',
  failed: 'failed',
  reversed: 'failed',
};

/** Codes arrive as "000" and, on the balance call, as the number 1. */
const codeField = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/),
    z.number().int().nonnegative().max(9999),
  ])
  .transform((value) => String(value).padStart(3, '0'));

/** Naira as VTpass writes them: "1000.00", 1000 or 19.3, kept as decimal text. */
const nairaText = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,4})?$/),
    z.number().nonnegative().max(1e12),
  ])
  .transform((value) => (typeof value === 'number' ? new Decimal(String(value)).toFixed() : value));

const scalarText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : providerText(String(value))))
  .catch(null);

const transactionSchema = z.looseObject({
  status: z.string().trim().toLowerCase(),
  amount: nairaText.nullish().catch(null),
});

const answerSchema = z.looseObject({
  code: codeField,
  response_description: z.unknown().optional(),
  content: z
    .looseObject({ transactions: transactionSchema.nullish().catch(null) })
    .nullish()
    .catch(null),
  amount: nairaText.nullish().catch(null),
  purchased_code: scalarText.optional(),
  mainToken: scalarText.optional(),
  token: scalarText.optional(),
  units: scalarText.optional(),
  mainTokenUnits: scalarText.optional(),
});
type Answer = z.infer<typeof answerSchema>;

/** What a purchase answer comes to; `requery` means "this request id was used: ask about it". */
export type PayReading = { result: PurchaseResult | 'requery'; lowWallet: boolean };

/** A status result that also carries the amount VTpass charged, when it says (reconciliation compares it). */
export type VtpassStatusResult = StatusResult & { amountNaira?: string | null };

const describe = (answer: Answer) => providerText(answer.response_description);
const stateOf = (answer: Answer): TransactionState | undefined => {
  const status = answer.content?.transactions?.status;
  return status === undefined ? undefined : TRANSACTION_STATES[status];
};

/** "Token : 4216… Bonus Token : 6288…" → "4216… Bonus Token : 6288…": the label goes, every token stays. */
function tokenOf(answer: Answer): string | null {
  const strip = (text: string | null | undefined) => providerText(text?.replace(/^\s*token\s*:?\s*/i, '') ?? null);
  return strip(answer.purchased_code) ?? strip(answer.mainToken) ?? strip(answer.token);
}

/** "79.9 kWh" stays; a bare number (some discos send 16.6 or "1.7") gets its unit. */
function unitsOf(answer: Answer): string | null {
  const units = answer.units ?? answer.mainTokenUnits ?? null;
  if (!units) return null;
  return /^\d+(\.\d+)?$/.test(units) ? `${units} kWh` : units;
}

function delivered(answer: Answer) {
  return { outcome: 'successful' as const, message: describe(answer), token: tokenOf(answer), units: unitsOf(answer) };
}

/** The answer to `POST pay`. */
export function readPayAnswer(answer: ProviderAnswer): PayReading {
  const refused = (message: string | null, unreached: boolean, lowWallet = false, refusal: BillRefusal | null = null): PayReading => ({
    result: { outcome: 'failed', message, unreached, refusal },
    lowWallet,
  });
  const unknown = (reason: string): PayReading => ({ result: { outcome: 'unknown', reason }, lowWallet: false });
  if (answer.kind === 'unreached') return refused(null, true);
  if (answer.kind === 'unknown') return unknown(answer.reason);
  if (answer.status >= 400) {
    // A 4xx is VTpass refusing the request as sent (bad key, bad body): it did nothing with it.
    const parsed = answerSchema.safeParse(answer.body);
    return refused(parsed.success ? describe(parsed.data) : null, false);
  }
  const parsed = answerSchema.safeParse(answer.body);
  if (!parsed.success) return unknown(`HTTP ${answer.status} with an answer of an unexpected shape`);
  const body = parsed.data;
  switch (body.code) {
    case VTPASS_CODE.ok:
      switch (stateOf(body)) {
        case 'successful':
          return { result: delivered(body), lowWallet: false };
        case 'failed':
          return refused(describe(body), false, false, body.content?.transactions?.status === 'reversed' ? 'reversed' : 'network_failed');
        case 'pending':
          return unknown(`VTpass says the transaction is ${body.content?.transactions?.status}`);
        default:
          return unknown('VTpass answered 000 without a transaction status we know');
      }
    case VTPASS_CODE.processing:
    case VTPASS_CODE.requestProcessing:
      return unknown(`VTpass is still processing it (${body.code})`);
    case VTPASS_CODE.requestIdUsed:
      return { result: 'requery', lowWallet: false };
    case VTPASS_CODE.lowWallet:
      return refused(describe(body), true, true);
    case VTPASS_CODE.billerUnreachable:
    case VTPASS_CODE.notProcessed:
      return refused(describe(body), true);
    default:
      return refused(describe(body) ?? `VTpass refused it (${body.code})`, false, false, refusalOfCode(body.code));
  }
}

/** The answer to `POST requery`: only a transaction's own status settles an order. */
export function readRequeryAnswer(answer: ProviderAnswer): VtpassStatusResult {
  if (answer.kind !== 'answer') return { outcome: 'pending', reason: answer.reason };
  if (answer.status >= 400) return { outcome: 'pending', reason: `status query answered HTTP ${answer.status}` };
  const parsed = answerSchema.safeParse(answer.body);
  if (!parsed.success) return { outcome: 'pending', reason: 'status query answered in an unexpected shape' };
  const body = parsed.data;
  const amountNaira = body.content?.transactions?.amount ?? body.amount ?? null;
  switch (body.code) {
    case VTPASS_CODE.ok:
      switch (stateOf(body)) {
        case 'successful':
          return { ...delivered(body), amountNaira };
        case 'failed':
          return {
            outcome: 'failed',
            message: describe(body),
            amountNaira,
            refusal: body.content?.transactions?.status === 'reversed' ? 'reversed' : 'network_failed',
          };
        case 'pending':
          return { outcome: 'pending', reason: `VTpass says the transaction is ${body.content?.transactions?.status}` };
        default:
          return { outcome: 'pending', reason: 'VTpass answered 000 without a transaction status we know' };
      }
    case VTPASS_CODE.requestIdUnknown:
      return { outcome: 'not_found' };
    case VTPASS_CODE.failed:
    case VTPASS_CODE.reversed:
      return { outcome: 'failed', message: describe(body), amountNaira, refusal: refusalOfCode(body.code) };
    default:
      // Any other code is about the query (credentials, a busy service), not the purchase: ask again.
      return { outcome: 'pending', reason: `status query answered ${body.code}${describe(body) ? `: ${describe(body)}` : ''}` };
  }
}

/** Plans are few; a list far longer than any real one is not trusted. */
const PLANS_MAX = 500;
const planSchema = z.looseObject({
  name: z.string().trim().min(1).max(200),
  variation_code: z.string().trim().min(1).max(100),
  variation_amount: nairaText,
});
/** VTpass spells it `varations`; the correct spelling is read too, should it ever be fixed. */
const plansAnswerSchema = z.looseObject({
  code: codeField.optional(),
  response_description: z.unknown().optional(),
  content: z.looseObject({
    varations: z.array(planSchema).max(PLANS_MAX).optional(),
    variations: z.array(planSchema).max(PLANS_MAX).optional(),
  }),
});

/** The plans of `GET service-variations`, or why they can't be read. */
export function readPlansAnswer(body: unknown): ProviderPlan[] | { problem: string } {
  const parsed = plansAnswerSchema.safeParse(body);
  if (!parsed.success) return { problem: 'answered in an unexpected shape' };
  if (parsed.data.code && parsed.data.code !== VTPASS_CODE.ok) return { problem: `answered ${parsed.data.code}` };
  const plans = parsed.data.content.varations ?? parsed.data.content.variations;
  if (!plans) return { problem: 'answered without content.varations' };
  return plans.map((plan) => ({ variationCode: plan.variation_code, name: plan.name, amountNaira: plan.variation_amount }));
}

const verifyAnswerSchema = z.looseObject({
  code: codeField,
  response_description: z.unknown().optional(),
  content: z
    .looseObject({
      Customer_Name: z.string().trim().max(200).nullish().catch(null),
      error: z.unknown().optional(),
      WrongBillersCode: z.unknown().optional(),
    })
    .nullish()
    .catch(null),
});

/** `POST merchant-verify`: a name, `null` for a number the biller doesn't know, or why it can't say. */
export function readVerifyAnswer(body: unknown): { customerName: string } | null | { problem: string } {
  const parsed = verifyAnswerSchema.safeParse(body);
  if (!parsed.success) return { problem: 'answered in an unexpected shape' };
  const { code, content } = parsed.data;
  if (code !== VTPASS_CODE.ok) return { problem: `answered ${code}` };
  if (!content || content.WrongBillersCode === true || (content.error !== undefined && content.error !== null && content.error !== ''))
    return null;
  const customerName = providerText(content.Customer_Name);
  return customerName ? { customerName } : null;
}

const balanceAnswerSchema = z.looseObject({
  code: codeField,
  contents: z.looseObject({
    balance: z.union([
      z
        .string()
        .trim()
        .regex(/^-?\d{1,12}(\.\d+)?$/),
      z.number().min(-1e12).max(1e12),
    ]),
  }),
});

/** `GET balance`: `{ code: 1, contents: { balance: 1234.5 } }` in naira, as kobo (a fraction of a kobo is dropped: never overstated). */
export function readBalanceAnswer(answer: ProviderAnswer): FloatBalance {
  if (answer.kind !== 'answer') return { outcome: 'unknown', reason: answer.reason };
  if (answer.status >= 400) return { outcome: 'unknown', reason: `balance answered HTTP ${answer.status}` };
  const parsed = balanceAnswerSchema.safeParse(answer.body);
  if (!parsed.success) return { outcome: 'unknown', reason: 'balance answered in an unexpected shape' };
  if (parsed.data.code !== '001') return { outcome: 'unknown', reason: `balance answered code ${parsed.data.code}` };
  const naira = new Decimal(String(parsed.data.contents.balance));
  return { outcome: 'known', availableKobo: naira.times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber() };
}
