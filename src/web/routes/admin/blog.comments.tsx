import { permissionsByRole } from '../../../shared/contracts/auth';
import type { BlogSectionHandle } from '../../features/admin-blog/blog-tab';
import { CommentsSection } from '../../features/admin-blog/comments-section';
import { canEditContent, useTabUser } from './tab-page';

export const handle = { blogSection: 'comments' } satisfies BlogSectionHandle;

export default function AdminBlogComments() {
  const user = useTabUser();
  // Whether comments wait for approval is a site setting: only a role that may change settings chooses it.
  return (
    <CommentsSection canEdit={canEditContent(user)} canChooseHold={permissionsByRole[user.role].includes('settings')} />
  );
}
