import type { BlogSectionHandle } from '../../features/admin-blog/blog-tab';
import { SubscribersSection } from '../../features/admin-blog/subscribers-section';
import { canEditContent, useTabUser } from './tab-page';

export const handle = { blogSection: 'subscribers' } satisfies BlogSectionHandle;

export default function AdminBlogSubscribers() {
  return <SubscribersSection canEdit={canEditContent(useTabUser())} />;
}
