import type { SaleApprovalReasonCode } from '@wise/shared';
import { approveSaleBodySchema, rejectSaleBodySchema, reviewMessages, type ApproveSaleBody, type RejectSaleBody } from '@wise/shared/admin';

/*
 * What the approve and reject forms check before anything is sent (the server checks the same
 * with the same schemas): plain functions, so the rules are tested without a screen.
 */

/** The most kobo a naira figure typed by staff may be (a safe integer). */
const MAX_KOBO = Number.MAX_SAFE_INTEGER;

/** `"12,345.6"` → 1234560; null for anything that is not a positive naira amount with ≤ 2 decimals. */
export function nairaToKobo(text: string): number | null {
  const cleaned = text.replace(/[₦,\s]/g, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo) || kobo <= 0 || kobo > MAX_KOBO) return null;
  return kobo;
}

/** 1234560 → `"12345.60"`, the way the amount field starts. */
export function koboToNairaInput(kobo: number): string {
  const whole = Math.floor(kobo / 100);
  const rest = String(kobo % 100).padStart(2, '0');
  return `${whole}.${rest}`;
}

export interface ApproveFormValues {
  amount: string;
  /** Why the amount is lower than the quote (asked only then; above the quote it is "other"). */
  reason?: SaleApprovalReasonCode | '';
  note: string;
}

type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type ApproveCheck =
  | {
      ok: true;
      body: Omit<ApproveSaleBody, 'confirm_code'>;
      amountKobo: number;
      differs: boolean;
      /** Above the quote or the single-approval limit: a second approver (an admin) confirms before anything is paid. */
      needsSecondApproval: boolean;
    }
  | { ok: false; errors: FieldErrors<keyof ApproveFormValues> };

export const AMOUNT_INVALID = 'Enter the naira amount to pay, e.g. 45000 or 45000.50';

/**
 * The amount defaults to the quote (value_kobo) and is then left out of the body (the server uses
 * the quote). Lower needs a reason from the list (`other` with a note); higher is sent as `other`
 * and needs a note. Above the quote or `limitKobo` the approval waits for a second approver.
 */
export function checkApprove(values: ApproveFormValues, valueKobo: number, limitKobo?: number): ApproveCheck {
  const amountKobo = nairaToKobo(values.amount);
  if (amountKobo === null) return { ok: false, errors: { amount: AMOUNT_INVALID } };
  const differs = amountKobo !== valueKobo;
  const above = amountKobo > valueKobo;
  const note = values.note.trim();
  const reason = !differs ? undefined : above ? 'other' : values.reason || undefined;
  if (differs && !above && !reason) return { ok: false, errors: { reason: reviewMessages.reasonRequired } };
  if (above && !note) return { ok: false, errors: { note: reviewMessages.aboveQuoteNote } };
  if (reason === 'other' && !note) return { ok: false, errors: { note: reviewMessages.noteRequired } };
  const parsed = approveSaleBodySchema
    .omit({ confirm_code: true })
    .safeParse({ payout_amount_kobo: differs ? amountKobo : undefined, reason, note: note || undefined });
  if (!parsed.success) {
    const errors: FieldErrors<keyof ApproveFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'payout_amount_kobo' ? 'amount' : issue.path[0] === 'reason' ? 'reason' : 'note';
      errors[field] ??= issue.path[0] === 'payout_amount_kobo' ? AMOUNT_INVALID : issue.message;
    }
    return { ok: false, errors };
  }
  const needsSecondApproval = above || (limitKobo !== undefined && amountKobo > limitKobo);
  return { ok: true, body: parsed.data, amountKobo, differs, needsSecondApproval };
}

export interface RejectFormValues {
  reason: RejectSaleBody['reason'] | '';
  other_reason: string;
  message: string;
}

export type RejectCheck = { ok: true; body: RejectSaleBody } | { ok: false; errors: FieldErrors<keyof RejectFormValues> };

export const REASON_REQUIRED = 'Choose the reason the customer will read';

/** A reason from the list; "other" needs its words; the message is optional. */
export function checkReject(values: RejectFormValues): RejectCheck {
  if (!values.reason) return { ok: false, errors: { reason: REASON_REQUIRED } };
  const parsed = rejectSaleBodySchema.safeParse({
    reason: values.reason,
    other_reason: values.reason === 'other' ? values.other_reason : undefined,
    message: values.message,
  });
  if (!parsed.success) {
    const errors: FieldErrors<keyof RejectFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'reason' || field === 'other_reason' || field === 'message') errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, body: parsed.data };
}
