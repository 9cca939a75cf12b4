import { Outlet, useMatches, useParams } from 'react-router';
import { BlogTab, type BlogSectionHandle } from '../../features/admin-blog/blog-tab';
import { canEditContent, TabPage, tabMeta, unknownEditorPath } from './tab-page';
import type { Route } from './+types/blog';

export function meta({ params }: Route.MetaArgs) {
  return tabMeta('blog', unknownEditorPath('blog', params.id));
}

/** The Blog tab: its sections' menu around the page of the child route (posts, a post's form, categories...). */
export default function AdminBlog() {
  const params = useParams();
  const page = useMatches().at(-1)?.handle as Partial<BlogSectionHandle> | undefined;
  return (
    <TabPage tab="blog" notFound={unknownEditorPath('blog', params.id)}>
      {(user) => (
        <BlogTab current={page?.blogSection ?? 'posts'} canEdit={canEditContent(user)}>
          <Outlet />
        </BlogTab>
      )}
    </TabPage>
  );
}
