import { CLEAR_ANALYTICS_CONFIRMATION } from '../../../shared/contracts/analytics-dashboard';
import { api, type QueryParams } from '../../lib/api-client';
import { broadcastDataUpdate } from '../../lib/data-update';
import { invalidAnswer } from './parse-answer';

/*
 * The analytics data calls shared by the Analytics tab and Settings › System Configuration: the export of a
 * period and Clear Analytics.
 */

const exportTypes = { csv: 'text/csv', json: 'application/json' } as const;

/** A period's figures as a CSV or JSON file's text, fetched with the bearer token (never put in a URL). */
export async function fetchAnalyticsExport(period: QueryParams, format: 'csv' | 'json'): Promise<string> {
  const body = await api.get(
    '/analytics/export',
    { ...period, format },
    { responseType: 'text', headers: { Accept: exportTypes[format] } },
  );
  if (typeof body.data !== 'string') throw invalidAnswer();
  return body.data;
}

/** DELETE /api/analytics with the typed confirmation (admins only); tells the other screens. */
export async function clearAnalytics(): Promise<{ message?: string }> {
  const body = await api.request({
    method: 'DELETE',
    path: '/analytics',
    data: { confirm: CLEAR_ANALYTICS_CONFIRMATION },
  });
  broadcastDataUpdate('analytics');
  return { message: body.message };
}
