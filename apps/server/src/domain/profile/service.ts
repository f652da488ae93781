import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  authMessages,
  calendarDate,
  dateOfBirthField,
  errorCodes,
  fieldMessages,
  identityErrorCodes,
  joinFullName,
  maskPhone,
  notificationTexts,
  profileMessages,
  textsIn,
  type EmailChangeVerifyInput,
  type FullNameUpdateInput,
  type Gender,
  type Language,
  type PhoneChangeVerifyInput,
  type ProfileResponse,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { identityChecks, reauthentications, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation, violatedConstraint } from '#server/lib/db-errors';
import { verifySecret, type UnreadableHashHandler } from '#server/lib/passwords';
import type { Messenger, OutgoingMessage } from '#server/providers/messaging/index';
import { consumeOtp, issueOtp } from '../auth/otp';
import { forgetUserSessions } from '../auth/session-cache';
import { deleteUserSessions } from '../auth/sessions';
import { normalizeEmail } from '../auth/users';
import { DomainError, notFound, validationError } from '../errors';
import { verifiedIdentity } from '../identity/tier1';
import { enqueueEmail } from '../notifications/email';
import { textOf } from '../i18n/language';
import { notify } from '../notifications/notify';
import { photoUrl } from '../uploads/photos';
import { contactChangedNotice, emailChangeEmail, phoneChangeSms } from './messages';

/** How long a password confirmation lets a phone or e-mail change go on. */
export const REAUTH_TTL_MS = 10 * 60 * 1000;

export const profileErrorCodes = {
  passwordWrong: 'PASSWORD_WRONG',
  reauthRequired: 'REAUTH_REQUIRED',
  sameContact: 'SAME_CONTACT',
} as const;

export interface ProfileDeps {
  clock: Clock;
  /** Keys the OTP hashes (the same secret the auth OTPs use). */
  secret: string;
  messenger: Messenger;
  timeZone: string;
  onDeliveryError: (error: unknown) => void;
}

async function deliver(deps: ProfileDeps, message: OutgoingMessage): Promise<void> {
  try {
    await deps.messenger.send(message);
  } catch (error) {
    deps.onDeliveryError(error);
  }
}

async function userRow(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return user;
}

/**
 * Only what the screen shows: never the password hash or other secrets of the row. Prepared
 * (db/prepared.ts): built once, not on each of the profile screens' reads.
 */
const profileRow = (db: Db) =>
  prepared(db, 'profile', (d) =>
    d
      .select({
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        gender: users.gender,
        address: users.address,
        dateOfBirth: users.dateOfBirth,
        photo: users.photo,
        language: users.language,
        // The lock is read in the same statement: /api/profile is on every profile screen.
        identityLocked: sql<boolean>`exists (${d
          .select({ one: sql`1` })
          .from(identityChecks)
          .where(
            and(
              eq(identityChecks.userId, users.id),
              eq(identityChecks.outcome, 'verified'),
              isNull(identityChecks.revokedAt),
              isNotNull(identityChecks.verifiedName),
              isNotNull(identityChecks.verifiedDob),
            ),
          )})`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('profile'),
  );

export async function getProfile(db: Db, userId: string): Promise<ProfileResponse> {
  const [user] = await profileRow(db).execute({ userId });
  if (!user) throw notFound();
  return {
    full_name: user.fullName,
    email: user.email,
    phone: user.phone,
    gender: user.gender ?? null,
    address: user.address ?? null,
    date_of_birth: user.dateOfBirth ?? null,
    photo: photoUrl(user.photo),
    language: user.language,
    identity_locked: user.identityLocked,
  };
}

/** The account's language (docs/i18n.md): e-mails and notifications follow it from now on. */
export async function updateLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
  // The session cache holds the language the error handler answers in.
  await forgetUserSessions(userId);
}

const identityLocked = (field: 'surname' | 'date_of_birth') =>
  new DomainError(identityErrorCodes.locked, profileMessages.identityLocked, 409, { fields: { [field]: profileMessages.identityLocked } });

/**
 * Writes the name or date of birth unless a verified BVN or NIN binds them (docs/identity.md):
 * refused here first, and by the database's lock (0046_identity_binding.sql) if a verification
 * lands in between.
 */
async function writeIdentityField(
  db: Db,
  userId: string,
  field: 'surname' | 'date_of_birth',
  write: (tx: Db) => Promise<void>,
): Promise<void> {
  if (await verifiedIdentity(db, userId)) throw identityLocked(field);
  try {
    await db.transaction(write);
  } catch (error) {
    if (violatedConstraint(error, '23514') === 'users_verified_identity_lock') throw identityLocked(field);
    throw error;
  }
}

/**
 * A rename (the route has checked the password): payouts follow the name, so the customer is
 * e-mailed at once, in the change's own transaction.
 */
export async function updateFullName(db: Db, clock: Clock, userId: string, input: FullNameUpdateInput): Promise<string> {
  const fullName = joinFullName(input);
  await writeIdentityField(db, userId, 'surname', async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ fullName })
      .where(eq(users.id, userId))
      .returning({ email: users.email, language: users.language });
    if (!user) throw notFound();
    const t = textsIn(profileMessages, user.language);
    await enqueueEmail(tx, clock, { to: user.email, subject: t.nameChangedEmailSubject, text: t.nameChangedEmailText(fullName) });
  });
  // The session cache holds the name /api/auth/me answers with.
  await forgetUserSessions(userId);
  return fullName;
}

