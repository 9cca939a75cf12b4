import { useParams } from 'react-router';
import { editorId } from '../../components/admin/editor-paths';
import { ProjectEditorPage } from '../../features/admin-portfolio/portfolio-tab';
import { canEditContent, useTabUser } from './tab-page';

/** /admin/portfolio/new and /admin/portfolio/{id}/edit (the Portfolio layout answers an id that names no project). */
export default function AdminPortfolioEditor() {
  const params = useParams();
  return <ProjectEditorPage canEdit={canEditContent(useTabUser())} projectId={editorId(params.id) ?? undefined} />;
}
