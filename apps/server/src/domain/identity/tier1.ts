import { and, count, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import {
  IDENTITY_ATTEMPTS_PER_DAY,
  identityAnswerOf,
  identityErrorCodes,
  identityFullName,
  identityMessages,
  identityOutcomeMessages,
  matchAccountName,
  matchIdentity,
  profileMessages,
  registryHasPhone,
  textsIn,
  type IdentityCheckOutcome,
  type IdentityCheckResult,
  type IdentityNumberInput,
  type IdentityPerson,
  type VerificationStatus,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { bankDetails, identityChecks, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation, violatedConstraint } from '#server/lib/db-errors';
import { enqueueEmail } from '../notifications/email';
import { IdentityProviderError, type IdentityProvider } from '#server/providers/identity/index';
import type { CardCodeKeyring } from '../sales/card-codes';
import { DomainError, notFound, rateLimited } from '../errors';
import { readPayoutLimitSettings } from '../limits/limits';
import { latestDocumentReview } from './tier2';
import { identityNumberHash, identityNumberHashes, sealIdentityNumber } from './numbers';

export interface IdentityDeps {
  clock: Clock;
  provider: IdentityProvider;
  keyring: CardCodeKeyring;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Attempts in the last 24 hours that count: the provider being down is not the customer's doing.
 * The database holds the same rule (0046_identity_binding.sql) and refuses a sixth under a lock;
 * this count is only the quick answer before a row is written.
 */
async function attemptsToday(db: Db, clock: Clock, userId: string): Promise<number> {
  const since = new Date(clock.now().getTime() - DAY_MS);
  const [row] = await db
    .select({ n: count() })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), gt(identityChecks.createdAt, since), ne(identityChecks.outcome, 'unavailable')));
  return row?.n ?? 0;
}

/** The verification that binds the account now (docs/identity.md): verified and not revoked. */
const binding = (userId: string) =>
  and(eq(identityChecks.userId, userId), eq(identityChecks.outcome, 'verified'), isNull(identityChecks.revokedAt));

/** The name and date of birth on the record that binds the account, if one does. */
export async function verifiedIdentity(db: Db, userId: string): Promise<{ name: string; dateOfBirth: string } | undefined> {
  const [row] = await db
    .select({ name: identityChecks.verifiedName, dob: identityChecks.verifiedDob })
    .from(identityChecks)
    .where(binding(userId))
    .limit(1);
  return row?.name && row.dob ? { name: row.name, dateOfBirth: row.dob } : undefined;
}

