import { analyticsOverviewSchema, type AnalyticsOverview } from '../../../shared/contracts/analytics-dashboard';
import { api } from '../../lib/api-client';
import { parseAnswer } from '../../components/admin/parse-answer';

/** GET /api/analytics/overview (every signed-in staff member). */
export async function fetchOverview(): Promise<AnalyticsOverview> {
  const body = await api.get('/analytics/overview');
  return parseAnswer(analyticsOverviewSchema, body.data);
}
