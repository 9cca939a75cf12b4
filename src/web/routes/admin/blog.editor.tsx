import { useParams } from 'react-router';
import { editorId } from '../../components/admin/editor-paths';
import { PostEditorPage, type BlogSectionHandle } from '../../features/admin-blog/blog-tab';
import { canEditContent, useTabUser } from './tab-page';

export const handle = { blogSection: 'posts' } satisfies BlogSectionHandle;

/** /admin/blog/new and /admin/blog/{id}/edit (the Blog layout answers an id that names no post). */
export default function AdminBlogEditor() {
  const params = useParams();
  return <PostEditorPage canEdit={canEditContent(useTabUser())} postId={editorId(params.id) ?? undefined} />;
}
