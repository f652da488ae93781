import { staffAuthMessages, staffErrorCodes } from '@wise/shared/admin';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../errors';
import { clearStaffFailures, lockStaffRow, recordStaffFailure } from './accounts';
import { decryptTotpSecret, matchTotp } from './totp';

export interface ConfirmationDeps {
  db: Db;
  clock: Clock;
  /** config.sessionSecret: the TOTP secrets are encrypted with a key derived from it. */
  secret: string;
}

const refused = (message: string) => new DomainError(staffErrorCodes.confirmationInvalid, message, 403);

/**
 * Checks the staff member's current authenticator code before an action that moves money or
 * changes where it goes (docs/decisions.md §8), so a stolen staff cookie alone moves nothing. Throws 403
 * CONFIRMATION_INVALID otherwise.
 *
 * Call it with `ctx.db`, before the action's own transaction: a wrong code is counted (it commits
 * even though the action is refused), and the fifth wrong one in a row — passwords and codes
 * together — locks the account for 15 minutes and ends its sessions. Unlike a login code, a
 * confirmation code may be used again within its 30-second step: a reviewer approving two sales in
 * a row should not wait for the next code, and the session already proved both factors.
 */
export async function verifyStaffConfirmation(deps: ConfirmationDeps, staffId: string, code: string): Promise<void> {
  const now = deps.clock.now();
  const failure = await deps.db.transaction(async (tx): Promise<DomainError | undefined> => {
    const row = await lockStaffRow(tx, staffId);
    if (!row || row.disabledAt) return refused(staffAuthMessages.confirmationInvalid);
    const secret = row.totpEnabledAt && row.totpSecret ? decryptTotpSecret(deps.secret, row.id, row.totpSecret) : undefined;
    if (!secret) return refused(staffAuthMessages.confirmationNotEnrolled);
    if (matchTotp(secret, code, now) !== undefined) {
      await clearStaffFailures(tx, row, now);
      return undefined;
    }
    // Returned, not thrown, so the count commits.
    const locked = await recordStaffFailure(tx, row, now, { endSessions: true });
    return refused(locked ? staffAuthMessages.confirmationLocked : staffAuthMessages.confirmationInvalid);
  });
  if (failure) throw failure;
}