/** GET /api/profile/verification. */
export async function verificationStatus(db: Db, clock: Clock, userId: string): Promise<VerificationStatus> {
  const [user] = await db.select({ tier: users.kycTier, dob: users.dateOfBirth }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const [verified] = await db
    .select({ kind: identityChecks.kind, last4: identityChecks.numberLast4, at: identityChecks.createdAt })
    .from(identityChecks)
    .where(binding(userId))
    .limit(1);
  return {
    tier: user.tier,
    number: verified ? { kind: verified.kind, last4: verified.last4, verified_at: verified.at.toISOString() } : null,
    needs_date_of_birth: !user.dob,
    attempts_left: Math.max(0, IDENTITY_ATTEMPTS_PER_DAY - (await attemptsToday(db, clock, userId))),
    document: await latestDocumentReview(db, userId),
    tier_limits: await tierLimits(db),
  };
}

/** Each tier's limits as configured (payout_limit_settings, written from TIER*_PAYOUT_NAIRA at start). */
async function tierLimits(db: Db): Promise<NonNullable<VerificationStatus['tier_limits']>> {
  const settings = await readPayoutLimitSettings(db);
  return [
    { tier: 0, daily_kobo: settings.tier0DailyKobo, total_kobo: settings.tier0TotalKobo },
    { tier: 1, daily_kobo: settings.tier1DailyKobo, total_kobo: null },
    { tier: 2, daily_kobo: settings.tier2DailyKobo, total_kobo: null },
  ];
}

/**
 * Writes the attempt as `pending` before the provider is asked, so the database counts it against
 * the day's budget first; returns its id.
 */
async function reserveAttempt(
  db: Db,
  deps: IdentityDeps,
  userId: string,
  { kind, number }: IdentityNumberInput,
  hash: string,
): Promise<string> {
  const { clock, provider, keyring } = deps;
  try {
    const [reserved] = await db
      .insert(identityChecks)
      .values({
        userId,
        kind,
        numberHash: hash,
        numberKeyId: keyring.current.id,
        numberLast4: number.slice(-4),
        provider: provider.name,
        outcome: 'pending',
        createdAt: clock.now(),
      })
      .returning({ id: identityChecks.id });
    if (!reserved) throw new Error('identity check: the reserved attempt was not returned');
    return reserved.id;
  } catch (error) {
    // Parallel look-ups (on any instance) used the day's budget up in between.
    if (violatedConstraint(error, '23514') === 'identity_checks_daily_budget') throw tooManyAttempts();
    throw error;
  }
}

/** Whether the number is verified, and not revoked, for any account (under any key of the keyring). */
async function verifiedElsewhere(
  db: Db,
  keyring: IdentityDeps['keyring'],
  kind: IdentityNumberInput['kind'],
  holder: string,
): Promise<boolean> {
  const taken = await db
    .select({ userId: identityChecks.userId })
    .from(identityChecks)
    .where(
      and(
        eq(identityChecks.kind, kind),
        eq(identityChecks.outcome, 'verified'),
        isNull(identityChecks.revokedAt),
        inArray(identityChecks.numberHash, identityNumberHashes(keyring, kind, holder)),
      ),
    )
    .limit(1);
  return taken.length > 0;
}

const tooManyAttempts = () => rateLimited(identityMessages.tooManyAttempts, 60 * 60);

/**
 * Tier 1 (docs/features.md, "Identity verification"; docs/identity.md): looks the BVN or NIN up with the
 * provider and raises the customer to Tier 1 when its name and date of birth are the profile's
 * (shared matchIdentity), one of its registered phones is the account's, and, if a payout account
 * is saved, the bank's name for it is the same person's. The attempt is written first, as
 * `pending`, so the database counts it against the day's budget before the provider is paid to
 * answer; it then takes its outcome. The customer hears one answer for a number that is not
 * theirs, not found, or verified elsewhere. The number is kept only as a keyed hash and its last
 * four digits, sealed when verified.
 */
export async function verifyIdentityNumber(
  db: Db,
  deps: IdentityDeps,
  userId: string,
  input: IdentityNumberInput,
): Promise<IdentityCheckResult> {
  const { clock, provider, keyring } = deps;
  const [user] = await db
    .select({ fullName: users.fullName, dob: users.dateOfBirth, tier: users.kycTier, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const alreadyVerified = () => new DomainError(identityErrorCodes.alreadyVerified, identityMessages.alreadyVerified, 409);
  if (user.tier >= 1 || (await verifiedIdentity(db, userId))) throw alreadyVerified();
  if (!user.dob) {
    throw new DomainError(identityErrorCodes.dobRequired, identityMessages.dobRequired, 400, {
      fields: { date_of_birth: identityMessages.dobRequired },
    });
  }
  if ((await attemptsToday(db, clock, userId)) >= IDENTITY_ATTEMPTS_PER_DAY) throw tooManyAttempts();

  const { kind, number } = input;
  const holder = provider.holderKey(kind, number, userId);
  const hash = identityNumberHash(keyring.current, kind, holder);
  const attempt = eq(identityChecks.id, await reserveAttempt(db, deps, userId, input, hash));

  const finish = async (outcome: IdentityCheckOutcome, verified?: IdentityPerson): Promise<IdentityCheckResult> => {
    let tier = user.tier;
    if (outcome === 'verified' && verified) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(identityChecks)
            .set({
              outcome,
              numberSealed: sealIdentityNumber(keyring, userId, number),
              verifiedName: identityFullName(verified),
              verifiedDob: verified.dateOfBirth,
            })
            .where(attempt);
          // The trigger (0046) lets the tier rise only with a verified row that binds the account.
          await tx.update(users).set({ kycTier: 1 }).where(eq(users.id, userId));
        });
        tier = 1;
      } catch (error) {
        const constraint = uniqueViolation(error);
        // Another account verified the same number in between.
        if (constraint === 'identity_checks_number_key') return finish('in_use');
        // This account verified another number at the same moment.
        if (constraint === 'identity_checks_verified_user_key') {
          await db.update(identityChecks).set({ outcome: 'in_use' }).where(attempt);
          throw alreadyVerified();
        }
        throw error;
      }
    } else {
      await db.update(identityChecks).set({ outcome }).where(attempt);
    }
    const answer = identityAnswerOf(outcome);
    const used = await attemptsToday(db, clock, userId);
    return {
      outcome: answer,
      message: identityOutcomeMessages[answer],
      tier,
      attempts_left: Math.max(0, IDENTITY_ATTEMPTS_PER_DAY - used),
    };
  };

  // Already bound to another account: refused without asking the provider (nor paying for it).
  if (await verifiedElsewhere(db, keyring, kind, holder)) return finish('in_use');

  let person: IdentityPerson;
  try {
    person = await provider.lookup(kind, number, { fullName: user.fullName, dateOfBirth: user.dob, phone: user.phone });
  } catch (error) {
    if (error instanceof IdentityProviderError) return finish(error.kind === 'not_found' ? 'not_found' : 'unavailable');
    throw error;
  }
  if (matchIdentity({ fullName: user.fullName, dateOfBirth: user.dob }, person) !== 'match') return finish('mismatch');
  // Whoever holds the number receives its calls: the account's phone must be one the registry has.
  if (!registryHasPhone(person.phones, user.phone)) return finish('phone_mismatch');
  const [bank] = await db.select({ accountName: bankDetails.accountName }).from(bankDetails).where(eq(bankDetails.userId, userId));
  if (bank && matchAccountName(identityFullName(person), bank.accountName) !== 'match') return finish('account_mismatch');
  return finish('verified', person);
}

/**
 * Verifying again (docs/identity.md, "Changing a verified name"): with the password, the
 * verification stops binding the account: the tier drops to 0 (the database allows the record's
 * revocation only then), the name and date of birth can be corrected, and a new look-up must pass
 * before the tier rises again. The customer is e-mailed.
 */
export async function resetVerification(db: Db, clock: Clock, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound();
    await tx.update(users).set({ kycTier: 0 }).where(eq(users.id, userId));
    const revoked = await tx
      .update(identityChecks)
      .set({ revokedAt: clock.now() })
      .where(binding(userId))
      .returning({ id: identityChecks.id });
    if (revoked.length === 0) throw new DomainError(identityErrorCodes.notVerified, identityMessages.resetNotVerified, 409);
    const t = textsIn(profileMessages, user.language);
    await enqueueEmail(tx, clock, { to: user.email, subject: t.identityResetEmailSubject, text: t.identityResetEmailText });
  });
}
