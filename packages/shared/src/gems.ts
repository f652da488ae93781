import { z } from 'zod';
import { GEM_REWARD_BY_DAY, type WeekDay } from './constants';
import { fieldMessages } from './messages';

/**
 * Wise Gems and rewards (SPEC §3 "Gem points", "Gem collection status", "Reward history entry",
 * §4 "Daily gem collection", "Rewards claim"; DESIGN §4). Gems are whole points: every amount here
 * is a non-negative safe integer.
 */

// ---------------------------------------------------------------------------------------------
// Messages and codes
// ---------------------------------------------------------------------------------------------

export const gemMessages = {
  collected: 'Wise Gem collected successfully',
  alreadyCollected: "You have already collected today's Wise Gems. Come back tomorrow",
  collectButton: 'Collect Wise Gems',
  insufficient: 'Insufficient balance',
  holdNotFound: 'This gem reservation does not exist',
  holdSettled: 'This gem reservation has already been settled',
  idempotencyMismatch: 'This request id was already used for a different gem movement',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1-100 letters, digits, "-" or "_"',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  couldNotFetchBalance: "Couldn't fetch details",
} as const;

export const rewardMessages = {
  claimed: 'Reward claimed successfully',
  nothingToClaim: 'You have no rewards to claim yet. Rewards arrive when your sales are approved',
  collectButton: 'Collect Rewards',
  historyButton: 'Rewards History',
  couldNotFetchTotal: "Couldn't fetch total rewards",
  couldNotFetchHistory: "Couldn't fetch rewards history",
} as const;

/** Stable codes for gem and reward failures (the error body's `code`). */
export const gemErrorCodes = {
  alreadyCollected: 'GEMS_ALREADY_COLLECTED',
  insufficient: 'INSUFFICIENT_GEMS',
  holdNotFound: 'GEM_HOLD_NOT_FOUND',
  holdSettled: 'GEM_HOLD_SETTLED',
  idempotencyMismatch: 'IDEMPOTENCY_KEY_REUSED',
  nothingToClaim: 'NO_REWARDS_TO_CLAIM',
} as const;

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/** Far above any real balance, far below 2^53: sums of many amounts stay exact. */
export const GEMS_MAX = 1_000_000_000_000;

export const gemAmountSchema = z.number().int().min(0).max(GEMS_MAX);

export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly WeekDay[];

export const gemsForDay = (day: WeekDay): number => GEM_REWARD_BY_DAY[day];

// ---------------------------------------------------------------------------------------------
// Calendar in a time zone (pure: the caller passes the instant and the zone)
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a zone. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const parseLocalDate = (localDate: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDate);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${localDate}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};

