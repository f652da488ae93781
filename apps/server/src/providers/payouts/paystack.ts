import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { errorCode } from '#server/lib/error-causes';
import { providerFetch } from '#server/lib/metrics';
import type { FloatBalance } from '../float';
import type {
  FetchResult,
  InitiateResult,
  ListTransfersResult,
  PayoutAccount,
  PayoutProvider,
  ProviderTransfer,
  RecipientResult,
  TransferRequest,
  TransferState,
  WebhookVerdict,
} from './types';

/**
 * Paystack Transfers (https://paystack.com/docs/transfers): a transfer recipient (`nuban`), then
 * a transfer from the balance with our own reference, then the `transfer.*` webhook or a query
 * by reference. Requests carry `Authorization: Bearer <secret key>`; the webhook's
 * `x-paystack-signature` is the HMAC-SHA512 of the raw body keyed with the same secret.
 *
 * Paystack refuses a second transfer with a reference it has seen, which is what makes a resend
 * safe. Every call has a time limit; a timeout, a dropped connection or a 5xx is `unknown`
 * (the transfer may exist), never `failed`.
 */

type Answer = { kind: 'answer'; status: number; body: unknown } | { kind: 'unknown'; reason: string };

/** Errors that mean the connection was never made, so Paystack cannot have seen the request. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const isTimeout = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

// On a line of its own, so the directive stays on the line before it however the code is wrapped.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]+/g;

/** Provider texts reach staff screens and logs: one line, no control characters, bounded. */
export function cleanText(value: unknown, limit = 300): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

const envelope = z.looseObject({
  status: z.boolean().optional(),
  message: z.unknown().optional(),
  code: z.unknown().optional(),
  data: z.unknown().optional(),
});

const transferData = z.looseObject({
  status: z.string(),
  reference: z.string().optional(),
  transfer_code: z.string().nullish(),
  amount: z.number().nullish(),
  currency: z.string().nullish(),
  gateway_response: z.unknown().optional(),
  failures: z.unknown().optional(),
});

const FAILED_STATUSES = new Set(['failed', 'reversed', 'abandoned', 'blocked', 'rejected']);

/** A Paystack transfer object → where it stands. `otp`, `queued`, `received`, `pending` are all "not final yet". */
export function toTransferState(data: z.infer<typeof transferData>): TransferState {
  const transferCode = cleanText(data.transfer_code ?? null, 100);
  const status = data.status.toLowerCase();
  if (status === 'success')
    return { status: 'success', transferCode, amountKobo: data.amount ?? null, currency: cleanText(data.currency ?? null, 10) };
  if (FAILED_STATUSES.has(status)) {
    const failures = data.failures && typeof data.failures === 'object' ? (data.failures as { reason?: unknown }).reason : undefined;
    const detail = cleanText(data.gateway_response) ?? cleanText(failures);
    const reason = status === 'reversed' ? 'The transfer was reversed by the bank' : 'The bank did not complete the transfer';
    return { status: 'failed', transferCode, reason: detail ? `${reason}: ${detail}` : `${reason} (Paystack: ${status})` };
  }
  if (status === 'otp') return { status: 'pending', transferCode, detail: OTP_DETAIL, awaitingOtp: true };
  return { status: 'pending', transferCode, detail: status };
}

export const OTP_DETAIL = 'Paystack is waiting for an OTP to approve the transfer: turn off OTP for transfers in the dashboard';

const balanceData = z.array(z.looseObject({ currency: z.string(), balance: z.number() }));

/** A listed transfer: the verify object's fields plus its creation time (Paystack writes `createdAt`, newer objects `created_at`). */
const listedTransfer = transferData.extend({ createdAt: z.string().nullish(), created_at: z.string().nullish() });
const listMeta = z.looseObject({ pageCount: z.coerce.number().int().nonnegative().optional(), page: z.coerce.number().int().optional() });

/** Paystack's largest page; the loop stops well before a runaway list could exhaust memory. */
const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 500;

function toProviderTransfer(data: z.infer<typeof listedTransfer>): ProviderTransfer {
  const created = data.createdAt ?? data.created_at ?? null;
  const createdAt = created ? new Date(created) : null;
  return {
    reference: data.reference ? cleanText(data.reference, 100) : null,
    transferCode: cleanText(data.transfer_code ?? null, 100),
    amountKobo: data.amount ?? null,
    currency: cleanText(data.currency ?? null, 10),
    providerStatus: cleanText(data.status, 30) ?? 'unknown',
    state: toTransferState(data),
    createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
  };
}

export interface PaystackPayoutOptions {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export class PaystackPayouts implements PayoutProvider {
  readonly name = 'paystack' as const;
  constructor(private readonly options: PaystackPayoutOptions) {}

