import { OverviewTab } from '../../features/admin-overview/overview-tab';
import { TabPage, tabMeta } from './tab-page';

export function meta() {
  return tabMeta('overview');
}

/** /admin, /admin/overview and /admin/dashboard (the Overview's other name). */
export default function AdminOverview() {
  return <TabPage tab="overview">{(user) => <OverviewTab role={user.role} />}</TabPage>;
}
