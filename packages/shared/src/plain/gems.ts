/*
 * The part of gems.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). gems.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */
import { GEM_REWARD_BY_DAY } from '../constants';
import type { WeekDay } from '../constants';

/**
 * Wise Gems and rewards (docs/product.md §3 "Gem points", "Gem collection status", "Reward history entry",
 * §4 "Daily gem collection", "Rewards claim"; docs/decisions.md §4). Gems are whole points: every amount here
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
  /** Under the disabled Collect Rewards button when nothing is claimable. */
  nothingToCollect: 'Nothing to collect yet. Sales we approve earn you gems',
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

/** 1 = Monday … 7 = Sunday (ISO weekday), as docs/product.md §9 and docs/decisions.md §4 number the gem days. */
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

/**
 * The last gem day computed per zone, with the instants it covers: the Earn screen asks on every
 * request, and each fresh answer formats the instant in the zone three times (about 15 µs on the
 * server, a tenth of the request).
 */
const keptDays = new Map<string, { from: number; to: number; day: GemDay }>();

export function gemDayAt(at: Date, timeZone: string): GemDay {
  const ms = at.getTime();
  let kept = keptDays.get(timeZone);
  if (!kept || ms < kept.from || ms >= kept.to) {
    const day = computeGemDay(at, timeZone);
    kept = { from: startOfLocalDate(day.localDate, timeZone).getTime(), to: day.nextResetAt.getTime(), day };
    keptDays.set(timeZone, kept);
  }
  // A Date of its own each time: a caller that changes it does not change the kept one.
  return { ...kept.day, nextResetAt: new Date(kept.to) };
}

function computeGemDay(at: Date, timeZone: string): GemDay {
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

export const REWARDS_HISTORY_PAGE_SIZE = 30;
export const REWARDS_HISTORY_PAGE_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Idempotency-Key on gem writes (POST collect, POST claim)
// ---------------------------------------------------------------------------------------------

/** A client-chosen request id (e.g. a UUID): retrying with it returns the first answer. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