  private async call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer> {
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/${path}`);
    // The limit covers the whole exchange, the body included.
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await providerFetch('paystack_transfers', url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        // A redirect is not part of the API; following one could send the key elsewhere.
        redirect: 'error',
        signal,
      });
    } catch (error) {
      if (isTimeout(error)) return { kind: 'unknown', reason: `no answer within ${this.options.timeoutMs} ms` };
      const code = errorCode(error);
      if (code && NEVER_SENT.has(code)) return { kind: 'answer', status: 0, body: { message: `unreachable (${code})` } };
      return { kind: 'unknown', reason: code ?? (error instanceof Error ? error.message : 'request failed') };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return { kind: 'unknown', reason: isTimeout(error) ? `no answer within ${this.options.timeoutMs} ms` : 'the answer was cut off' };
    }
    if (response.status >= 500 || response.status === 408 || response.status === 429)
      return { kind: 'unknown', reason: `HTTP ${response.status}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      if (response.ok) return { kind: 'unknown', reason: `HTTP ${response.status} with a body that is not JSON` };
      parsed = undefined;
    }
    return { kind: 'answer', status: response.status, body: parsed };
  }

  async createRecipient(account: PayoutAccount): Promise<RecipientResult> {
    const answer = await this.call('POST', 'transferrecipient', {
      type: 'nuban',
      name: account.accountName,
      account_number: account.accountNumber,
      bank_code: account.bankCode,
      currency: 'NGN',
    });
    if (answer.kind === 'unknown') return { outcome: 'unknown', reason: answer.reason };
    const body = envelope.safeParse(answer.body);
    const message = body.success ? cleanText(body.data.message) : null;
    if (answer.status === 0) return { outcome: 'unknown', reason: message ?? 'unreachable' };
    // A bad key is our configuration, not the customer's account: keep asking (and logging).
    if (answer.status === 401 || answer.status === 403)
      return { outcome: 'unknown', reason: `Paystack refused the key (HTTP ${answer.status})` };
    if (answer.status >= 400 || !body.success || body.data.status !== true) {
      return { outcome: 'refused', message: message ?? `Paystack refused the account (HTTP ${answer.status})` };
    }
    const data = z.looseObject({ recipient_code: z.string().min(1).max(100) }).safeParse(body.data.data);
    if (!data.success) return { outcome: 'unknown', reason: 'Paystack answered the recipient in an unexpected shape' };
    return { outcome: 'created', recipientCode: data.data.recipient_code };
  }

  async initiateTransfer(request: TransferRequest): Promise<InitiateResult> {
    const answer = await this.call('POST', 'transfer', {
      source: 'balance',
      amount: request.amountKobo,
      currency: 'NGN',
      recipient: request.recipientCode,
      reference: request.reference,
      reason: request.reason,
    });
    if (answer.kind === 'unknown') return { outcome: 'unknown', reason: answer.reason };
    const body = envelope.safeParse(answer.body);
    const message = body.success ? cleanText(body.data.message) : null;
    // Never reached Paystack: nothing happened, but a resend later is still the safe move.
    if (answer.status === 0) return { outcome: 'unknown', reason: message ?? 'unreachable' };
    if (answer.status === 401 || answer.status === 403)
      return { outcome: 'unknown', reason: `Paystack refused the key (HTTP ${answer.status})` };
    if (answer.status >= 400 || !body.success || body.data.status !== true) {
      const code = body.success ? cleanText(body.data.code) : null;
      if (/duplicate|already/i.test(`${code ?? ''} ${message ?? ''}`) && /reference/i.test(`${code ?? ''} ${message ?? ''}`))
        return { outcome: 'duplicate' };
      return { outcome: 'refused', message: message ?? `Paystack refused the transfer (HTTP ${answer.status})` };
    }
    const data = transferData.safeParse(body.data.data);
    if (!data.success) return { outcome: 'unknown', reason: 'Paystack answered the transfer in an unexpected shape' };
    return { outcome: 'accepted', state: toTransferState(data.data) };
  }

