import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import {
  notificationTexts,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyErrorCodes,
  passkeyMessages,
  PASSKEYS_MAX,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyLoginInput,
  type PasskeyRegistrationInput,
  type PasskeyRequestOptions,
  type Language,
} from '@wise/shared';
import { textOf } from '../i18n/language';
import type { Db } from '#server/db/client';
import { passkeyChallenges, passkeys, sessions, users, type PasskeyPurpose } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import type { Messenger, OutgoingMessage } from '#server/providers/messaging/index';
import { accountLocked, clearLoginFailures, loginLockedUntil, loginLocked } from '../auth/service';
import { DomainError, notFound } from '../errors';
import { notify } from '../notifications/notify';
import { hasRecentReauth, REAUTH_TTL_MS } from '../profile/service';
import { deviceName } from './device-name';
import { passkeyAddedEmail, passkeyRemovedEmail } from './emails';
import { transportsOf, userHandleBytes, userHandleOf, verifiedAssertionCounter, verifiedRegistration } from './webauthn';

/**
 * Passkeys (docs/features.md, "Passkeys"): WebAuthn through SimpleWebAuthn. The relying party is APP_URL's
 * host and the only origin accepted is APP_URL's origin. Every challenge is stored here with its
 * expiry, bound to the session (registration) or to the sign-in flow's cookie, and taken (deleted)
 * by the answer that uses it, so none can be answered twice.
 */
export interface PasskeyDeps {
  clock: Clock;
  rpId: string;
  origin: string;
  messenger: Messenger;
  onDeliveryError: (error: unknown) => void;
}

const RP_NAME = 'Wise';

const challengeInvalid = () => new DomainError(passkeyErrorCodes.challengeInvalid, passkeyMessages.challengeInvalid, 400);
const refused = () => new DomainError(passkeyErrorCodes.refused, passkeyMessages.refused, 401);
const registrationRefused = () => new DomainError(passkeyErrorCodes.refused, passkeyMessages.refused, 400);

async function deliver(deps: PasskeyDeps, message: OutgoingMessage): Promise<void> {
  try {
    await deps.messenger.send(message);
  } catch (error) {
    deps.onDeliveryError(error);
  }
}

/** Keeps one live challenge per flow: asking again replaces the older one. */
async function storeChallenge(
  db: Db,
  clock: Clock,
  purpose: PasskeyPurpose,
  bindingHash: string,
  userId: string | null,
  challenge: string,
) {
  const expiresAt = new Date(clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS);
  await db
    .insert(passkeyChallenges)
    .values({ purpose, bindingHash, userId, challenge, expiresAt })
    .onConflictDoUpdate({ target: [passkeyChallenges.purpose, passkeyChallenges.bindingHash], set: { userId, challenge, expiresAt } });
}

/** Takes the flow's challenge: deleted in the same statement that reads it, so a second answer finds none. */
async function takeChallenge(db: Db, clock: Clock, purpose: PasskeyPurpose, bindingHash: string, userId: string | null): Promise<string> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.purpose, purpose), eq(passkeyChallenges.bindingHash, bindingHash)))
    .returning({ challenge: passkeyChallenges.challenge, expiresAt: passkeyChallenges.expiresAt, userId: passkeyChallenges.userId });
  if (!row || row.expiresAt.getTime() <= clock.now().getTime() || row.userId !== userId) throw challengeInvalid();
  return row.challenge;
}

const passkeyView = (row: { id: string; deviceName: string; createdAt: Date; lastUsedAt: Date | null }): Passkey => ({
  id: row.id,
  device_name: row.deviceName,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select({ id: passkeys.id, deviceName: passkeys.deviceName, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(passkeyView);
}

/**
 * Adding a passkey gives a lasting way in, so a cookie alone must not be enough: the session must
 * have signed in (password or passkey) within the re-authentication window, or have confirmed the
 * password since. The offer right after a password login falls inside that window.
 */
async function requireFreshSession(db: Db, clock: Clock, userId: string, sessionHash: string): Promise<void> {
  const since = new Date(clock.now().getTime() - REAUTH_TTL_MS);
  const [fresh] = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.idHash, sessionHash), eq(sessions.userId, userId), gt(sessions.createdAt, since)))
    .limit(1);
  if (fresh || (await hasRecentReauth(db, clock, userId, sessionHash))) return;
  throw new DomainError(passkeyErrorCodes.reauthRequired, passkeyMessages.reauthRequired, 403);
}

export interface PasskeyOwner {
  id: string;
  email: string;
  fullName: string;
  language: Language;
}

/** Registration step 1: options for navigator.credentials.create(), the challenge bound to this session. */
export async function registrationOptions(
  db: Db,
  deps: PasskeyDeps,
  user: PasskeyOwner,
  sessionHash: string,
): Promise<PasskeyCreationOptions> {
  await requireFreshSession(db, deps.clock, user.id, sessionHash);
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= PASSKEYS_MAX) throw new DomainError(passkeyErrorCodes.limitReached, passkeyMessages.limitReached, 409);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: deps.rpId,
    userID: userHandleBytes(user.id),
    userName: user.email,
    userDisplayName: user.fullName,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The same authenticator twice would only be a second row for one key.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
    // Discoverable, so /login can sign in without the customer typing who they are; verified
    // (fingerprint, face, screen lock), because the passkey replaces the password.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await storeChallenge(db, deps.clock, 'register', sessionHash, user.id, options.challenge);
  return options;
}

