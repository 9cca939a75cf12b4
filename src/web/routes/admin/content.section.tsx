import { useParams } from 'react-router';
import { ContentSection } from '../../features/admin-content/content-tab';
import { COMPANY_SECTION } from '../../features/admin-content/content-specs';
import { canEditContent, useTabUser } from './tab-page';

/** /admin/content (the company information) and /admin/content/{section} (the Content layout answers an unknown one). */
export default function AdminContentSection() {
  const params = useParams();
  return <ContentSection section={params.section ?? COMPANY_SECTION} canEdit={canEditContent(useTabUser())} />;
}
