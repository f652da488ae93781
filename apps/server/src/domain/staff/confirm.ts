import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { and, desc, eq, gt, isNotNull, isNull, lte, notInArray, or } from 'drizzle-orm';
import { PASSKEY_CHALLENGE_TTL_MS, type PasskeyRequestOptions } from '@wise/shared';
import {
  staffAuthMessages,
  staffConfirmationMessages,
  staffErrorCodes,
  staffPasskeyErrorCodes,
  staffPasskeyMessages,
  type StaffConfirmationInput,
  type StaffConfirmPasskey,
} from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staffConfirmChallenges, staffPasskeys } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { DomainError, validationError } from '../errors';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { transportsOf, userHandleOf, verifiedAssertionCounter } from '../passkeys/webauthn';
import { clearStaffFailures, lockStaffRow, recordStaffFailure, type StaffRow } from './accounts';
import { decryptTotpSecret, matchTotp } from './totp';

export interface ConfirmationDeps {
  db: Db;
  clock: Clock;
  /** config.sessionSecret: the TOTP secrets are encrypted with a key derived from it. */
  secret: string;
  /** APP_URL's host and origin: a passkey confirmation is signed for them. */
  rpId: string;
  origin: string;
}

/** What a sensitive action's body confirms with, and the staff session that sent it. */
export interface StaffConfirmationRequest extends StaffConfirmationInput {
  /** The sending session's hash: a passkey confirmation answers a challenge this session asked for. */
  sessionHash: string;
}

/** Live confirmation challenges one session may hold (two tabs, a dialog reopened). */
const LIVE_CHALLENGES_MAX = 5;

const refused = (message: string) => new DomainError(staffErrorCodes.confirmationInvalid, message, 403);

/**
 * Checks the confirmation before an action that moves money or changes where it goes
 * (docs/decisions.md §8.3, §8.6), so a stolen staff cookie alone moves nothing: exactly one of the
 * authenticator code or a passkey assertion (400 VALIDATION when neither or both). Throws 403
 * CONFIRMATION_INVALID when it does not hold.
 *
 * Call it with `ctx.db`, before the action's own transaction: a wrong code or a refused assertion
 * is counted (it commits even though the action is refused), and the fifth in a row — passwords,
 * codes and passkeys together — locks the account for 15 minutes and ends its sessions.
 */
export async function verifyStaffConfirmation(
  deps: ConfirmationDeps,
  staffId: string,
  confirmation: StaffConfirmationRequest,
): Promise<void> {
  const { confirm_code: code, confirm_passkey: passkey } = confirmation;
  if (code !== undefined && passkey !== undefined)
    throw validationError(staffConfirmationMessages.both, { confirm_code: staffConfirmationMessages.both });
  if (passkey !== undefined) return verifyStaffPasskeyConfirmation(deps, staffId, confirmation.sessionHash, passkey);
  if (code === undefined) throw validationError(staffConfirmationMessages.missing, { confirm_code: staffConfirmationMessages.missing });
  return verifyStaffCode(deps, staffId, code);
}

/**
 * The authenticator code alone: confirmations, and the steps that add or remove a passkey (a
 * session must not vouch for a factor with that same factor). Unlike a login code, a confirmation
 * code may be used again within its 30-second step: a reviewer approving two sales in a row should
 * not wait for the next code, and the session already proved both factors.
 */
export async function verifyStaffCode(
  deps: Pick<ConfirmationDeps, 'db' | 'clock' | 'secret'>,
  staffId: string,
  code: string,
): Promise<void> {
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
    return countedRefusal(tx, row, now, staffAuthMessages.confirmationInvalid);
  });
  if (failure) throw failure;
}

/** Returned, not thrown, so the count commits. */
async function countedRefusal(tx: Db, row: StaffRow, now: Date, message: string): Promise<DomainError> {
  const locked = await recordStaffFailure(tx, row, now, { endSessions: true });
  return refused(locked ? staffAuthMessages.confirmationLocked : message);
}

/**
 * A confirmation challenge for this verified session: options naming the staff member's own
 * passkeys, user verification required. Several may be live at once (two tabs, two dialogs); each
 * expires after PASSKEY_CHALLENGE_TTL_MS (five minutes) and answers one confirmation.
 */
