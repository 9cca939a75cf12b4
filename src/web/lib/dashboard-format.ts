/**
 * How the admin's Overview and Analytics tabs write their figures: page views of 1000
 * or more as K with one decimal, a session as minutes and seconds, rates as percentages, days of the site's
 * calendar and how long ago something happened.
 */

const wholeNumber = new Intl.NumberFormat('en-US');

/** 1,234 (every digit, for tables, titles and screen readers). */
export function formatNumber(value: number): string {
  return wholeNumber.format(value);
}

/** Page views: 999 as "999", 1000 and more as "1.0K", "12.3K", a million as "1,000.0K". */
export function formatViews(value: number): string {
  if (Math.abs(value) < 1000) return wholeNumber.format(value);
  // One decimal, cut rather than rounded up, so 999,960 never shows as a round thousand more than it is.
  const tenths = Math.trunc(value / 100) / 10;
  return `${tenths.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}K`;
}

/** A percentage the server computed: "12.5%" (at most `digits` decimals, trailing zeros kept off). */
export function formatPercent(value: number, digits = 1): string {
  const safe = Number.isFinite(value) ? value : 0;
  return `${safe.toLocaleString('en-US', { maximumFractionDigits: digits })}%`;
}

/** A percentage with exactly `digits` decimals ("0.35%"), for the conversion rate. */
export function formatFixedPercent(value: number, digits: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  return `${safe.toFixed(digits)}%`;
}

/** Seconds as minutes and seconds: "0m 0s", "2m 5s", "75m 0s" (rounded to the second). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** The same, spelt out for screen readers: "2 minutes 5 seconds". */
export function describeDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
} as const;

/**
 * A calendar day of the site (YYYY-MM-DD) as "Nov 5" (short), "Nov 5, 2026" (medium) or
 * "Thursday, November 5, 2026" (long). Read as UTC so the reader's time zone never moves it a day.
 */
export function formatDay(day: string, style: keyof typeof dayFormats = 'medium'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? day : dayFormats[style].format(time);
}

/** "Nov 1 – Nov 30, 2026", or one day alone. */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return formatDay(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatDay(from, sameYear ? 'short' : 'medium')} – ${formatDay(to)}`;
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const steps: Array<[unit: Intl.RelativeTimeFormatUnit, seconds: number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; a date beyond a week; the text if it is no time. */
export function formatTimeAgo(time: string, now: Date = new Date()): string {
  const at = new Date(time);
  if (Number.isNaN(at.getTime())) return time;
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  if (seconds >= 7 * 86_400) return dayFormats.medium.format(at);
  for (const [unit, size] of steps) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return relative.format(-1, 'minute');
}
