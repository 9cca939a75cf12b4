import { ProjectsList } from '../../features/admin-portfolio/projects-list';
import { canEditContent, useTabUser } from './tab-page';

/** /admin/portfolio: the list, its search, filters and page in the query string. */
export default function AdminPortfolioList() {
  return <ProjectsList canEdit={canEditContent(useTabUser())} />;
}
