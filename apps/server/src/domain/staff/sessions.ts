import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { staff, staffSessions } from '#server/db/schema/admin';
import type { Clock } from '#server/lib/clock';
import { randomToken, sha256 } from '#server/lib/secrets';
import type { StaffPrincipal } from './principal';

/** However busy, a staff session ends this long after it started: a new day means a new login. */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Between the password and the second factor: long enough to open an authenticator app and scan a QR code. */
export const STAFF_PASSWORD_STAGE_MS = 10 * 60 * 1000;
/** Requests closer together than this don't rewrite the session row: the idle timeout doesn't need that precision. */
const TOUCH_EVERY_MS = 10_000;

export type StaffSessionStage = 'password' | 'verified';

export interface StaffSessionSettings {
  idleMs: number;
}

export interface FoundStaffSession {
  sessionHash: string;
  stage: StaffSessionStage;
  staff: StaffPrincipal;
  mustChangePassword: boolean;
  totpEnrolled: boolean;
}

/** Starts a session at a stage and returns the cookie value; only its hash is stored. */
export async function createStaffSession(
  db: Db,
  clock: Clock,
  settings: StaffSessionSettings,
  staffId: string,
  stage: StaffSessionStage,
): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  // Housekeeping at each sign-in: this person's ended sessions are of no use to anyone.
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), lte(staffSessions.expiresAt, now)));
  const lifetime = stage === 'password' ? STAFF_PASSWORD_STAGE_MS : Math.min(settings.idleMs, STAFF_SESSION_ABSOLUTE_MS);
  await db.insert(staffSessions).values({
    idHash: sha256(token),
    staffId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  return token;
}

/**
 * The live session behind a cookie, or undefined. A disabled staff member has no live session.
 * A verified session's expiry moves forward on use (idle timeout), never past the absolute limit;
 * a password-stage session never moves.
 */
export async function findStaffSession(
  db: Db,
  clock: Clock,
  settings: StaffSessionSettings,
  token: string,
): Promise<FoundStaffSession | undefined> {
  const now = clock.now();
  const idHash = sha256(token);
  const [row] = await db
    .select({
      stage: staffSessions.stage,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      mustChangePassword: staff.mustChangePassword,
      totpEnabledAt: staff.totpEnabledAt,
      disabledAt: staff.disabledAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, idHash), gt(staffSessions.expiresAt, now)))
    .limit(1);
  if (!row || row.disabledAt) return undefined;
  if (row.stage === 'verified' && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const expiresAt = Math.min(now.getTime() + settings.idleMs, row.createdAt.getTime() + STAFF_SESSION_ABSOLUTE_MS);
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now, expiresAt: new Date(expiresAt) })
      .where(eq(staffSessions.idHash, idHash));
  }
  return {
    sessionHash: idHash,
    stage: row.stage,
    staff: { id: row.id, email: row.email, name: row.name, role: row.role },
    mustChangePassword: row.mustChangePassword,
    totpEnrolled: row.totpEnabledAt !== null,
  };
}

export async function deleteStaffSession(db: Db, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, sha256(token)));
}

export async function deleteStaffSessionByHash(db: Db, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** Ends every session of a staff member, optionally keeping the one making the request. */
export async function deleteStaffSessions(db: Db, staffId: string, keepHash?: string): Promise<void> {
  await db
    .delete(staffSessions)
    .where(keepHash ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.idHash, keepHash)) : eq(staffSessions.staffId, staffId));
}
