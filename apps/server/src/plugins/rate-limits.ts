import { authMessages, LOGIN_LOCK_WINDOW_MS, LOGIN_MAX_FAILURES, OTP_RESEND_COOLDOWN_S, pinErrorCodes } from '@wise/shared';
import { PASSWORD_WRONG } from '../domain/auth/password-check';
import { DomainError, rateLimited } from '../domain/errors';
import { rateLimitRefusals } from '../lib/metrics';
import type { RateLimiter } from '../lib/rate-limiter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface RatePolicyRule {
  limit: number;
  windowMs: number;
  message: string;
  /**
   * false: RATE_LIMIT_MULTIPLIER never changes this one, because it stands in for a product rule
   * that the database enforces with fixed numbers (so both must look exactly alike).
   */
  scaled?: false;
}

/**
 * Every limit in one place (docs/decisions.md §3: per account and per IP on login, OTP, PIN and reset).
 * Every sign-in, sign-up, code and reset endpoint (all reachable without a session) has a
 * per-IP limit. Login lockouts per account are not here: they live in the database
 * (domain/auth/service.ts), where no flood can erase them.
 */
export const ratePolicies = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE, message: authMessages.loginThrottled },
  /** Identifiers with no account lock exactly like an account does, so a lockout reveals nothing. */
  loginFailuresPerUnknownLogin: {
    limit: LOGIN_MAX_FAILURES,
    windowMs: LOGIN_LOCK_WINDOW_MS,
    message: authMessages.loginThrottled,
    scaled: false,
  },
  /** Passkey sign-in options (one stored challenge each); the sign-in itself counts as a login. */
  passkeyOptionsPerIp: { limit: 60, windowMs: 15 * MINUTE, message: authMessages.loginThrottled },
  /** A customer's passkey registrations and removals. */
  passkeyChangesPerUser: { limit: 20, windowMs: HOUR, message: authMessages.tooManyRequests },
  signupPerIp: { limit: 20, windowMs: HOUR, message: authMessages.tooManyRequests },
  /**
   * Sensitive checks are limited per account AND per IP (docs/RELIABILITY.md "Per account and per
   * IP"): the account limit stops guessing at one account from anywhere; the IP budget is sized for
   * a carrier NAT or an office behind one address, so one person's failures there lock out nobody else.
   */
  otpVerifyPerIp: { limit: 300, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  /** The sign-up code per address (on top of the code's own 5-attempt limit in the database). */
  otpVerifyPerAccount: { limit: 10, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  /** A staff member's authenticator codes, per staff account (a password step is behind each). */
  staffCodePerAccount: { limit: 10, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  otpResendPerIp: { limit: 20, windowMs: HOUR, message: authMessages.tooManyRequests },
  otpResendPerAccount: { limit: 5, windowMs: HOUR, message: authMessages.otpResendWait },
  /**
   * The 60-second resend cooldown, for every address alike: the database enforces it for pending
   * sign-ups, and this makes an unknown or verified address answer the same way.
   */
  otpResendCooldownPerEmail: {
    limit: 1,
    windowMs: OTP_RESEND_COOLDOWN_S * 1000,
    message: authMessages.otpResendWait,
    scaled: false,
  },
  resetRequestPerIp: { limit: 10, windowMs: HOUR, message: authMessages.tooManyRequests },
  resetRequestPerEmail: { limit: 3, windowMs: HOUR, message: authMessages.tooManyRequests },
  resetConfirmPerIp: { limit: 20, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  /** Every PIN check (PIN screen, bank change, bill authorisation, PIN change) from one address. */
  pinVerifyPerIp: { limit: 300, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  /**
   * Wrong (or locked-out) PIN checks per account, from any address: on top of the database's
   * 5-wrong-PINs lock, which this keeps from being probed at will; a right PIN is not counted.
   */
  pinFailuresPerUser: { limit: 10, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  /** Account area: re-entering the password before a phone change, change codes, uploads, bank look-ups. */
  passwordConfirmFailuresPerUser: { limit: 5, windowMs: 15 * MINUTE, message: authMessages.loginThrottled },
  passwordConfirmPerIp: { limit: 300, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  contactVerifyPerIp: { limit: 300, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  /** Saving a payout account from one address (each is also limited per account by bankLookupPerUser). */
  bankChangePerIp: { limit: 300, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  contactChangePerUser: { limit: 10, windowMs: HOUR, message: authMessages.tooManyRequests },
  contactVerifyPerUser: { limit: 20, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  photoUploadPerUser: { limit: 20, windowMs: HOUR, message: authMessages.tooManyRequests },
  bankLookupPerUser: { limit: 30, windowMs: HOUR, message: authMessages.tooManyRequests },
  /** Gem collection and reward claims: a person taps a few times, a script hammers. */
  gemWritesPerUser: { limit: 30, windowMs: MINUTE, message: authMessages.tooManyRequests },
  /** Crypto: a quote is asked for before each Proceed; the coin glyphs are public images. */
  cryptoQuotesPerUser: { limit: 30, windowMs: MINUTE, message: authMessages.tooManyRequests },
  /** A receipt PDF is drawn afresh each time (a few ms of CPU): plenty for a person, not for a loop. */
  receiptPdfsPerUser: { limit: 30, windowMs: MINUTE, message: authMessages.tooManyRequests },
  cryptoArtPerIp: { limit: 300, windowMs: MINUTE, message: authMessages.tooManyRequests },
  /** Today's rates and their picture, public (docs/features.md, "Rates and alerts"): a page and its refreshes, not a scraper's loop. */
  ratesPublicPerIp: { limit: 300, windowMs: MINUTE, message: authMessages.tooManyRequests },
  /** Setting and deleting rate alerts: a person taps a few times. */
  rateAlertWritesPerUser: { limit: 30, windowMs: MINUTE, message: authMessages.tooManyRequests },
  /** Gift-card (and later crypto) sale submissions: a real seller sends a handful an hour. */
  saleSubmitPerUser: { limit: 20, windowMs: HOUR, message: authMessages.tooManyRequests },
  /** Bills: a checkout sheet per purchase; a meter or smart card checked before paying for it. */
  billOrdersPerUser: { limit: 30, windowMs: MINUTE, message: authMessages.tooManyRequests },
  billVerifyPerUser: { limit: 30, windowMs: 15 * MINUTE, message: authMessages.tooManyRequests },
  /** BVN/NIN look-ups from one address (each customer also has IDENTITY_ATTEMPTS_PER_DAY in the database). */
  identityCheckPerIp: { limit: 60, windowMs: HOUR, message: authMessages.tooManyRequests },
} as const satisfies Record<string, RatePolicyRule>;
export type RatePolicy = keyof typeof ratePolicies;

export interface RateGuard {
  /** Counts one request against the policy and throws 429 once it is over the limit. */
  consume(policy: RatePolicy, key: string): Promise<void>;
  /** Throws 429 if the policy is already exhausted, without counting (failure-only policies). */
  check(policy: RatePolicy, key: string): Promise<void>;
  /** Counts one request without refusing it (a failure seen after the fact; `check` refuses the next). */
  record(policy: RatePolicy, key: string): Promise<void>;
  reset(policy: RatePolicy, key: string): Promise<void>;
}

export function createRateGuard(limiter: RateLimiter, multiplier: number): RateGuard {
  const limitOf = (policy: RatePolicy) => {
    const rule: RatePolicyRule = ratePolicies[policy];
    return rule.scaled === false ? rule.limit : Math.max(1, Math.floor(rule.limit * multiplier));
  };
  // A client that hung up before its request was handled has no address any more: `request.ip` is
  // then undefined whatever its type says (found by the soak, docs/RELIABILITY.md, where it threw a 500).
  const fullKey = (policy: RatePolicy, key: string | undefined) => `${policy}:${(key ?? 'disconnected').toLowerCase()}`;
  const refuse = (policy: RatePolicy, retryAfterMs: number) => {
    rateLimitRefusals.inc({ policy });
    return rateLimited(ratePolicies[policy].message, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  };
  return {
    async consume(policy, key) {
      const result = await limiter.hit(fullKey(policy, key), limitOf(policy), ratePolicies[policy].windowMs);
      if (!result.allowed) throw refuse(policy, result.retryAfterMs);
    },
    async check(policy, key) {
      const result = await limiter.peek(fullKey(policy, key), limitOf(policy));
      if (!result.allowed) throw refuse(policy, result.retryAfterMs);
    },
    async record(policy, key) {
      await limiter.hit(fullKey(policy, key), limitOf(policy), ratePolicies[policy].windowMs);
    },
    async reset(policy, key) {
      await limiter.reset(fullKey(policy, key));
    },
  };
}

const pinFailure = (error: unknown) =>
  error instanceof DomainError && (error.code === pinErrorCodes.wrong || error.code === pinErrorCodes.locked);

/**
 * Runs something that checks the transaction PIN under both PIN limits: the address's budget
 * (every check counts) and the account's wrong-PIN limit (only a wrong or locked-out PIN counts,
 * and the next check is refused once it is used up, from any address).
 */
export async function withPinLimits<T>(rates: RateGuard, userId: string, ip: string, run: () => Promise<T>): Promise<T> {
  await rates.consume('pinVerifyPerIp', ip);
  await rates.check('pinFailuresPerUser', userId);
  try {
    return await run();
  } catch (error) {
    if (pinFailure(error)) await rates.record('pinFailuresPerUser', userId);
    throw error;
  }
}

/**
 * Runs something that checks the account's password (domain/auth/password-check.ts) under the
 * password confirmation's limits: the address's budget, and the account's wrong-password limit
 * (only a wrong password counts).
 */
export async function withPasswordLimits<T>(rates: RateGuard, userId: string, ip: string, run: () => Promise<T>): Promise<T> {
  await rates.consume('passwordConfirmPerIp', ip);
  await rates.check('passwordConfirmFailuresPerUser', userId);
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.code === PASSWORD_WRONG) await rates.record('passwordConfirmFailuresPerUser', userId);
    throw error;
  }
}
