import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone (the site's, SITE_TIME_ZONE). */
export function siteDayOf(instant: Date | number | string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd');
}
