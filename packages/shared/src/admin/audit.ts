import { z } from 'zod';
import { plainText } from '../fields';
import { cursorQuerySchema, pageSchema } from './common';

/** Back office: the audit log of every staff action, newest first (admins). Helper: customers. */

const optionalText = (max: number) =>
  z.preprocess((value) => (value === '' ? undefined : value), plainText(z.string().trim().max(max)).optional());
const optionalInstant = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.iso.datetime({ offset: true, message: 'Use an ISO date and time, e.g. 2026-11-22T00:00:00Z' }).optional(),
);

/**
 * GET /api/admin/audit. `q` finds text in the action, the target (type or id) and the actor's
 * e-mail; `from` is inclusive and `to` exclusive.
 */
export const auditQuerySchema = cursorQuerySchema.extend({
  q: optionalText(100),
  staff_id: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()),
  action: optionalText(60),
  target_type: optionalText(40),
  target_id: optionalText(100),
  from: optionalInstant,
  to: optionalInstant,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  /** bigint identity, as a string so it never loses precision. */
  id: z.string(),
  at: z.string(),
  /** null for the command line (admin:create). */
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Who it was at the time (the e-mail, or 'cli'). */
  actor: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
