import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { PASSKEY_CHALLENGE_TTL_MS, type PasskeyCreationOptions, type PasskeyRequestOptions } from '@wise/shared';
import {
  STAFF_PASSKEYS_MAX,
  staffAuthMessages,
  staffPasskeyErrorCodes,
  staffPasskeyMessages,
  type StaffPasskey,
  type StaffPasskeyCodeInput,
} from '@wise/shared/admin';
import type { z } from 'zod';
import type { staffPasskeyLoginSchema, staffPasskeyRegistrationSchema } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staffPasskeyChallenges, staffPasskeys, type PasskeyPurpose } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import { recordStaffAction } from '../admin/audit';
import { deviceName } from '../passkeys/device-name';
import { transportsOf, userHandleBytes, verifiedRegistration } from '../passkeys/webauthn';
import { DomainError, notFound } from '../errors';
import { lockedUntil, lockStaffRow, recordStaffFailure, staffLocked, STAFF_LOCK_MS } from './accounts';
import { acceptedStaffAssertion, verifyStaffCode } from './confirm';
import type { StaffPrincipal } from './principal';
import { deleteStaffSessions } from './sessions';

type RegistrationInput = z.infer<typeof staffPasskeyRegistrationSchema>;
type LoginInput = z.infer<typeof staffPasskeyLoginSchema>;

/**
 * Staff passkeys (docs/features.md, "Staff passkeys (back office)"): WebAuthn through SimpleWebAuthn, as for
 * customers, but as the second factor after the password rather than instead of it. The relying
 * party is APP_URL's host. Each challenge is stored with its expiry, bound to the staff session
 * that asked for it (the verified one to enrol, the half-signed-in one to sign in) and taken by the
 * answer that uses it.
 */
export interface StaffPasskeyDeps {
  db: Db;
  clock: Clock;
  rpId: string;
  origin: string;
  /** config.sessionSecret, for the authenticator code enrolment and removal ask for. */
  secret: string;
}

const RP_NAME = 'Wise back office';

const challengeInvalid = () => new DomainError(staffPasskeyErrorCodes.challengeInvalid, staffPasskeyMessages.challengeInvalid, 400);
const registrationRefused = () => new DomainError(staffPasskeyErrorCodes.refused, staffPasskeyMessages.refused, 400);
const loginFailed = () => new DomainError(staffPasskeyErrorCodes.refused, staffAuthMessages.loginFailed, 401);

async function storeChallenge(deps: StaffPasskeyDeps, purpose: PasskeyPurpose, sessionHash: string, staffId: string, challenge: string) {
  const expiresAt = new Date(deps.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS);
  await deps.db
    .insert(staffPasskeyChallenges)
    .values({ purpose, sessionHash, staffId, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [staffPasskeyChallenges.purpose, staffPasskeyChallenges.sessionHash],
      set: { staffId, challenge, expiresAt },
    });
}

/** Deleted in the statement that reads it, so a second answer finds none. */
async function takeChallenge(deps: StaffPasskeyDeps, purpose: PasskeyPurpose, sessionHash: string, staffId: string): Promise<string> {
  const [row] = await deps.db
    .delete(staffPasskeyChallenges)
    .where(and(eq(staffPasskeyChallenges.purpose, purpose), eq(staffPasskeyChallenges.sessionHash, sessionHash)))
    .returning({
      challenge: staffPasskeyChallenges.challenge,
      expiresAt: staffPasskeyChallenges.expiresAt,
      staffId: staffPasskeyChallenges.staffId,
    });
  if (!row || row.expiresAt.getTime() <= deps.clock.now().getTime() || row.staffId !== staffId) throw challengeInvalid();
  return row.challenge;
}

const view = (row: { id: string; deviceName: string; createdAt: Date; lastUsedAt: Date | null }): StaffPasskey => ({
  id: row.id,
  device_name: row.deviceName,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const ownPasskeys = (db: Db, staffId: string) =>
  db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));

export async function listStaffPasskeys(db: Db, staffId: string): Promise<StaffPasskey[]> {
  return (await ownPasskeys(db, staffId)).map(view);
}

export async function hasStaffPasskey(db: Db, staffId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId));
  return (row?.n ?? 0) > 0;
}

/**
 * Enrolment step 1: the current authenticator code first (counted and locking like any
 * confirmation code), so a stolen session cannot add a factor of its own; then the options, the
 * challenge bound to this session.
 */
export async function staffRegistrationOptions(
  deps: StaffPasskeyDeps,
  actor: StaffPrincipal,
  sessionHash: string,
  input: StaffPasskeyCodeInput,
): Promise<PasskeyCreationOptions> {
  await verifyStaffCode(deps, actor.id, input.code);
  const existing = await ownPasskeys(deps.db, actor.id);
  if (existing.length >= STAFF_PASSKEYS_MAX)
    throw new DomainError(staffPasskeyErrorCodes.limitReached, staffPasskeyMessages.limitReached, 409);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: deps.rpId,
    userID: userHandleBytes(actor.id),
    userName: actor.email,
    userDisplayName: actor.name,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
    // Not discoverable: the password step already says who signs in, and lists their credentials.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await storeChallenge(deps, 'register', sessionHash, actor.id, options.challenge);
  return options;
}

