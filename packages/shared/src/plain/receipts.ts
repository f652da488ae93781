/*
 * A transaction's receipt: what the customer shares or keeps as proof of a sale or a bill purchase.
 * The phone draws it as a PNG and the server writes it as a PDF, both from the one model built
 * here, so the two never disagree. Money is formatted from integer kobo (formatKobo) and decimal
 * strings (formatDecimal): no float arithmetic between the database and the page.
 */
import type { BillTransactionDetail } from '../bills';
import { defaultLanguage, textsIn, translateText, type Language } from '../i18n/index';
import type { SaleDetail, SaleTimelineStatus } from '../sales';
import type { TransactionStatus } from './transactions';
import { maskAccountNumber } from './bank';
import { billServiceLabel, billSuccessText, type BillKind } from './bills';
import { formatPhone } from './phone';
import { payoutFailureTexts } from './payouts';
import { formatCardAmount, formatKobo, formatRate, saleAmountLabels } from './sales';

export type ReceiptTone = 'successful' | 'pending' | 'rejected';

export interface ReceiptRow {
  label: string;
  value: string;
}

export interface ReceiptSection {
  heading: string;
  rows: ReceiptRow[];
}

/** Something the customer must read before the figures: why it was rejected, why the payout failed. */
export interface ReceiptNote {
  heading: string;
  lines: string[];
}

export interface Receipt {
  /** What was sold or bought: the transaction's title. */
  title: string;
  /** The headline figure and what it is. */
  amountLabel: string;
  amount: string;
  status: { label: string; tone: ReceiptTone };
  notes: ReceiptNote[];
  sections: ReceiptSection[];
  /** Small print under the sections: the zone the times are in, when the receipt was made. */
  footer: string[];
  /** A file name without its extension: `wise-receipt-1a2b3c4d`. */
  fileStem: string;
}

export const receiptTexts = {
  heading: 'Transaction receipt',
  brand: 'Wise',
  shareImage: 'Share receipt',
  saveImage: 'Save receipt',
  downloadPdf: 'Download PDF',
  preparing: 'Preparing…',
  imageFailed: 'Could not make the receipt image. Try again, or download the PDF.',
  shareTitle: (title: string) => `Wise receipt · ${title}`,
  timeZone: (zone: string) => `Times are in ${zone}.`,
  issued: (when: string) => `Issued ${when}.`,
} as const;

/** The receipt's own labels (the PNG on the phone can draw them in the customer's language). */
export const receiptLabels = {
  whyRejected: 'Why it was rejected',
  messageFromTeam: (message: string) => `Message from our team: ${message}`,
  type: 'Type',
  cryptoSale: 'Crypto sale',
  giftCardSale: 'Gift card sale',
  card: 'Card',
  subcategory: 'Sub-category',
  amount: 'Amount',
  cardAmount: 'Card amount',
  worthInDollars: 'Worth in US dollars',
  rate: 'Rate',
  transactionId: 'Transaction ID',
  difference: 'Difference from the quote',
  reviewedApproved: 'Reviewed (approved)',
  value: 'Value',
  details: 'Details',
  paidTo: 'Paid to',
  toBePaidTo: 'To be paid to',
  bank: 'Bank',
  accountNumber: 'Account number',
  accountName: 'Account name',
  references: 'References',
  transactionReference: 'Transaction reference',
  payoutReference: 'Payout reference',
  timeline: 'Timeline',
  statuses: { pending: 'Pending', successful: 'Successful', rejected: 'Rejected' } satisfies Record<TransactionStatus, string>,
  steps: { submitted: 'Submitted', under_review: 'Under review', paid: 'Paid', rejected: 'Rejected' } satisfies Record<
    SaleTimelineStatus,
    string
  >,
  billKinds: { airtime: 'Airtime', data: 'Data', tv: 'TV subscription', electricity: 'Electricity' } satisfies Record<BillKind, string>,
  meterNumber: 'Meter number',
  smartCardNumber: 'Smart card number',
  whyFailed: 'Why it failed',
  completed: 'Completed',
  failed: 'Failed',
  settled: 'Settled',
  service: 'Service',
  plan: 'Plan',
  phone: 'Phone',
  token: 'Token',
  units: 'Units purchased',
  outcome: 'Outcome',
  paidWith: 'Paid with',
  gems: (amount: string) => `${amount} Wise Gems`,
  providerReference: 'Provider reference',
  ordered: 'Ordered',
  authorised: 'Authorised with PIN',
} as const;