export async function updateGender(db: Db, userId: string, gender: Gender): Promise<void> {
  await db.update(users).set({ gender }).where(eq(users.id, userId));
}

export async function updateAddress(db: Db, userId: string, address: string): Promise<void> {
  await db.update(users).set({ address }).where(eq(users.id, userId));
}

/** The shared rule judged again by the server's own clock and time zone ("not in the future"). */
export async function updateDateOfBirth(
  db: Db,
  deps: Pick<ProfileDeps, 'clock' | 'timeZone'>,
  userId: string,
  value: string,
): Promise<void> {
  const checked = dateOfBirthField(() => calendarDate(deps.clock.now(), deps.timeZone)).safeParse(value);
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? fieldMessages.dobInvalid;
    throw validationError(message, { date_of_birth: message });
  }
  await writeIdentityField(db, userId, 'date_of_birth', async (tx) => {
    await tx.update(users).set({ dateOfBirth: checked.data }).where(eq(users.id, userId));
  });
}

// ---- contact changes: the password, then the new number or address, then the code sent to it ----

/**
 * Step 1 of a phone or e-mail change: the password again. Success opens a 10-minute window for
 * this session only (a stolen cookie alone can't move where codes and reset links go).
 */
export async function confirmPassword(
  db: Db,
  clock: Clock,
  userId: string,
  sessionHash: string,
  password: string,
  onUnreadableHash?: UnreadableHashHandler,
): Promise<boolean> {
  const user = await userRow(db, userId);
  if (!(await verifySecret(user.passwordHash, password, onUnreadableHash))) return false;
  await grantReauth(db, clock, userId, sessionHash);
  return true;
}

/**
 * Opens the re-authentication window for this session: after the password is confirmed, and on a
 * session a passkey just started (the passkey is a fresh proof of the same strength).
 */
export async function grantReauth(db: Db, clock: Clock, userId: string, sessionHash: string): Promise<void> {
  const expiresAt = new Date(clock.now().getTime() + REAUTH_TTL_MS);
  await db
    .insert(reauthentications)
    .values({ sessionHash, userId, expiresAt })
    .onConflictDoUpdate({ target: reauthentications.sessionHash, set: { expiresAt } });
}

const reauthMessages = {
  phone: profileMessages.reauthRequired,
  email: profileMessages.reauthRequiredForEmail,
} as const;

/** Whether this session confirmed the password within REAUTH_TTL_MS (other sensitive changes use it too: domain/pin). */
export async function hasRecentReauth(db: Db, clock: Clock, userId: string, sessionHash: string): Promise<boolean> {
  const [grant] = await db
    .select({ sessionHash: reauthentications.sessionHash })
    .from(reauthentications)
    .where(
      and(
        eq(reauthentications.sessionHash, sessionHash),
        eq(reauthentications.userId, userId),
        gt(reauthentications.expiresAt, clock.now()),
      ),
    )
    .limit(1);
  return grant !== undefined;
}

/** A password confirmation is used up by the change it allowed. */
export async function consumeReauth(tx: Db, userId: string): Promise<void> {
  await tx.delete(reauthentications).where(eq(reauthentications.userId, userId));
}