/** Enrolment step 2: the browser's answer against this session's challenge; audited. */
export async function registerStaffPasskey(
  deps: StaffPasskeyDeps,
  actor: StaffPrincipal,
  sessionHash: string,
  input: RegistrationInput,
  userAgent: string | undefined,
  ip?: string,
): Promise<StaffPasskey> {
  const expectedChallenge = await takeChallenge(deps, 'register', sessionHash, actor.id);
  const verified = await verifiedRegistration(input.credential, { challenge: expectedChallenge, origin: deps.origin, rpId: deps.rpId });
  if (!verified) throw registrationRefused();
  const name = deviceName(userAgent);
  const row = await deps.db.transaction(async (tx) => {
    const staffRow = await lockStaffRow(tx, actor.id);
    if (!staffRow || staffRow.disabledAt) throw registrationRefused();
    const [held] = await tx.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staffId, actor.id));
    if ((held?.n ?? 0) >= STAFF_PASSKEYS_MAX)
      throw new DomainError(staffPasskeyErrorCodes.limitReached, staffPasskeyMessages.limitReached, 409);
    const [inserted] = await tx
      .insert(staffPasskeys)
      .values({
        staffId: actor.id,
        credentialId: verified.credentialId,
        publicKey: verified.publicKey,
        counter: verified.counter,
        transports: verified.transports,
        deviceName: name,
        createdAt: deps.clock.now(),
      })
      .returning()
      .catch((error: unknown) => {
        // Another staff member's, or a customer's (the table's trigger): it stays where it is.
        if (uniqueViolation(error) === 'staff_passkeys_credential_key')
          throw new DomainError(staffPasskeyErrorCodes.taken, staffPasskeyMessages.taken, 409);
        throw error;
      });
    if (!inserted) throw new Error('staff passkey insert returned no row');
    await recordStaffAction(tx, deps.clock, actor, {
      action: 'staff.passkey_add',
      targetType: 'staff',
      targetId: actor.id,
      after: { passkey_id: inserted.id, device_name: name },
      ip,
    });
    return inserted;
  });
  return view(row);
}

/** Removal: the authenticator code again, then the passkey (only one's own); audited. */
export async function removeStaffPasskey(
  deps: StaffPasskeyDeps,
  actor: StaffPrincipal,
  passkeyId: string,
  input: StaffPasskeyCodeInput,
  ip?: string,
): Promise<void> {
  await verifyStaffCode(deps, actor.id, input.code);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.id, passkeyId), eq(staffPasskeys.staffId, actor.id)))
      .returning({ id: staffPasskeys.id, deviceName: staffPasskeys.deviceName });
    if (!removed) throw notFound(staffPasskeyMessages.notFound);
    await recordStaffAction(tx, deps.clock, actor, {
      action: 'staff.passkey_remove',
      targetType: 'staff',
      targetId: actor.id,
      before: { passkey_id: removed.id, device_name: removed.deviceName },
      ip,
    });
  });
}

/** Sign-in step 2a: options naming the half-signed-in staff member's own passkeys, bound to that session. */
export async function staffLoginOptions(deps: StaffPasskeyDeps, staffId: string, sessionHash: string): Promise<PasskeyRequestOptions> {
  const own = await ownPasskeys(deps.db, staffId);
  if (own.length === 0) throw new DomainError(staffPasskeyErrorCodes.none, staffPasskeyMessages.none, 409);
  const options = await generateAuthenticationOptions({
    rpID: deps.rpId,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
  });
  await storeChallenge(deps, 'login', sessionHash, staffId, options.challenge);
  return options;
}

/**
 * Sign-in step 2b, instead of the code: the session's challenge is taken first (a refused answer
 * uses it up); the credential must be this staff member's own, name them as its user, be signed
 * for this origin and RP with the user verified, and its counter must rise. A refused assertion
 * counts like a wrong code (five in a row, passwords and codes together, lock the account for 15
 * minutes and end its sessions); a locked account is refused before anything is checked.
 */
export async function staffPasskeyLogin(
  deps: StaffPasskeyDeps,
  staffId: string,
  sessionHash: string,
  input: LoginInput,
  ip?: string,
): Promise<StaffPrincipal> {
  const expectedChallenge = await takeChallenge(deps, 'login', sessionHash, staffId);
  const { credential } = input;
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<StaffPrincipal | DomainError> => {
    const row = await lockStaffRow(tx, staffId);
    if (!row || row.disabledAt || !row.totpEnabledAt) throw loginFailed();
    const until = lockedUntil(row, now);
    if (until) {
      await deleteStaffSessions(tx, row.id);
      return staffLocked(until, now, staffAuthMessages.tooManyCodes);
    }
    const refuse = async (): Promise<DomainError> => {
      // Returned, not thrown, so the count commits.
      if (await recordStaffFailure(tx, row, now, { endSessions: true }))
        return staffLocked(new Date(now.getTime() + STAFF_LOCK_MS), now, staffAuthMessages.tooManyCodes);
      return new DomainError(staffPasskeyErrorCodes.refused, staffPasskeyMessages.refused, 401);
    };
    const passkeyId = await acceptedStaffAssertion(
      tx,
      row,
      credential,
      { challenge: expectedChallenge, origin: deps.origin, rpId: deps.rpId },
      now,
    );
    if (passkeyId === undefined) return refuse();
    const principal: StaffPrincipal = { id: row.id, email: row.email, name: row.name, role: row.role };
    await recordStaffAction(tx, deps.clock, principal, {
      action: 'staff.login',
      targetType: 'staff',
      targetId: row.id,
      after: { second_factor: 'passkey', passkey_id: passkeyId },
      ip,
    });
    return principal;
  });
  if (outcome instanceof DomainError) throw outcome;
  return outcome;
}
