import { and, count, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import {
  IDENTITY_ATTEMPTS_PER_DAY,
  identityErrorCodes,
  identityFullName,
  identityMessages,
  identityOutcomeMessages,
  matchAccountName,
  matchIdentity,
  type IdentityCheckOutcome,
  type IdentityCheckResult,
  type IdentityNumberInput,
  type IdentityPerson,
  type VerificationStatus,
} from '@wise/shared';
import type { Db } from '../../db/client';
import { bankDetails, identityChecks, users } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { IdentityProviderError, type IdentityProvider } from '../../providers/identity/index';
import type { CardCodeKeyring } from '../sales/card-codes';
import { DomainError, notFound, rateLimited } from '../errors';
import { latestDocumentReview } from './tier2';
import { identityNumberHash, identityNumberHashes, sealIdentityNumber } from './numbers';

export interface IdentityDeps {
  clock: Clock;
  provider: IdentityProvider;
  keyring: CardCodeKeyring;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Attempts in the last 24 hours that count: the provider being down is not the customer's doing. */
async function attemptsToday(db: Db, clock: Clock, userId: string): Promise<number> {
  const since = new Date(clock.now().getTime() - DAY_MS);
  const [row] = await db
    .select({ n: count() })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), gt(identityChecks.createdAt, since), ne(identityChecks.outcome, 'unavailable')));
  return row?.n ?? 0;
}

/** GET /api/profile/verification. */
export async function verificationStatus(db: Db, clock: Clock, userId: string): Promise<VerificationStatus> {
  const [user] = await db.select({ tier: users.kycTier, dob: users.dateOfBirth }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const [verified] = await db
    .select({ kind: identityChecks.kind, last4: identityChecks.numberLast4, at: identityChecks.createdAt })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), eq(identityChecks.outcome, 'verified')))
    .orderBy(desc(identityChecks.createdAt))
    .limit(1);
  return {
    tier: user.tier,
    number: verified ? { kind: verified.kind, last4: verified.last4, verified_at: verified.at.toISOString() } : null,
    needs_date_of_birth: !user.dob,
    attempts_left: Math.max(0, IDENTITY_ATTEMPTS_PER_DAY - (await attemptsToday(db, clock, userId))),
    document: await latestDocumentReview(db, userId),
  };
}

/**
 * Tier 1 (docs/features.md, "Identity verification"): looks the BVN or NIN up with the provider and raises
 * the customer to Tier 1 when its name and date of birth are the profile's (shared matchIdentity)
 * and, if a payout account is saved, the bank's name for it is the same person's. Every look-up
 * is recorded; the number is kept only as a keyed hash and its last four digits, sealed when verified.
 */
export async function verifyIdentityNumber(db: Db, deps: IdentityDeps, userId: string, input: IdentityNumberInput): Promise<IdentityCheckResult> {
  const { clock, provider, keyring } = deps;
  const [user] = await db
    .select({ fullName: users.fullName, dob: users.dateOfBirth, tier: users.kycTier })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.tier >= 1) throw new DomainError(identityErrorCodes.alreadyVerified, identityMessages.alreadyVerified, 409);
  if (!user.dob) {
    throw new DomainError(identityErrorCodes.dobRequired, identityMessages.dobRequired, 400, { fields: { date_of_birth: identityMessages.dobRequired } });
  }
  const used = await attemptsToday(db, clock, userId);
  if (used >= IDENTITY_ATTEMPTS_PER_DAY) throw rateLimited(identityMessages.tooManyAttempts, 60 * 60);

  const { kind, number } = input;
  const holder = provider.holderKey(kind, number, userId);
  const hash = identityNumberHash(keyring.current, kind, holder);
  const base = { userId, kind, numberHash: hash, numberKeyId: keyring.current.id, numberLast4: number.slice(-4), provider: provider.name };
  const finish = async (outcome: IdentityCheckOutcome, verified?: IdentityPerson): Promise<IdentityCheckResult> => {
    const row = { ...base, outcome, createdAt: clock.now() };
    let tier = user.tier;
    if (outcome === 'verified' && verified) {
      try {
        await db.transaction(async (tx) => {
          await tx.insert(identityChecks).values({
            ...row,
            numberSealed: sealIdentityNumber(keyring, userId, number),
            verifiedName: identityFullName(verified),
            verifiedDob: verified.dateOfBirth,
          });
          // The trigger (0029) lets the tier rise only with the row just written.
          await tx.update(users).set({ kycTier: 1 }).where(eq(users.id, userId));
        });
        tier = 1;
      } catch (error) {
        // Another account verified the same number in between (or this one, twice at once).
        const constraint = uniqueViolation(error);
        if (constraint === 'identity_checks_number_key') return finish('in_use');
        if (constraint === 'identity_checks_verified_user_key') throw new DomainError(identityErrorCodes.alreadyVerified, identityMessages.alreadyVerified, 409);
        throw error;
      }
    } else {
      await db.insert(identityChecks).values(row);
    }
    const counted = outcome === 'unavailable' ? 0 : 1;
    return { outcome, message: identityOutcomeMessages[outcome], tier, attempts_left: Math.max(0, IDENTITY_ATTEMPTS_PER_DAY - used - counted) };
  };

  // Already verified on another account: refused without asking the provider (nor paying for it).
  const taken = await db
    .select({ userId: identityChecks.userId })
    .from(identityChecks)
    .where(and(eq(identityChecks.kind, kind), eq(identityChecks.outcome, 'verified'), inArray(identityChecks.numberHash, identityNumberHashes(keyring, kind, holder))))
    .limit(1);
  if (taken.length > 0) return finish('in_use');

  let person: IdentityPerson;
  try {
    person = await provider.lookup(kind, number, { fullName: user.fullName, dateOfBirth: user.dob });
  } catch (error) {
    if (error instanceof IdentityProviderError) return finish(error.kind === 'not_found' ? 'not_found' : 'unavailable');
    throw error;
  }
  if (matchIdentity({ fullName: user.fullName, dateOfBirth: user.dob }, person) !== 'match') return finish('mismatch');
  const [bank] = await db.select({ accountName: bankDetails.accountName }).from(bankDetails).where(eq(bankDetails.userId, userId));
  if (bank && matchAccountName(identityFullName(person), bank.accountName) !== 'match') return finish('account_mismatch');
  return finish('verified', person);
}

