import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { staffAuthMessages } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staff } from '#server/db/schema/admin';
import { rateLimited } from '../errors';
import { deleteStaffSessions } from './sessions';

export type StaffRow = typeof staff.$inferSelect;

/** docs/decisions.md §8: five wrong passwords or codes in a row lock the staff account for 15 minutes. */
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MS = 15 * 60 * 1000;

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase();

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(staff.email, normalizeStaffEmail(email)))
    .limit(1);
  return row;
}

/** The staff row under a row lock, for counting failures and changing credentials without races. */
export async function lockStaffRow(tx: Db, staffId: string): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update');
  return row;
}

export const lockedUntil = (row: StaffRow, now: Date): Date | undefined =>
  row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;

export const staffLocked = (until: Date, now: Date, message: string = staffAuthMessages.loginThrottled) =>
  rateLimited(message, Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));

/**
 * Counts one wrong password or code (call it inside the transaction holding the row lock). The
 * fifth in a row locks the account; returns whether it did. `endSessions` after a wrong code: whoever
 * typed it held the password or a session. Wrong passwords alone don't sign anyone out, or anyone
 * knowing a staff e-mail could keep that person out of work.
 */
export async function recordStaffFailure(tx: Db, row: StaffRow, now: Date, options: { endSessions: boolean }): Promise<boolean> {
  const failures = row.failedLogins + 1;
  if (failures < STAFF_MAX_FAILURES) {
    await tx.update(staff).set({ failedLogins: failures, updatedAt: now }).where(eq(staff.id, row.id));
    return false;
  }
  await tx
    .update(staff)
    .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + STAFF_LOCK_MS), updatedAt: now })
    .where(eq(staff.id, row.id));
  if (options.endSessions) await deleteStaffSessions(tx, row.id);
  return true;
}

export async function clearStaffFailures(tx: Db, row: StaffRow, now: Date): Promise<void> {
  if (row.failedLogins === 0 && row.lockedUntil === null) return;
  await tx.update(staff).set({ failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(staff.id, row.id));
}

// No 0/O, 1/l/I: read aloud or copied from a terminal without mistakes.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A one-time password (16 characters, about 92 bits, in dash-separated groups of four), changed at first sign-in. */
export const oneTimePassword = (): string =>
  Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('')).join(
    '-',
  );
