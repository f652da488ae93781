// A type only: importing the shared texts' value into this module, which nearly every chunk imports,
// left the built bank form unable to submit (e2e/account-dashboard.spec.ts); DateTime passes the texts.
import type { relativeTimeTexts } from '@wise/shared';
import { decimalText, divideHalfUp, parseDecimal, roundSignificant } from './decimal';

/**
 * Every date, amount and gem count the app shows, as docs/look.md formats them. Instants take the
 * zone to show them in: the business time zone (the server's APP_TIMEZONE, see
 * business-time-zone.tsx and components/ui/date-time.tsx), never the device's.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which some engines render as 24:05 just after midnight.
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/** `21 Nov 2026, 14:05` (some ICU versions write "21 Nov 2026 at 14:05"). */
export function formatDateTime(iso: string, timeZone: string): string {
  return dateTimeFormat(timeZone).format(new Date(iso)).replace(' at ', ', ');
}

/** `14:05` when the instant falls on the same business day as `nowMs`, else `21 Nov 2026, 14:05`. */
export function formatTimeOrDateTime(iso: string, timeZone: string, nowMs = Date.now()): string {
  const full = formatDateTime(iso, timeZone);
  const today = formatDateTime(new Date(nowMs).toISOString(), timeZone);
  const [day, time] = full.split(', ');
  return day === today.split(', ')[0] && time ? time : full;
}

/** "2 h ago" for notifications (docs/look.md), in the language of `texts` (DateTime's, the app's); older than a week shows the date. */
export function relativeTime(iso: string, timeZone: string, texts: typeof relativeTimeTexts, nowMs = Date.now()): string {
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (seconds < 60) return texts.justNow;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return texts.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return texts.hours(hours);
  const days = Math.floor(hours / 24);
  if (days < 7) return texts.days(days);
  return formatDateTime(iso, timeZone);
}

const calendarDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A calendar date with no time (`1994-07-21` → `21 July 1994`): the same day in every zone. */
export function formatCalendarDate(isoDate: string): string {
  return calendarDate.format(new Date(`${isoDate}T00:00:00Z`));
}

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
/**
 * Kobo, the integer minor unit, as naira: `₦1,250.50`. The naira are handed to Intl as decimal
 * text, so the figure is exact at any size (kobo / 100 as a float is not: 2^53 kobo rounds).
 */
export function formatNaira(amountKobo: number): string {
  if (!Number.isSafeInteger(amountKobo)) return naira.format(amountKobo / 100);
  const kobo = BigInt(amountKobo);
  const whole = kobo / 100n;
  const rest = (kobo < 0n ? -kobo : kobo) % 100n;
  const sign = kobo < 0n && whole === 0n ? '-' : '';
  return naira.format(`${sign}${whole}.${rest.toString().padStart(2, '0')}` as Intl.StringNumericLiteral);
}

const gems = new Intl.NumberFormat('en-NG');
/** Wise Gems are whole points: `1,250`. */
export function formatGems(points: number): string {
  return gems.format(points);
}

const groupThousands = (text: string) => text.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/** docs/product.md §9: coin prices show 5 significant digits. */
export const PRICE_SIGNIFICANT_DIGITS = 5;

/**
 * A coin's USD price to 5 significant digits (docs/product.md §9), exact on the decimal string:
 * `67234.56` → `$67,235`, `1` → `$1.0000`, `0.00001234567` → `$0.000012346`.
 */
export function formatCoinPrice(priceUsd: string): string {
  const parsed = parseDecimal(priceUsd);
  if (!parsed) return '—';
  const text = groupThousands(decimalText(roundSignificant(parsed, PRICE_SIGNIFICANT_DIGITS)));
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * A coin's naira price: its USD price times the naira per USD we pay for it (docs/features.md,
 * "Crypto speaks naira"), to the kobo, exact on the decimal strings: `67234.56` at `1593.37` →
 * `₦107,130,000.85`. A dash when either is missing or not a decimal.
 */
export function formatCoinNairaPrice(priceUsd: string, rateNgnPerUsd: string | null | undefined): string {
  const price = parseDecimal(priceUsd);
  const rate = rateNgnPerUsd ? parseDecimal(rateNgnPerUsd) : undefined;
  if (!price || !rate) return '—';
  const kobo = divideHalfUp(price.units * rate.units * 100n, 10n ** BigInt(price.scale + rate.scale));
  return kobo <= BigInt(Number.MAX_SAFE_INTEGER) ? formatNaira(Number(kobo)) : '—';
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/**
 * A 24 h change in percent to 2 decimals with its sign (docs/product.md §9), rounded half away from zero:
 * `2.5` → `+2.50%`, `-1.235` → `-1.24%`; anything that rounds to zero is `0.00%`, neither up nor down.
 */
export function formatChange(percent: string): { text: string; direction: ChangeDirection } {
  const parsed = parseDecimal(percent);
  if (!parsed) return { text: '—', direction: 'flat' };
  const hundredths =
    parsed.scale >= 2 ? divideHalfUp(parsed.units, 10n ** BigInt(parsed.scale - 2)) : parsed.units * 10n ** BigInt(2 - parsed.scale);
  const text = groupThousands(decimalText({ units: hundredths < 0n ? -hundredths : hundredths, scale: 2 }));
  if (hundredths > 0n) return { text: `+${text}%`, direction: 'up' };
  if (hundredths < 0n) return { text: `-${text}%`, direction: 'down' };
  return { text: `${text}%`, direction: 'flat' };
}