const STATUS_TONE: Record<TransactionStatus, ReceiptTone> = { pending: 'pending', successful: 'successful', rejected: 'rejected' };

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** `21 Nov 2026, 14:05` in the business time zone (docs/look.md's date format). */
export function formatReceiptTime(iso: string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso)).replace(' at ', ', ');
}

/** The signed gap between two kobo amounts, `-₦1,000.00` or `+₦250.50`. */
export const formatKoboDifference = (fromKobo: number, toKobo: number): string => {
  const difference = toKobo - fromKobo;
  return difference > 0 ? `+${formatKobo(difference)}` : formatKobo(difference);
};

const rows = (...candidates: (ReceiptRow | false | null | undefined)[]): ReceiptRow[] =>
  candidates.filter((row): row is ReceiptRow => Boolean(row));
const row = (label: string, value: string | null | undefined): ReceiptRow | null => (value ? { label, value } : null);

const fileStemOf = (id: string) =>
  `wise-receipt-${id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toLowerCase()}`;

const footerOf = (timeZone: string, issuedAt: Date, texts: typeof receiptTexts) => [
  texts.timeZone(timeZone),
  texts.issued(formatReceiptTime(issuedAt.toISOString(), timeZone)),
];

/**
 * A sale's receipt. Reads the sale's status, reason and payout fields as they come, so a new
 * rejection reason or payout state shows in its own words without a change here. In another
 * `language`, the labels are that language's and the reasons too when its catalogue knows them.
 */
export function saleReceipt(sale: SaleDetail, timeZone: string, issuedAt: Date, language: Language = defaultLanguage): Receipt {
  const l = textsIn(receiptLabels, language);
  const amountLabels = textsIn(saleAmountLabels, language);
  const payout = textsIn(payoutFailureTexts, language);
  const say = (text: string) => translateText(text, language);
  const paidKobo = sale.paid_amount_kobo ?? null;
  const adjusted = paidKobo !== null && paidKobo !== sale.value_kobo;
  const paidLabel = sale.status === 'successful' ? amountLabels.paid : amountLabels.approved;
  const payoutFailed = Boolean(sale.payout_failure) && sale.status === 'pending';
  const account = sale.payout_account ?? sale.bank;
  const at = (iso: string) => formatReceiptTime(iso, timeZone);

  const notes: ReceiptNote[] = [];
  if (sale.rejection_reason) {
    notes.push({
      heading: l.whyRejected,
      lines: [say(sale.rejection_reason), ...(sale.rejection_message ? [l.messageFromTeam(sale.rejection_message)] : [])],
    });
  }
  if (sale.payout_failure) notes.push({ heading: payout.label, lines: [say(sale.payout_failure.reason)] });

  const crypto = sale.coin_amount && sale.crypto ? sale.crypto : null;
  const details = rows(
    { label: l.type, value: crypto ? l.cryptoSale : l.giftCardSale },
    row(l.card, sale.card?.name),
    row(l.subcategory, sale.subcategory),
    crypto
      ? { label: l.amount, value: `${sale.coin_amount} ${crypto.symbol}` }
      : { label: l.cardAmount, value: formatCardAmount(sale.currency_amount, sale.currency) },
    crypto ? { label: l.worthInDollars, value: formatCardAmount(sale.currency_amount, 'USD') } : null,
    { label: l.rate, value: formatRate(sale.exchange_rate, sale.currency) },
    row(l.transactionId, sale.transaction_id),
  );
  const amounts = rows(
    { label: amountLabels.quoted, value: formatKobo(sale.value_kobo) },
    paidKobo !== null && { label: paidLabel, value: formatKobo(paidKobo) },
    adjusted && paidKobo !== null && { label: l.difference, value: formatKoboDifference(sale.value_kobo, paidKobo) },
    adjusted && row(amountLabels.reason, sale.amount_reason && say(sale.amount_reason)),
  );

  // Every step with its time; "Reviewed" is the decision, which the customer timeline folds into Paid or Rejected.
  const steps: { label: string; at: string }[] = sale.timeline.map((entry) => ({ label: l.steps[entry.status], at: entry.at }));
  if (sale.decided_at && !sale.timeline.some((entry) => entry.status === 'rejected'))
    steps.push({ label: l.reviewedApproved, at: sale.decided_at });
  steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (!steps.some((step) => step.label === l.steps.submitted)) steps.unshift({ label: l.steps.submitted, at: sale.transaction_date });

  return {
    title: sale.title,
    amountLabel: paidKobo !== null ? paidLabel : l.value,
    amount: formatKobo(paidKobo ?? sale.value_kobo),
    status: payoutFailed ? { label: payout.label, tone: 'rejected' } : { label: l.statuses[sale.status], tone: STATUS_TONE[sale.status] },
    notes,
    sections: [
      { heading: l.details, rows: details },
      { heading: l.amount, rows: amounts },
      // A rejected sale is never paid: it names no account "to be paid to".
      ...(sale.status === 'rejected'
        ? []
        : [
            {
              heading: sale.status === 'successful' ? l.paidTo : l.toBePaidTo,
              rows: [
                { label: l.bank, value: account.bank_name },
                { label: l.accountNumber, value: maskAccountNumber(account.account_number) },
                { label: l.accountName, value: account.account_name },
              ],
            },
          ]),
      {
        heading: l.references,
        rows: rows({ label: l.transactionReference, value: sale.id }, row(l.payoutReference, sale.payout_reference)),
      },
      { heading: l.timeline, rows: steps.map((step) => ({ label: step.label, value: at(step.at) })) },
    ],
    footer: footerOf(timeZone, issuedAt, textsIn(receiptTexts, language)),
    fileStem: fileStemOf(sale.id),
  };
}

/** A bill purchase's receipt: what was bought, the naira it stands for and the gems that paid, the token. */
export function billReceipt(
  detail: BillTransactionDetail,
  timeZone: string,
  issuedAt: Date,
  language: Language = defaultLanguage,
): Receipt {
  const l = textsIn(receiptLabels, language);
  const { order } = detail;
  const at = (iso: string) => formatReceiptTime(iso, timeZone);
  // 1 gem pays for ₦1: the amount in kobo is exact integer arithmetic.
  const amountKobo = order.amount * 100;
  const customerLabel = order.kind === 'electricity' ? l.meterNumber : l.smartCardNumber;
  const notes: ReceiptNote[] =
    detail.status === 'rejected' && order.message ? [{ heading: l.whyFailed, lines: [translateText(order.message, language)] }] : [];
  const settledLabel = order.status === 'successful' ? l.completed : order.status === 'failed' ? l.failed : l.settled;
  return {
    title: detail.title,
    amountLabel: l.amount,
    amount: formatKobo(amountKobo),
    status: { label: l.statuses[detail.status], tone: STATUS_TONE[detail.status] },
    notes,
    sections: [
      {
        heading: l.details,
        rows: rows(
          { label: l.type, value: l.billKinds[order.kind] },
          { label: l.service, value: billServiceLabel(order.kind, order.service) },
          row(l.plan, order.plan_name),
          (order.kind === 'electricity' || order.kind === 'tv') && row(customerLabel, order.customer_id),
          { label: l.phone, value: formatPhone(order.phone) },
          row(l.token, order.token),
          row(l.units, order.units),
          order.status === 'successful' && { label: l.outcome, value: textsIn(billSuccessText, language)[order.kind] },
        ),
      },
      {
        heading: l.amount,
        rows: [
          { label: l.amount, value: formatKobo(amountKobo) },
          { label: l.paidWith, value: l.gems(order.amount.toLocaleString('en-NG')) },
        ],
      },
      { heading: l.references, rows: rows({ label: l.transactionReference, value: order.id }, row(l.providerReference, detail.reference)) },
      {
        heading: l.timeline,
        rows: rows(
          { label: l.ordered, value: at(order.created_at) },
          detail.authorised_at ? { label: l.authorised, value: at(detail.authorised_at) } : null,
          order.settled_at ? { label: settledLabel, value: at(order.settled_at) } : null,
        ),
      },
    ],
    footer: footerOf(timeZone, issuedAt, textsIn(receiptTexts, language)),
    fileStem: fileStemOf(order.id),
  };
}

/** The receipt of any transaction detail (a sale or a bill order: told apart by `order`). */
export function transactionReceipt(
  detail: SaleDetail | BillTransactionDetail,
  timeZone: string,
  issuedAt: Date,
  language: Language = defaultLanguage,
): Receipt {
  return 'order' in detail ? billReceipt(detail, timeZone, issuedAt, language) : saleReceipt(detail, timeZone, issuedAt, language);
}
