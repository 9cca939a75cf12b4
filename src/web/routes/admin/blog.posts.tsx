import type { BlogSectionHandle } from '../../features/admin-blog/blog-tab';
import { PostsList } from '../../features/admin-blog/posts-list';
import { canEditContent, useTabUser } from './tab-page';

export const handle = { blogSection: 'posts' } satisfies BlogSectionHandle;

/** /admin/blog: the posts, their filters and page in the query string. */
export default function AdminBlogPosts() {
  return <PostsList canEdit={canEditContent(useTabUser())} />;
}