const toLocalDate = (utcMidnightMs: number) => {
  const d = new Date(utcMidnightMs);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** Calendar arithmetic on `YYYY-MM-DD` dates (no zone involved). */
export const addDays = (localDate: string, days: number): string => toLocalDate(parseLocalDate(localDate) + days * DAY_MS);

/** 1 = Monday … 7 = Sunday (ISO weekday), as SPEC §9 and DESIGN §4 number the gem days. */
export function weekDayOf(localDate: string): WeekDay {
  const sundayZero = new Date(parseLocalDate(localDate)).getUTCDay();
  return (((sundayZero + 6) % 7) + 1) as WeekDay;
}

/** The calendar date an instant falls on in a zone. */
export function localDateAt(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a calendar date begins in a zone (its local midnight). */
export function startOfLocalDate(localDate: string, timeZone: string): Date {
  const wallMidnight = parseLocalDate(localDate);
  // Two passes settle the offset even when it differs between the guess and the answer (DST).
  let guess = wallMidnight - offsetMs(new Date(wallMidnight), timeZone);
  guess = wallMidnight - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** Which gem day an instant is, and when it ends. */
export interface GemDay {
  /** YYYY-MM-DD in the zone. */
  localDate: string;
  /** 1 (Monday) … 7 (Sunday). */
  day: WeekDay;
  /** What collecting on this day gives. */
  amount: number;
  /** The Monday of this week, YYYY-MM-DD. */
  weekStart: string;
  /** Local midnight that ends this day: the next collection opens then. */
  nextResetAt: Date;
}

export function gemDayAt(at: Date, timeZone: string): GemDay {
  const localDate = localDateAt(at, timeZone);
  const day = weekDayOf(localDate);
  return {
    localDate,
    day,
    amount: gemsForDay(day),
    weekStart: addDays(localDate, 1 - day),
    nextResetAt: startOfLocalDate(addDays(localDate, 1), timeZone),
  };
}

/**
 * `HH:MM:SS` for a remaining time. Seconds round up, so a locked button never reads 00:00:00;
 * it reads 00:00:01 in the last second and unlocks at zero.
 */
export function formatCountdown(remainingMs: number): string {
  const totalS = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(totalS / 3600);
  const minutes = Math.floor((totalS % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(totalS % 60)}`;
}

export const comeBackLabel = (remainingMs: number): string => `Come back in ${formatCountdown(remainingMs)}`;

// ---------------------------------------------------------------------------------------------
// API schemas
// ---------------------------------------------------------------------------------------------

/** SPEC §7 get_user_points.php. */
export const gemBalanceResponseSchema = z.object({ total_points: gemAmountSchema });
export type GemBalanceResponse = z.infer<typeof gemBalanceResponseSchema>;

const dayKeySchema = z.enum(['1', '2', '3', '4', '5', '6', '7']);

/** SPEC §7 api_coin.php GET, plus what the screen needs to draw the week and the countdown. */
export const gemCollectionResponseSchema = z.object({
  /** SPEC §3: keyed by day 1-7, `collected` when done this week. */
  collection_status: z.partialRecord(dayKeySchema, z.literal('collected')),
  days: z
    .array(z.object({ day: z.number().int().min(1).max(7), amount: gemAmountSchema, collected: z.boolean() }))
    .length(7),
  today: z.number().int().min(1).max(7),
  collected_today: z.boolean(),
  /** Local midnight in APP_TIMEZONE, ISO 8601. */
  next_reset_at: z.iso.datetime({ offset: true }),
  /** The server's clock when it answered, so the countdown can ignore a skewed phone clock. */
  server_time: z.iso.datetime({ offset: true }),
  time_zone: z.string(),
});
export type GemCollectionResponse = z.infer<typeof gemCollectionResponseSchema>;

/** SPEC §7 api_coin.php POST. */
export const gemCollectResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  day: z.number().int().min(1).max(7),
  points: gemAmountSchema,
  total_points: gemAmountSchema,
});
export type GemCollectResponse = z.infer<typeof gemCollectResponseSchema>;

/** SPEC §7 total_rewards.php: all gems ever claimed from rewards. */
export const rewardsTotalResponseSchema = z.object({
  total_rewards: gemAmountSchema,
  /** Accrued by approved sales and not yet claimed. */
  claimable: gemAmountSchema,
});
export type RewardsTotalResponse = z.infer<typeof rewardsTotalResponseSchema>;

/** SPEC §3 "Reward history entry". */
export const rewardHistoryEntrySchema = z.object({
  id: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  points: gemAmountSchema,
  reward: z.string(),
});
export type RewardHistoryEntry = z.infer<typeof rewardHistoryEntrySchema>;

/** SPEC §7 rewards_history.php: newest first, one page; `next_cursor` fetches older claims (null on the last page). */
export const rewardsHistoryResponseSchema = z.object({ rewards: z.array(rewardHistoryEntrySchema), next_cursor: z.string().nullable() });
export type RewardsHistoryResponse = z.infer<typeof rewardsHistoryResponseSchema>;

export const REWARDS_HISTORY_PAGE_SIZE = 30;
export const REWARDS_HISTORY_PAGE_MAX = 100;

/** GET /api/rewards/history?cursor=&limit= */
export const rewardsHistoryQuerySchema = z.object({
  cursor: z
    .string()
    .max(200, fieldMessages.invalidEntry)
    .regex(/^[A-Za-z0-9_-]+$/, fieldMessages.invalidEntry)
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, fieldMessages.invalidEntry)
    .transform(Number)
    .pipe(z.number().int().min(1, fieldMessages.invalidEntry).max(REWARDS_HISTORY_PAGE_MAX, fieldMessages.invalidEntry))
    .optional(),
});
export type RewardsHistoryQuery = z.infer<typeof rewardsHistoryQuerySchema>;

/** SPEC §7 claim_reward.php. */
export const rewardClaimResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  claim: rewardHistoryEntrySchema,
  total_points: gemAmountSchema,
});
export type RewardClaimResponse = z.infer<typeof rewardClaimResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Idempotency-Key on gem writes (POST collect, POST claim)
// ---------------------------------------------------------------------------------------------

/** A client-chosen request id (e.g. a UUID): retrying with it returns the first answer. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN, gemMessages.idempotencyKeyInvalid);

/** Request headers of the gem writes; every other header passes through untouched. */
export const gemWriteHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });
