/*
 * A transaction's receipt: what the customer shares or keeps as proof of a sale or a bill purchase.
 * The phone draws it as a PNG and the server writes it as a PDF, both from the one model built
 * here, so the two never disagree. Money is formatted from integer kobo (formatKobo) and decimal
 * strings (formatDecimal): no float arithmetic between the database and the page.
 */
import type { BillTransactionDetail } from '../bills';
import type { SaleDetail, SaleTimelineStatus } from '../sales';
import type { TransactionStatus } from './transactions';
import { maskAccountNumber } from './bank';
import { billServiceLabel, billSuccessText, type BillKind } from './bills';
import { formatPhone } from './phone';
import { capitalizeFirst } from './notifications';
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

const STATUS_TONE: Record<TransactionStatus, ReceiptTone> = { pending: 'pending', successful: 'successful', rejected: 'rejected' };

const timelineLabels: Record<SaleTimelineStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  paid: 'Paid',
  rejected: 'Rejected',
};

const billKindLabels: Record<BillKind, string> = {
  airtime: 'Airtime',
  data: 'Data',
  tv: 'TV subscription',
  electricity: 'Electricity',
};

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** `21 Nov 2026, 14:05` in the business time zone (docs/look.md's date format). */
export function formatReceiptTime(iso: string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso)).replace(' at ', ', ');
}

/** The signed gap between two kobo amounts, `-₦1,000.00` or `+₦250.50`. */
export const formatKoboDifference = (fromKobo: number, toKobo: number): string => {
  const difference = toKobo - fromKobo;
  return difference > 0 ? `+${formatKobo(difference)}` : formatKobo(difference);
};

const rows = (...candidates: (ReceiptRow | false | null | undefined)[]): ReceiptRow[] => candidates.filter((row): row is ReceiptRow => Boolean(row));
const row = (label: string, value: string | null | undefined): ReceiptRow | null => (value ? { label, value } : null);

const fileStemOf = (id: string) => `wise-receipt-${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toLowerCase()}`;

const footerOf = (timeZone: string, issuedAt: Date) => [receiptTexts.timeZone(timeZone), receiptTexts.issued(formatReceiptTime(issuedAt.toISOString(), timeZone))];

/**
 * A sale's receipt. Reads the sale's status, reason and payout fields as they come, so a new
 * rejection reason or payout state shows in its own words without a change here.
 */
export function saleReceipt(sale: SaleDetail, timeZone: string, issuedAt: Date): Receipt {
  const paidKobo = sale.paid_amount_kobo ?? null;
  const adjusted = paidKobo !== null && paidKobo !== sale.value_kobo;
  const paidLabel = sale.status === 'successful' ? saleAmountLabels.paid : saleAmountLabels.approved;
  const payoutFailed = Boolean(sale.payout_failure) && sale.status === 'pending';
  const account = sale.payout_account ?? sale.bank;
  const at = (iso: string) => formatReceiptTime(iso, timeZone);

  const notes: ReceiptNote[] = [];
  if (sale.rejection_reason) {
    notes.push({
      heading: 'Why it was rejected',
      lines: [sale.rejection_reason, ...(sale.rejection_message ? [`Message from our team: ${sale.rejection_message}`] : [])],
    });
  }
  if (sale.payout_failure) notes.push({ heading: payoutFailureTexts.label, lines: [sale.payout_failure.reason] });

  const crypto = sale.coin_amount && sale.crypto ? sale.crypto : null;
  const details = rows(
    { label: 'Type', value: crypto ? 'Crypto sale' : 'Gift card sale' },
    row('Card', sale.card?.name),
    row('Sub-category', sale.subcategory),
    crypto ? { label: 'Amount', value: `${sale.coin_amount} ${crypto.symbol}` } : { label: 'Card amount', value: formatCardAmount(sale.currency_amount, sale.currency) },
    crypto ? { label: 'Worth in US dollars', value: formatCardAmount(sale.currency_amount, 'USD') } : null,
    { label: 'Rate', value: formatRate(sale.exchange_rate, sale.currency) },
    row('Transaction ID', sale.transaction_id),
  );
  const amounts = rows(
    { label: saleAmountLabels.quoted, value: formatKobo(sale.value_kobo) },
    paidKobo !== null && { label: paidLabel, value: formatKobo(paidKobo) },
    adjusted && paidKobo !== null && { label: 'Difference from the quote', value: formatKoboDifference(sale.value_kobo, paidKobo) },
    adjusted && row(saleAmountLabels.reason, sale.amount_reason),
  );

  // Every step with its time; "Reviewed" is the decision, which the customer timeline folds into Paid or Rejected.
  const steps: { label: string; at: string }[] = sale.timeline.map((entry) => ({ label: timelineLabels[entry.status], at: entry.at }));
  if (sale.decided_at && !sale.timeline.some((entry) => entry.status === 'rejected')) steps.push({ label: 'Reviewed (approved)', at: sale.decided_at });
  steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (!steps.some((step) => step.label === timelineLabels.submitted)) steps.unshift({ label: timelineLabels.submitted, at: sale.transaction_date });

  return {
    title: sale.title,
    amountLabel: paidKobo !== null ? paidLabel : 'Value',
    amount: formatKobo(paidKobo ?? sale.value_kobo),
    status: payoutFailed ? { label: payoutFailureTexts.label, tone: 'rejected' } : { label: capitalizeFirst(sale.status), tone: STATUS_TONE[sale.status] },
    notes,
    sections: [
      { heading: 'Details', rows: details },
      { heading: 'Amount', rows: amounts },
      {
        heading: sale.status === 'successful' ? 'Paid to' : 'To be paid to',
        rows: [
          { label: 'Bank', value: account.bank_name },
          { label: 'Account number', value: maskAccountNumber(account.account_number) },
          { label: 'Account name', value: account.account_name },
        ],
      },
      { heading: 'References', rows: rows({ label: 'Transaction reference', value: sale.id }, row('Payout reference', sale.payout_reference)) },
      { heading: 'Timeline', rows: steps.map((step) => ({ label: step.label, value: at(step.at) })) },
    ],
    footer: footerOf(timeZone, issuedAt),
    fileStem: fileStemOf(sale.id),
  };
}