async function requireReauth(db: Db, clock: Clock, userId: string, sessionHash: string, what: keyof typeof reauthMessages): Promise<void> {
  if (!(await hasRecentReauth(db, clock, userId, sessionHash))) {
    throw new DomainError(profileErrorCodes.reauthRequired, reauthMessages[what], 403);
  }
}

const taken = (field: 'new_phone' | 'new_email') => {
  const message = field === 'new_phone' ? authMessages.phoneTaken : authMessages.emailTaken;
  return new DomainError(errorCodes.conflict, message, 409, { fields: { [field]: message } });
};

async function ensureFree(db: Db, userId: string, field: 'new_phone' | 'new_email', value: string): Promise<void> {
  const column = field === 'new_phone' ? users.phone : users.email;
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, value), ne(users.id, userId)))
    .limit(1);
  if (other) throw taken(field);
}

export async function requestPhoneChange(db: Db, deps: ProfileDeps, userId: string, sessionHash: string, newPhone: string): Promise<void> {
  await requireReauth(db, deps.clock, userId, sessionHash, 'phone');
  const user = await userRow(db, userId);
  if (user.phone === newPhone) {
    throw new DomainError(profileErrorCodes.sameContact, profileMessages.samePhone, 400, {
      fields: { new_phone: profileMessages.samePhone },
    });
  }
  await ensureFree(db, userId, 'new_phone', newPhone);
  const code = await issueOtp(db, deps, { userId, purpose: 'phone_change', target: newPhone });
  await deliver(deps, phoneChangeSms(newPhone, code, user.language));
}

/**
 * The new contact is in place: the password confirmation is used up and every other session of
 * the customer ends (whoever else held one must log in again), in the change's own transaction.
 */
async function endOtherAccess(tx: Db, userId: string, sessionHash: string): Promise<void> {
  await consumeReauth(tx, userId);
  await deleteUserSessions(tx, userId, sessionHash);
}

export async function verifyPhoneChange(
  db: Db,
  deps: ProfileDeps,
  userId: string,
  sessionHash: string,
  input: PhoneChangeVerifyInput,
): Promise<void> {
  await requireReauth(db, deps.clock, userId, sessionHash, 'phone');
  await consumeOtp(db, deps, { userId, purpose: 'phone_change', target: input.new_phone }, input.otp_code);
  const before = await userRow(db, userId);
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ phone: input.new_phone }).where(eq(users.id, userId));
      await endOtherAccess(tx, userId, sessionHash);
      await notify(
        tx,
        userId,
        textOf(notificationTexts, (t) => t.phoneChanged(maskPhone(input.new_phone))),
        { topic: 'security' },
      );
    });
  } catch (error) {
    // Someone took the number between the code being sent and entered.
    if (uniqueViolation(error) !== undefined) throw taken('new_phone');
    throw error;
  }
  await deliver(deps, contactChangedNotice(before.email, 'phone number', before.language));
}

export async function requestEmailChange(db: Db, deps: ProfileDeps, userId: string, sessionHash: string, newEmail: string): Promise<void> {
  await requireReauth(db, deps.clock, userId, sessionHash, 'email');
  const email = normalizeEmail(newEmail);
  const user = await userRow(db, userId);
  if (user.email === email) {
    throw new DomainError(profileErrorCodes.sameContact, profileMessages.sameEmail, 400, {
      fields: { new_email: profileMessages.sameEmail },
    });
  }
  await ensureFree(db, userId, 'new_email', email);
  const code = await issueOtp(db, deps, { userId, purpose: 'email_change', target: email });
  await deliver(deps, emailChangeEmail(email, code, user.language));
}

export async function verifyEmailChange(
  db: Db,
  deps: ProfileDeps,
  userId: string,
  sessionHash: string,
  input: EmailChangeVerifyInput,
): Promise<void> {
  await requireReauth(db, deps.clock, userId, sessionHash, 'email');
  const email = normalizeEmail(input.new_email);
  await consumeOtp(db, deps, { userId, purpose: 'email_change', target: email }, input.otp_code);
  const before = await userRow(db, userId);
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ email }).where(eq(users.id, userId));
      await endOtherAccess(tx, userId, sessionHash);
      await notify(
        tx,
        userId,
        textOf(notificationTexts, (t) => t.emailChanged(email)),
        { topic: 'security' },
      );
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw taken('new_email');
    throw error;
  }
  await deliver(deps, contactChangedNotice(before.email, 'email address', before.language));
}