  async fetchTransfer(reference: string): Promise<FetchResult> {
    const answer = await this.call('GET', `transfer/verify/${encodeURIComponent(reference)}`);
    if (answer.kind === 'unknown') return { outcome: 'unknown', reason: answer.reason };
    const body = envelope.safeParse(answer.body);
    const message = body.success ? cleanText(body.data.message) : null;
    if (answer.status === 404 || ((answer.status === 400 || answer.status === 422) && /not found/i.test(message ?? '')))
      return { outcome: 'not_found' };
    if (answer.status !== 200 || !body.success || body.data.status !== true) {
      return { outcome: 'unknown', reason: `status query answered HTTP ${answer.status}${message ? `: ${message}` : ''}` };
    }
    const data = transferData.safeParse(body.data.data);
    if (!data.success) return { outcome: 'unknown', reason: 'Paystack answered the status query in an unexpected shape' };
    if (data.data.reference !== undefined && data.data.reference !== reference)
      return { outcome: 'unknown', reason: 'Paystack answered about another reference' };
    return { outcome: 'found', state: toTransferState(data.data) };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookVerdict {
    return verifyPaystackWebhook(this.options.secretKey, rawBody, signature);
  }

  /** `GET /balance`: one entry per currency, in kobo; ours is the NGN one. */
  async balance(): Promise<FloatBalance> {
    const answer = await this.call('GET', 'balance');
    if (answer.kind === 'unknown') return { outcome: 'unknown', reason: answer.reason };
    const body = envelope.safeParse(answer.body);
    if (answer.status !== 200 || !body.success || body.data.status !== true) {
      const message = body.success ? cleanText(body.data.message) : null;
      return { outcome: 'unknown', reason: `balance answered HTTP ${answer.status}${message ? `: ${message}` : ''}` };
    }
    const data = balanceData.safeParse(body.data.data);
    if (!data.success) return { outcome: 'unknown', reason: 'Paystack answered the balance in an unexpected shape' };
    const ngn = data.data.find((entry) => entry.currency.toUpperCase() === 'NGN');
    if (!ngn || !Number.isSafeInteger(ngn.balance)) return { outcome: 'unknown', reason: 'Paystack listed no NGN balance' };
    return { outcome: 'known', availableKobo: ngn.balance };
  }

  /** `GET /transfer?from&to&perPage&page`, page after page until `meta.pageCount` (or an empty page). */
  async listTransfers(from: Date, to: Date): Promise<ListTransfersResult> {
    const transfers: ProviderTransfer[] = [];
    for (let page = 1; page <= LIST_MAX_PAGES; page += 1) {
      const query = new URLSearchParams({
        from: from.toISOString(),
        to: to.toISOString(),
        perPage: String(LIST_PAGE_SIZE),
        page: String(page),
      });
      const answer = await this.call('GET', `transfer?${query.toString()}`);
      if (answer.kind === 'unknown') return { outcome: 'unknown', reason: `page ${page}: ${answer.reason}` };
      const body = envelope.extend({ meta: z.unknown().optional() }).safeParse(answer.body);
      if (answer.status !== 200 || !body.success || body.data.status !== true) {
        return { outcome: 'unknown', reason: `page ${page} answered HTTP ${answer.status}` };
      }
      const items = z.array(listedTransfer).safeParse(body.data.data);
      if (!items.success) return { outcome: 'unknown', reason: `page ${page} answered in an unexpected shape` };
      for (const item of items.data) {
        const transfer = toProviderTransfer(item);
        // Paystack's range is by creation time; an item outside it (a wider range than asked) is not this day's.
        if (transfer.createdAt && (transfer.createdAt < from || transfer.createdAt >= to)) continue;
        transfers.push(transfer);
      }
      const meta = listMeta.safeParse(body.data.meta);
      const pageCount = meta.success ? meta.data.pageCount : undefined;
      if (items.data.length === 0 || (pageCount !== undefined ? page >= pageCount : items.data.length < LIST_PAGE_SIZE)) {
        return { outcome: 'listed', transfers };
      }
    }
    return { outcome: 'unknown', reason: `more than ${LIST_MAX_PAGES} pages of transfers` };
  }
}

const webhookBody = z.looseObject({ event: z.string(), data: z.unknown() });
const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

/** The signature Paystack sends: hex HMAC-SHA512 of the exact body bytes with the secret key. */
export const paystackSignature = (secretKey: string, rawBody: Buffer | string) =>
  createHmac('sha512', secretKey).update(rawBody).digest('hex');

export function verifyPaystackWebhook(secretKey: string, rawBody: Buffer, signature: string | undefined): WebhookVerdict {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return { kind: 'invalid' };
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'invalid' };
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return { kind: 'ignored', event: 'unreadable' };
  }
  const body = webhookBody.safeParse(json);
  if (!body.success) return { kind: 'ignored', event: 'unreadable' };
  if (!TRANSFER_EVENTS.has(body.data.event)) return { kind: 'ignored', event: cleanText(body.data.event, 60) ?? 'unknown' };
  const data = transferData.safeParse(body.data.data);
  if (!data.success || !data.data.reference) return { kind: 'ignored', event: body.data.event };
  const event = body.data.event as 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
  let state = toTransferState(data.data);
  // The event names the outcome even if the object's status lags behind it.
  if (event === 'transfer.success' && state.status !== 'success')
    state = {
      status: 'success',
      transferCode: state.transferCode,
      amountKobo: data.data.amount ?? null,
      currency: cleanText(data.data.currency ?? null, 10),
    };
  if (event !== 'transfer.success' && state.status !== 'failed') {
    state = {
      status: 'failed',
      transferCode: state.transferCode,
      reason: event === 'transfer.reversed' ? 'The transfer was reversed by the bank' : 'The bank did not complete the transfer',
    };
  }
  return { kind: 'transfer', event: { event, reference: data.data.reference, state } };
}
