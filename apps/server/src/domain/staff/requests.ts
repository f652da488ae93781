import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { errorCodes } from '@wise/shared';
import {
  dutyErrorCodes,
  dutyMessages,
  FRESH_STAFF_HOURS,
  staffRequestKindLabels,
  type StaffRequest,
  type StaffRequestKind,
} from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staff, staffRequests } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import { recordStaffAction } from '../admin/audit';
import { DomainError, notFound } from '../errors';
import type { StaffConfirmationRequest } from './confirm';
import type { StaffPrincipal } from './principal';

/**
 * Staff requests (docs/separation-of-duties.md): the one mechanism by which a change that grants
 * power or moves money beyond one admin's reach waits for a second, different, enabled admin. The
 * asker's code is checked by the route; the confirming admin sends the request's id, the value they
 * were shown and their own code or passkey, and the change is applied in the confirmation's
 * transaction. The database refuses the change itself without that confirmed request
 * (0045_separation_of_duties.sql), so no other path can make it.
 */

export type StaffRequestRow = typeof staffRequests.$inferSelect;

export interface NewStaffRequest {
  kind: StaffRequestKind;
  targetId?: string;
  targetEmail?: string;
  /** What the confirming admin approves, exactly as shown to them. */
  value: string;
  /** Shown with it (names, the current value, a note). */
  details?: Record<string, unknown>;
}

const alreadyOpen = () => new DomainError(dutyErrorCodes.alreadyOpen, dutyMessages.alreadyOpen, 409);
const requestNotFound = () => notFound(dutyMessages.notFound);
const notPending = () => new DomainError(dutyErrorCodes.notPending, dutyMessages.notPending, 409);
export const requestChanged = () => new DomainError(dutyErrorCodes.changed, dutyMessages.changed, 409);

/**
 * Records the request inside the caller's transaction and audits it (`staff_request.open`). A
 * second ask for the same change while one waits is refused (the unique index decides under races).
 */
export async function openStaffRequest(
  tx: Db,
  clock: Clock,
  actor: StaffPrincipal,
  input: NewStaffRequest,
  ip?: string | null,
): Promise<StaffRequestRow> {
  const now = clock.now();
  const [row] = await tx
    .insert(staffRequests)
    .values({
      kind: input.kind,
      targetId: input.targetId ?? null,
      targetEmail: input.targetEmail ?? null,
      value: input.value,
      details: input.details ?? {},
      requestedBy: actor.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw alreadyOpen();
  await recordStaffAction(tx, clock, actor, {
    action: 'staff_request.open',
    targetType: 'staff_request',
    targetId: row.id,
    after: { kind: row.kind, target_id: row.targetId, target_email: row.targetEmail, value: row.value, details: row.details },
    ip,
  });
  return row;
}

/** A unique violation of the one-open-request index, read as the 409 it means. */
export function openRequestConflict(error: unknown): void {
  if (uniqueViolation(error) === 'staff_requests_one_open') throw alreadyOpen();
}

/** Refuses (403) a member whose sign-in was issued less than FRESH_STAFF_HOURS ago: the database holds the same rule. */
export async function assertSeasonedStaff(db: Db, staffId: string, at: Date): Promise<void> {
  const [row] = await db.select({ credentialsAt: staff.credentialsAt }).from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!row || row.credentialsAt.getTime() > at.getTime() - FRESH_STAFF_HOURS * 3_600_000) {
    throw new DomainError(dutyErrorCodes.freshStaff, dutyMessages.freshStaff, 403);
  }
}

function summaryOf(row: StaffRequestRow): string {
  const d = row.details;
  const text = (key: string) => (typeof d[key] === 'string' ? d[key] : '');
  switch (row.kind) {
    case 'staff_create':
      return `Add ${text('name')} <${row.value}> as an admin`;
    case 'staff_promote':
      return `Make ${text('name')} <${row.value}> an admin`;
    case 'staff_enable':
      return `Re-enable the admin ${text('name')} <${row.value}>`;
    case 'staff_reset':
      return `Reset the sign-in of ${text('name')} <${row.value}> and e-mail them an invitation`;
    case 'rate_change':
      return `${text('label')}: rate ${text('old_rate')} → ${row.value}`;
    case 'limit_raise':
      return `${text('customer')}: daily limit → ₦${(Number(row.value) / 100).toLocaleString('en-NG')}`;
  }
}

/** Requests as the back office shows them, with the names of who asked and who decided. */
export async function staffRequestViews(db: Db, rows: StaffRequestRow[]): Promise<StaffRequest[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.requestedBy, r.decidedBy]).filter((id): id is string => id !== null))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids))).map((s) => [s.id, s.name])
      : [],
  );
  const ref = (id: string) => ({ id, name: names.get(id) ?? '' });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    target_id: row.targetId,
    value: row.value,
    summary: `${staffRequestKindLabels[row.kind]}: ${summaryOf(row)}`,
    details: row.details,
    requested_by: ref(row.requestedBy),
    created_at: row.createdAt.toISOString(),
    status: row.status,
    decided_by: row.decidedBy ? ref(row.decidedBy) : null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
  }));
}

export const staffRequestView = async (db: Db, row: StaffRequestRow): Promise<StaffRequest> => {
  const [view] = await staffRequestViews(db, [row]);
  if (!view) throw new Error('a request view went missing');
  return view;
};

