import {
  analyticsDashboardSchema,
  analyticsRealtimeSchema,
  type AnalyticsDashboard,
  type AnalyticsRealtime,
} from '../../../shared/contracts/analytics-dashboard';
import { api } from '../../lib/api-client';
import { parseAnswer } from '../../components/admin/parse-answer';
import { periodParams, type AnalyticsPeriod } from './analytics-period';

/**
 * The Analytics tab's calls. Answers are checked against the contract.
 */

export async function fetchDashboard(period: AnalyticsPeriod): Promise<AnalyticsDashboard> {
  const body = await api.get('/analytics/dashboard', periodParams(period));
  return parseAnswer(analyticsDashboardSchema, body.data);
}

export async function fetchRealtime(): Promise<AnalyticsRealtime> {
  const body = await api.get('/analytics/realtime');
  return parseAnswer(analyticsRealtimeSchema, body.data);
}
