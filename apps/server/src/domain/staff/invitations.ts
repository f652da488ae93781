import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { dutyErrorCodes, dutyMessages, STAFF_INVITATION_HOURS, type StaffInvitationInfo } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staff, staffInvitations } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { hashSecret } from '#server/lib/passwords';
import { sha256 } from '#server/lib/secrets';
import { recordStaffAction } from '../admin/audit';
import { enqueueEmail } from '../notifications/email';
import { DomainError } from '../errors';
import { lockStaffRow, oneTimePassword } from './accounts';
import { deleteStaffSessions } from './sessions';

/**
 * Invitations (docs/separation-of-duties.md): a new or reset staff member sets their own password
 * from a single-use link e-mailed to them, then enrols the authenticator through the ordinary first
 * sign-in. Only the token's hash is stored; nobody but the invitee ever sees a password.
 */

const INVITATION_MS = STAFF_INVITATION_HOURS * 3_600_000;

export const invitationInvalid = () => new DomainError(dutyErrorCodes.invitationInvalid, dutyMessages.invitationInvalid, 410);

/** The link the e-mail carries: the token sits in the fragment, so it never reaches a server log or a Referer. */
export const invitationLink = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/admin/invitation#${token}`;

/** A password no one knows, so the account opens only through the invitation. */
export const unusablePasswordHash = () => hashSecret(`${oneTimePassword()}-${randomBytes(16).toString('hex')}`);

/**
 * Issues a fresh invitation for the member (any earlier unused one stops working) and queues its
 * e-mail, inside the caller's transaction. The database refuses one for a member whose sign-in is
 * set up: a reset, which needs a second admin, clears it first.
 */
export async function issueInvitation(
  tx: Db,
  clock: Clock,
  appUrl: string,
  member: { id: string; email: string; name: string },
  reason: 'new' | 'reset',
): Promise<void> {
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.staffId, member.id), isNull(staffInvitations.usedAt)));
  await tx
    .insert(staffInvitations)
    .values({ staffId: member.id, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_MS) });
  const link = invitationLink(appUrl, token);
  await enqueueEmail(tx, clock, {
    to: member.email,
    subject: reason === 'new' ? 'Your Wise back-office invitation' : 'Set up your Wise back-office sign-in again',
    text: [
      `Hello ${member.name},`,
      '',
      reason === 'new'
        ? 'You have been added to the Wise back office.'
        : 'Your back-office sign-in was reset at your request or an admin’s.',
      `Open this link to choose your password and set up your authenticator app (it works once, for ${STAFF_INVITATION_HOURS} hours):`,
      '',
      link,
      '',
      'If you did not expect this, tell an admin and do not open the link.',
    ].join('\n'),
  });
}

async function liveInvitation(db: Db, now: Date, token: string, lock: boolean) {
  const query = db
    .select({ invitation: staffInvitations, member: staff })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(eq(staffInvitations.tokenHash, sha256(token)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: staffInvitations }) : await query;
  if (!row || row.invitation.usedAt || row.invitation.expiresAt <= now || row.member.disabledAt || row.member.totpEnabledAt)
    throw invitationInvalid();
  return row;
}

/** Whose invitation a link is, before they choose a password (410 when it is used, expired or unknown). */
export async function invitationInfo(db: Db, clock: Clock, token: string): Promise<StaffInvitationInfo> {
  const { member } = await liveInvitation(db, clock.now(), token, false);
  return { email: member.email, name: member.name, role: member.role };
}

/**
 * The invitee's own password: the invitation is used up and the member's earlier sessions end; the
 * caller starts a password-stage session, so the authenticator is enrolled next as at a first sign-in.
 */
export async function acceptInvitation(db: Db, clock: Clock, token: string, password: string, ip?: string | null): Promise<string> {
  const passwordHash = await hashSecret(password);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const { invitation } = await liveInvitation(tx, now, token, true);
    const member = await lockStaffRow(tx, invitation.staffId);
    if (!member) throw invitationInvalid();
    await tx.update(staffInvitations).set({ usedAt: now }).where(eq(staffInvitations.id, invitation.id));
    await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: false, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(staff.id, member.id));
    await deleteStaffSessions(tx, member.id);
    await recordStaffAction(
      tx,
      clock,
      { id: member.id, email: member.email, name: member.name, role: member.role },
      {
        action: 'staff.invitation_accept',
        targetType: 'staff',
        targetId: member.id,
        after: { must_change_password: false },
        ip,
      },
    );
    return member.id;
  });
}
