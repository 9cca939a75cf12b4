import type { BlogSectionHandle } from '../../features/admin-blog/blog-tab';
import { CategoriesSection } from '../../features/admin-blog/categories-section';
import { canEditContent, useTabUser } from './tab-page';

export const handle = { blogSection: 'categories' } satisfies BlogSectionHandle;

export default function AdminBlogCategories() {
  return <CategoriesSection canEdit={canEditContent(useTabUser())} />;
}