export async function staffConfirmOptions(deps: ConfirmationDeps, staffId: string, sessionHash: string): Promise<PasskeyRequestOptions> {
  const own = await deps.db
    .select({ credentialId: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId));
  if (own.length === 0) throw new DomainError(staffPasskeyErrorCodes.none, staffPasskeyMessages.none, 409);
  const options = await generateAuthenticationOptions({
    rpID: deps.rpId,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
  });
  const now = deps.clock.now();
  // This session's spent and stale challenges go as a new one comes, and so do live ones beyond
  // the newest few: a session asking in a loop keeps a handful of rows, not thousands.
  await deps.db
    .delete(staffConfirmChallenges)
    .where(
      and(
        eq(staffConfirmChallenges.sessionHash, sessionHash),
        or(isNotNull(staffConfirmChallenges.usedAt), lte(staffConfirmChallenges.expiresAt, now)),
      ),
    );
  const kept = deps.db
    .select({ challenge: staffConfirmChallenges.challenge })
    .from(staffConfirmChallenges)
    .where(eq(staffConfirmChallenges.sessionHash, sessionHash))
    .orderBy(desc(staffConfirmChallenges.createdAt))
    .limit(LIVE_CHALLENGES_MAX - 1);
  await deps.db
    .delete(staffConfirmChallenges)
    .where(and(eq(staffConfirmChallenges.sessionHash, sessionHash), notInArray(staffConfirmChallenges.challenge, kept)));
  await deps.db.insert(staffConfirmChallenges).values({
    challenge: options.challenge,
    sessionHash,
    staffId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return options;
}

/** The challenge the browser signed over, read from the assertion's client data. */
function signedChallenge(assertion: StaffConfirmPasskey): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(assertion.credential.response.clientDataJSON, 'base64url').toString('utf8'));
    if (typeof clientData !== 'object' || clientData === null || !('challenge' in clientData)) return undefined;
    return typeof clientData.challenge === 'string' ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The passkey instead of the code: the challenge the assertion signed must be one this session
 * asked for, unexpired and unused — it is stamped used before anything else is checked, so a
 * refused answer uses it up and neither it nor the assertion confirms twice. Then the credential
 * must be this staff member's own, name them as its user, be signed for APP_URL with the user
 * verified, and its counter must rise (compare-and-set). A refused assertion counts like a wrong
 * code.
 */
async function verifyStaffPasskeyConfirmation(
  deps: ConfirmationDeps,
  staffId: string,
  sessionHash: string,
  assertion: StaffConfirmPasskey,
): Promise<void> {
  const now = deps.clock.now();
  const challenge = signedChallenge(assertion);
  const { credential } = assertion;
  const failure = await deps.db.transaction(async (tx): Promise<DomainError | undefined> => {
    const row = await lockStaffRow(tx, staffId);
    if (!row || row.disabledAt) return refused(staffAuthMessages.confirmationInvalid);
    const [taken] = challenge
      ? await tx
          .update(staffConfirmChallenges)
          .set({ usedAt: now })
          .where(
            and(
              eq(staffConfirmChallenges.challenge, challenge),
              eq(staffConfirmChallenges.sessionHash, sessionHash),
              eq(staffConfirmChallenges.staffId, row.id),
              isNull(staffConfirmChallenges.usedAt),
              gt(staffConfirmChallenges.expiresAt, now),
            ),
          )
          .returning({ challenge: staffConfirmChallenges.challenge })
      : [];
    // Not counted, as at sign-in: no signature was checked, and nothing was tried against the key.
    if (!taken) return refused(staffConfirmationMessages.challengeInvalid);
    const passkeyRefused = () => countedRefusal(tx, row, now, staffConfirmationMessages.passkeyRefused);
    const accepted = await acceptedStaffAssertion(
      tx,
      row,
      credential,
      { challenge: taken.challenge, origin: deps.origin, rpId: deps.rpId },
      now,
    );
    if (accepted === undefined) return passkeyRefused();
    return undefined;
  });
  if (failure) throw failure;
}

/**
 * A staff passkey's answer, accepted or not (at sign-in and when confirming): the credential must
 * be this staff member's own (another's, or a customer's, is not found), name them as its user, be
 * signed for the expected challenge, origin and RP with the user verified, and its counter must
 * rise (compare-and-set, so two uses of one answer cannot both pass). Accepted, it clears the
 * failure count and gives the passkey's id; refused (undefined), the caller counts it.
 */
export async function acceptedStaffAssertion(
  tx: Db,
  row: StaffRow,
  credential: AuthenticationResponseJSON,
  expected: { challenge: string; origin: string; rpId: string },
  now: Date,
): Promise<string | undefined> {
  const [passkey] = await tx
    .select()
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.credentialId, credential.id), eq(staffPasskeys.staffId, row.id)))
    .limit(1);
  if (!passkey) return undefined;
  if (credential.response.userHandle !== undefined && credential.response.userHandle !== userHandleOf(row.id)) return undefined;
  const newCounter = await verifiedAssertionCounter(credential, passkey, expected);
  if (newCounter === undefined) return undefined;
  const updated = await tx
    .update(staffPasskeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(staffPasskeys.id, passkey.id), eq(staffPasskeys.counter, passkey.counter)))
    .returning({ id: staffPasskeys.id });
  if (updated.length === 0) return undefined;
  await clearStaffFailures(tx, row, now);
  return passkey.id;
}