/** Registration step 2: checks the browser's answer against this session's challenge and keeps the credential. */
export async function registerPasskey(
  db: Db,
  deps: PasskeyDeps,
  user: PasskeyOwner,
  sessionHash: string,
  input: PasskeyRegistrationInput,
  userAgent: string | undefined,
): Promise<Passkey> {
  const expectedChallenge = await takeChallenge(db, deps.clock, 'register', sessionHash, user.id);
  // Checked again: the window may have closed between the two steps.
  await requireFreshSession(db, deps.clock, user.id, sessionHash);
  const verified = await verifiedRegistration(input.credential, { challenge: expectedChallenge, origin: deps.origin, rpId: deps.rpId });
  if (!verified) throw registrationRefused();
  const name = deviceName(userAgent);
  const row = await db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
    if ((held?.n ?? 0) >= PASSKEYS_MAX) throw new DomainError(passkeyErrorCodes.limitReached, passkeyMessages.limitReached, 409);
    const inserted = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: verified.credentialId,
        publicKey: verified.publicKey,
        counter: verified.counter,
        transports: verified.transports,
        deviceName: name,
        backedUp: verified.backedUp,
        createdAt: deps.clock.now(),
      })
      .returning()
      .then(([first]) => first)
      .catch((error: unknown) => {
        // A credential id is unique across every account: one already registered stays with its owner.
        if (uniqueViolation(error) === 'passkeys_credential_key')
          throw new DomainError(passkeyErrorCodes.taken, passkeyMessages.taken, 409);
        throw error;
      });
    if (!inserted) throw new Error('passkey insert returned no row');
    await notify(
      tx,
      user.id,
      textOf(notificationTexts, (t) => t.passkeyAdded(name)),
      { topic: 'security' },
    );
    return inserted;
  });
  await deliver(deps, passkeyAddedEmail(user.email, name, user.language));
  return passkeyView(row);
}

/** Sign-in step 1: options for navigator.credentials.get(), any of the customer's passkeys (discoverable). */
export async function loginOptions(db: Db, deps: PasskeyDeps, flowHash: string): Promise<PasskeyRequestOptions> {
  const options = await generateAuthenticationOptions({ rpID: deps.rpId, userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_MS });
  await storeChallenge(db, deps.clock, 'login', flowHash, null, options.challenge);
  return options;
}

export interface PasskeyLogin {
  user: { id: string; fullName: string; email: string; language: Language };
}

/**
 * Sign-in step 2: the flow's challenge is taken first (a refused answer still uses it up), then
 * the credential must exist, name its own account as the user, be signed for this origin and RP
 * with the user verified, and its counter must rise. The login's own rules still hold: a locked
 * or closed account is refused, and so is one locked by wrong passwords until its window ends.
 */
export async function logInWithPasskey(db: Db, deps: PasskeyDeps, flowHash: string, input: PasskeyLoginInput): Promise<PasskeyLogin> {
  const expectedChallenge = await takeChallenge(db, deps.clock, 'login', flowHash, null);
  const { credential } = input;
  const [found] = await db
    .select({
      passkey: passkeys,
      user: {
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        language: users.language,
        lockedAt: users.lockedAt,
        closedAt: users.closedAt,
        emailVerifiedAt: users.emailVerifiedAt,
      },
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credential.id))
    .limit(1);
  if (!found) throw new DomainError(passkeyErrorCodes.unknown, passkeyMessages.unknown, 401);
  const { passkey, user } = found;
  // A discoverable credential names its account; one naming another account is not this one's.
  if (credential.response.userHandle !== undefined && credential.response.userHandle !== userHandleOf(user.id)) throw refused();
  const newCounter = await verifiedAssertionCounter(credential, passkey, {
    challenge: expectedChallenge,
    origin: deps.origin,
    rpId: deps.rpId,
  });
  if (newCounter === undefined) throw refused();
  const now = deps.clock.now();
  const lockedUntil = await loginLockedUntil(db, user.id, now);
  if (lockedUntil) throw loginLocked(lockedUntil, now);
  if (user.lockedAt) throw accountLocked();
  if (user.closedAt || !user.emailVerifiedAt) throw refused();
  // Compare-and-set on the counter: two sign-ins racing with one assertion cannot both pass.
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (updated.length === 0) throw refused();
  await clearLoginFailures(db, user.id);
  return { user: { id: user.id, fullName: user.fullName, email: user.email, language: user.language } };
}

/** Removing a passkey needs the re-authentication window, like a contact change. */
export async function removePasskey(db: Db, deps: PasskeyDeps, user: PasskeyOwner, sessionHash: string, passkeyId: string): Promise<void> {
  if (!(await hasRecentReauth(db, deps.clock, user.id, sessionHash))) {
    throw new DomainError(passkeyErrorCodes.reauthRequired, passkeyMessages.reauthRequired, 403);
  }
  const name = await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning({ deviceName: passkeys.deviceName });
    if (!removed) throw notFound(passkeyMessages.notFound);
    await notify(
      tx,
      user.id,
      textOf(notificationTexts, (t) => t.passkeyRemoved(removed.deviceName)),
      { topic: 'security' },
    );
    return removed.deviceName;
  });
  await deliver(deps, passkeyRemovedEmail(user.email, name, user.language));
}