/** A bill purchase's receipt: what was bought, the naira it stands for and the gems that paid, the token. */
export function billReceipt(detail: BillTransactionDetail, timeZone: string, issuedAt: Date): Receipt {
  const { order } = detail;
  const at = (iso: string) => formatReceiptTime(iso, timeZone);
  // 1 gem pays for ₦1: the amount in kobo is exact integer arithmetic.
  const amountKobo = order.amount * 100;
  const customerLabel = order.kind === 'electricity' ? 'Meter number' : 'Smart card number';
  const notes: ReceiptNote[] = detail.status === 'rejected' && order.message ? [{ heading: 'Why it failed', lines: [order.message] }] : [];
  const settledLabel = order.status === 'successful' ? 'Completed' : order.status === 'failed' ? 'Failed' : 'Settled';
  return {
    title: detail.title,
    amountLabel: 'Amount',
    amount: formatKobo(amountKobo),
    status: { label: capitalizeFirst(detail.status), tone: STATUS_TONE[detail.status] },
    notes,
    sections: [
      {
        heading: 'Details',
        rows: rows(
          { label: 'Type', value: billKindLabels[order.kind] },
          { label: 'Service', value: billServiceLabel(order.kind, order.service) },
          row('Plan', order.plan_name),
          (order.kind === 'electricity' || order.kind === 'tv') && row(customerLabel, order.customer_id),
          { label: 'Phone', value: formatPhone(order.phone) },
          row('Token', order.token),
          row('Units purchased', order.units),
          order.status === 'successful' && { label: 'Outcome', value: billSuccessText[order.kind] },
        ),
      },
      {
        heading: 'Amount',
        rows: [
          { label: 'Amount', value: formatKobo(amountKobo) },
          { label: 'Paid with', value: `${order.amount.toLocaleString('en-NG')} Wise Gems` },
        ],
      },
      { heading: 'References', rows: rows({ label: 'Transaction reference', value: order.id }, row('Provider reference', detail.reference)) },
      {
        heading: 'Timeline',
        rows: rows(
          { label: 'Ordered', value: at(order.created_at) },
          detail.authorised_at ? { label: 'Authorised with PIN', value: at(detail.authorised_at) } : null,
          order.settled_at ? { label: settledLabel, value: at(order.settled_at) } : null,
        ),
      },
    ],
    footer: footerOf(timeZone, issuedAt),
    fileStem: fileStemOf(order.id),
  };
}

/** The receipt of any transaction detail (a sale or a bill order: told apart by `order`). */
export function transactionReceipt(detail: SaleDetail | BillTransactionDetail, timeZone: string, issuedAt: Date): Receipt {
  return 'order' in detail ? billReceipt(detail, timeZone, issuedAt) : saleReceipt(detail, timeZone, issuedAt);
}
