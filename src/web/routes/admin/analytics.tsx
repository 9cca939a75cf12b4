import { AnalyticsTab } from '../../features/admin-analytics/analytics-tab';
import { TabPage, tabMeta } from './tab-page';

export function meta() {
  return tabMeta('analytics');
}

export default function AdminAnalytics() {
  return <TabPage tab="analytics">{(user) => <AnalyticsTab role={user.role} />}</TabPage>;
}
