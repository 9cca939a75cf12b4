import { useCallback } from 'react';
import type { TimeFormat } from '../../shared/contracts/app-settings.values';
import { useAppSettings } from './app-settings';

/*
 * Dates and times as the admin shows them: the browser's locale, with the 12- or 24-hour clock the
 * staff member chose in Settings › App Settings. Components use the hooks, which render again when the
 * clock changes. One formatter per style and clock, made once.
 */

type DateStyle = 'medium' | 'short';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(dateStyle: DateStyle | null, withTime: boolean, clock: TimeFormat): Intl.DateTimeFormat {
  const key = `${dateStyle}|${withTime}|${clock}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      ...(dateStyle ? { dateStyle } : {}),
      ...(withTime ? { timeStyle: 'short', hour12: clock === '12h' } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** "Nov 25, 2026, 3:04 PM" or "Nov 25, 2026, 15:04"; a value that is not a date is shown as it came. */
export function formatDateTime(value: string, clock: TimeFormat, dateStyle: DateStyle = 'medium'): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter(dateStyle, true, clock).format(date);
}

/** formatDateTime with the signed-in staff member's clock. */
export function useFormatDateTime(): (value: string, dateStyle?: DateStyle) => string {
  const clock = useAppSettings().localization.timeFormat;
  return useCallback((value, dateStyle) => formatDateTime(value, clock, dateStyle), [clock]);
}

/** "Nov 25, 2026"; a value that is not a date is shown as it came. */
export function formatDate(value: string, dateStyle: DateStyle = 'medium'): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter(dateStyle, false, '12h').format(date);
}

/** "3:04 PM" or "15:04"; a value that is not a date is shown as it came. */
export function formatTime(value: string, clock: TimeFormat): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter(null, true, clock).format(date);
}
