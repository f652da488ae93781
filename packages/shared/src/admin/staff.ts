import { z } from 'zod';
import { requiredString } from '../fields';
import { staffEmailField } from './auth';
import { staffRoles } from './common';
import { staffConfirmationFields } from './confirmation';
import { staffRequestSchema } from './duties';

/** Staff management by admins (docs/decisions.md §8): add, change role, disable, reset — each confirmed with a code. */

export const staffManagementMessages = {
  notFound: 'No such staff member.',
  emailTaken: 'A staff member with this e-mail already exists.',
  notYourself: 'You cannot do this to your own account. Ask another admin.',
  lastAdmin: 'This is the last active admin: make someone else an admin first.',
  nothingToChange: 'Choose a role or a status to change.',
  nameTooLong: 'Use at most 100 characters.',
} as const;

export const staffRoleLabels = { reviewer: 'Reviewer', admin: 'Admin' } as const satisfies Record<(typeof staffRoles)[number], string>;

export const adminStaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  /** The authenticator app is set up. */
  totp_enrolled: z.boolean(),
  must_change_password: z.boolean(),
  disabled: z.boolean(),
  /** Locked out after wrong passwords or codes until then (ISO), or null. */
  locked_until: z.string().nullable(),
  created_at: z.string(),
  /** The last request of any of their signed-in sessions still on record, or null. */
  last_active_at: z.string().nullable(),
});
export type AdminStaff = z.infer<typeof adminStaffSchema>;

export const staffListSchema = z.object({ items: z.array(adminStaffSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

export const staffCreateSchema = z.strictObject({
  email: staffEmailField,
  name: requiredString().max(100, staffManagementMessages.nameTooLong),
  role: z.enum(staffRoles),
  ...staffConfirmationFields,
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

/**
 * A reviewer is added at once and e-mailed an invitation; an admin waits for a second admin's
 * confirmation (`request`). No answer carries a password: the invitee chooses their own.
 */
export const staffCreatedSchema = z.object({ staff: adminStaffSchema.nullable(), request: staffRequestSchema.nullable() });
export type StaffCreated = z.infer<typeof staffCreatedSchema>;

export const staffUpdateSchema = z
  .strictObject({ role: z.enum(staffRoles).optional(), disabled: z.boolean().optional(), ...staffConfirmationFields })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: staffManagementMessages.nothingToChange, path: ['role'] });
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

/** `request`: the part of the change that waits for a second admin (promotion, an admin re-enabled, a reset). */
export const staffUpdatedSchema = z.object({ staff: adminStaffSchema, request: staffRequestSchema.nullable() });

export const staffResetSchema = z.strictObject({ ...staffConfirmationFields });
export type StaffResetInput = z.infer<typeof staffResetSchema>;

export const staffIdParamsSchema = z.object({ id: z.uuid() });
