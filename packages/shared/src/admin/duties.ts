import { z } from 'zod';
import { plainText } from '../fields';
import { staffPasswordField } from './auth';
import { staffRoles } from './common';
import { staffConfirmationFields } from './confirmation';

/**
 * Separation of duties (docs/separation-of-duties.md): what grants power or moves money beyond one
 * admin's reach waits in a staff request until a different admin confirms it with their own code
 * or passkey, naming the request and the value they were shown.
 */

export const staffRequestKinds = ['staff_create', 'staff_promote', 'staff_enable', 'staff_reset', 'rate_change', 'limit_raise'] as const;
export type StaffRequestKind = (typeof staffRequestKinds)[number];
export const staffRequestStatuses = ['pending', 'confirmed', 'declined', 'cancelled'] as const;
export type StaffRequestStatus = (typeof staffRequestStatuses)[number];

/** A new member's invitation link works this long (and once). */
export const STAFF_INVITATION_HOURS = 72;
/** A member created, promoted, re-enabled or reset this recently gives no second approval and raises no limit. */
export const FRESH_STAFF_HOURS = 24;

export const staffRequestKindLabels = {
  staff_create: 'Add an admin',
  staff_promote: 'Make admin',
  staff_enable: 'Re-enable an admin',
  staff_reset: 'Reset sign-in',
  rate_change: 'Rate change',
  limit_raise: 'Limit raise',
} as const satisfies Record<StaffRequestKind, string>;

export const dutyMessages = {
  waiting: 'Saved as a request: another admin confirms it before it takes effect.',
  notFound: 'No such request.',
  notPending: 'This request was already decided.',
  ownRequest: 'You asked for this: another admin confirms or declines it. You can withdraw it.',
  adminOnly: 'Only an admin can confirm or decline a request.',
  changed: 'This request changed since you opened it. Look at it again before you confirm.',
  alreadyOpen: 'The same change already waits for a second admin.',
  freshStaff: 'Your sign-in was set up less than 24 hours ago: another admin must confirm this.',
  invitationInvalid: 'This invitation link is not valid any more. Ask an admin to send a new one.',
  invitationSent: 'An invitation link was e-mailed to them.',
  rateConfirmRequired: 'Enter your authenticator code to change a rate.',
  lastAdminHint: 'With only one admin, add the second one on the server: npm run admin:create.',
  valueRequired: 'Send the value you were shown',
} as const;

export const dutyErrorCodes = {
  /** The request is not open any more (409). */
  notPending: 'STAFF_REQUEST_DECIDED',
  /** The asker tries to confirm or decline their own request (403). */
  ownRequest: 'STAFF_REQUEST_OWN',
  /** The id or value sent is not the request's as it stands (409). */
  changed: 'REQUEST_CHANGED',
  /** The same change already waits (409). */
  alreadyOpen: 'STAFF_REQUEST_OPEN',
  /** A member whose sign-in is under a day old tries a second approval or a limit raise (403). */
  freshStaff: 'STAFF_TOO_NEW',
  /** The invitation link is unknown, used or expired (410). */
  invitationInvalid: 'INVITATION_INVALID',
} as const;

const staffRefSchema = z.object({ id: z.string(), name: z.string() });

export const staffRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(staffRequestKinds),
  /** The staff member, sub-category or customer concerned (null for a new admin). */
  target_id: z.string().nullable(),
  /** What it changes to, as the confirming admin approves it: an e-mail, a rate, a daily limit in kobo. */
  value: z.string(),
  /** A line for the screen: who or what, from what to what. */
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  requested_by: staffRefSchema,
  created_at: z.string(),
  status: z.enum(staffRequestStatuses),
  decided_by: staffRefSchema.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type StaffRequest = z.infer<typeof staffRequestSchema>;

export const staffRequestListSchema = z.object({ items: z.array(staffRequestSchema) });
export const staffRequestResponseSchema = z.object({ request: staffRequestSchema });
export const staffRequestParamsSchema = z.object({ id: z.uuid({ error: dutyMessages.notFound }) });
export const staffRequestListQuerySchema = z.object({ status: z.enum(['pending', 'all']).default('pending') });

/** POST /api/admin/requests/:id/confirm: the value the admin was shown, and their own code or passkey. */
export const confirmStaffRequestSchema = z.strictObject({
  value: plainText(z.string({ error: dutyMessages.valueRequired }).min(1, dutyMessages.valueRequired).max(320)),
  ...staffConfirmationFields,
});
export type ConfirmStaffRequestInput = z.infer<typeof confirmStaffRequestSchema>;

/** POST /api/admin/requests/:id/decline: another admin declines; the asker withdraws. */
export const declineStaffRequestSchema = z.strictObject({ note: plainText(z.string().trim().max(500)).optional() });

/** POST /api/admin/auth/invitation/check: whose invitation the link is, before they choose a password. */
export const staffInvitationTokenSchema = z.strictObject({ token: plainText(z.string().min(16).max(200)) });
export const staffInvitationInfoSchema = z.object({ email: z.string(), name: z.string(), role: z.enum(staffRoles) });
export type StaffInvitationInfo = z.infer<typeof staffInvitationInfoSchema>;

/** POST /api/admin/auth/invitation: the invitee's own password; the authenticator is set up next. */
export const staffInvitationAcceptSchema = z.strictObject({ token: plainText(z.string().min(16).max(200)), password: staffPasswordField });
export type StaffInvitationAcceptInput = z.infer<typeof staffInvitationAcceptSchema>;
