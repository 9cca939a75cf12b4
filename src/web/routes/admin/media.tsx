import { MediaTab } from '../../features/admin-media/media-tab';
import { TabPage, tabMeta } from './tab-page';

export function meta() {
  return tabMeta('media');
}

export default function AdminMedia() {
  return <TabPage tab="media">{(user) => <MediaTab role={user.role} />}</TabPage>;
}
