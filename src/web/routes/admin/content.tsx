import { Outlet, useParams } from 'react-router';
import { ContentTab } from '../../features/admin-content/content-tab';
import { isContentSection } from '../../features/admin-content/content-specs';
import { canEditContent, TabPage, tabMeta } from './tab-page';
import type { Route } from './+types/content';

/** The path after /admin/ when the section asked for is none of the Content tab's, else undefined. */
const unknownSectionPath = (section: string | undefined) =>
  section !== undefined && !isContentSection(section) ? `content/${section}` : undefined;

export function meta({ params }: Route.MetaArgs) {
  return tabMeta('content', unknownSectionPath(params.section));
}

/** The Content tab: its sections' menu around the section of the child route. */
export default function AdminContent() {
  const params = useParams();
  return (
    <TabPage tab="content" notFound={unknownSectionPath(params.section)}>
      {(user) => (
        <ContentTab canEdit={canEditContent(user)}>
          <Outlet />
        </ContentTab>
      )}
    </TabPage>
  );
}
