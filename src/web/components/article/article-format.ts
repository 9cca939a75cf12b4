/** Formatting shared by the article page, blog cards and the admin preview. */

const longUsDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const mediumUsDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A YYYY-MM-DD calendar day formatted in UTC, so no time zone can move it to the day before. */
function formatDay(date: string, format: Intl.DateTimeFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return Number.isNaN(time) ? date : format.format(time);
}

/** 'March 5, 2025' for '2025-03-05'; anything that is not YYYY-MM-DD is returned unchanged. */
export function formatLongDate(date: string): string {
  return formatDay(date, longUsDate);
}

/** 'Mar 5, 2025' for '2025-03-05' (cards, where space is short). */
export function formatShortDate(date: string): string {
  return formatDay(date, mediumUsDate);
}

const compactNumber = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return compactNumber.format(value);
}

/** The category label of a post: its name, or 'Article' when it has none. */
export const DEFAULT_CATEGORY_LABEL = 'Article';

/** A #RRGGBB (or #RGB) category colour, or undefined when the value is not a plain hex colour. */
export function safeHexColor(color: string | null | undefined): string | undefined {
  return color && /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(color) ? color : undefined;
}