const LIST_MAX = 200;

/** Open requests oldest first; or the latest of every status. */
export async function listStaffRequests(db: Db, status: 'pending' | 'all'): Promise<StaffRequest[]> {
  const rows =
    status === 'pending'
      ? await db
          .select()
          .from(staffRequests)
          .where(eq(staffRequests.status, 'pending'))
          .orderBy(asc(staffRequests.createdAt), asc(staffRequests.id))
          .limit(LIST_MAX)
      : await db.select().from(staffRequests).orderBy(desc(staffRequests.createdAt), desc(staffRequests.id)).limit(LIST_MAX);
  return staffRequestViews(db, rows);
}

/** How each kind takes effect, inside the confirmation's transaction (the database checks it again). */
export type RequestApplier = (tx: Db, request: StaffRequestRow, confirmer: StaffPrincipal, now: Date) => Promise<void>;

export interface ConfirmRequestDeps {
  db: Db;
  clock: Clock;
  /** verifyStaffConfirmation: the confirming admin's own code or passkey (403 CONFIRMATION_INVALID). */
  confirm: (staffId: string, confirmation: StaffConfirmationRequest) => Promise<void>;
  appliers: Record<StaffRequestKind, RequestApplier>;
}

/** 403/409 unless `actor` may decide this request now; `value` (confirming) must be what it asks. */
async function assertDecidable(db: Db, actor: StaffPrincipal, row: StaffRequestRow, value: string | undefined, now: Date): Promise<void> {
  if (row.status !== 'pending') throw notPending();
  if (actor.role !== 'admin') throw new DomainError(errorCodes.forbidden, dutyMessages.adminOnly, 403);
  if (row.requestedBy === actor.id) throw new DomainError(dutyErrorCodes.ownRequest, dutyMessages.ownRequest, 403);
  if (value === undefined) return;
  if (row.value !== value) throw requestChanged();
  if (row.kind === 'limit_raise') await assertSeasonedStaff(db, actor.id, now);
}

async function lockRequest(tx: Db, id: string): Promise<StaffRequestRow> {
  const [row] = await tx.select().from(staffRequests).where(eq(staffRequests.id, id)).for('update');
  if (!row) throw requestNotFound();
  return row;
}

/**
 * A second admin confirms: the cheap refusals first (not found, decided, own request, another
 * value), then their code or passkey, then in ONE transaction the request is confirmed, named to the
 * database (wise.staff_request) and applied, and the confirmation audited.
 */
export async function confirmStaffRequest(
  deps: ConfirmRequestDeps,
  actor: StaffPrincipal,
  id: string,
  input: { value: string; confirmation: StaffConfirmationRequest },
  ip?: string | null,
): Promise<StaffRequest> {
  const { db, clock } = deps;
  const [first] = await db.select().from(staffRequests).where(eq(staffRequests.id, id)).limit(1);
  if (!first) throw requestNotFound();
  await assertDecidable(db, actor, first, input.value, clock.now());
  await deps.confirm(actor.id, input.confirmation);
  const row = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    const now = clock.now();
    await assertDecidable(tx, actor, request, input.value, now);
    const [confirmed] = await tx
      .update(staffRequests)
      .set({ status: 'confirmed', decidedBy: actor.id, decidedAt: now })
      .where(eq(staffRequests.id, id))
      .returning();
    if (!confirmed) throw requestNotFound();
    await tx.execute(sql`SELECT set_config('wise.staff_request', ${id}, true)`);
    await deps.appliers[request.kind](tx, confirmed, actor, now);
    await recordStaffAction(tx, clock, actor, {
      action: 'staff_request.confirm',
      targetType: 'staff_request',
      targetId: id,
      before: { status: 'pending', requested_by: request.requestedBy },
      after: { status: 'confirmed', kind: request.kind, value: request.value },
      ip,
    });
    const [applied] = await tx.select().from(staffRequests).where(eq(staffRequests.id, id));
    return applied ?? confirmed;
  });
  return staffRequestView(db, row);
}

/** Another admin declines; the asker withdraws their own (`cancelled`). Nothing changes; audited. */
export async function declineStaffRequest(
  db: Db,
  clock: Clock,
  actor: StaffPrincipal,
  id: string,
  note: string | undefined,
  ip?: string | null,
): Promise<StaffRequest> {
  const row = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (request.status !== 'pending') throw notPending();
    const own = request.requestedBy === actor.id;
    if (!own) await assertDecidable(tx, actor, request, undefined, clock.now());
    const [decided] = await tx
      .update(staffRequests)
      .set({ status: own ? 'cancelled' : 'declined', decidedBy: actor.id, decidedAt: clock.now(), decisionNote: note?.trim() || null })
      .where(and(eq(staffRequests.id, id), eq(staffRequests.status, 'pending')))
      .returning();
    if (!decided) throw notPending();
    await recordStaffAction(tx, clock, actor, {
      action: own ? 'staff_request.withdraw' : 'staff_request.decline',
      targetType: 'staff_request',
      targetId: id,
      before: { status: 'pending', kind: request.kind, value: request.value },
      after: { status: decided.status },
      note,
      ip,
    });
    return decided;
  });
  return staffRequestView(db, row);
}
