import { Outlet, useParams } from 'react-router';
import { PortfolioTab } from '../../features/admin-portfolio/portfolio-tab';
import { canEditContent, TabPage, tabMeta, unknownEditorPath } from './tab-page';
import type { Route } from './+types/portfolio';

export function meta({ params }: Route.MetaArgs) {
  return tabMeta('portfolio', unknownEditorPath('portfolio', params.id));
}

/** The Portfolio tab around the page of the child route: the list or the project form. */
export default function AdminPortfolio() {
  const params = useParams();
  return (
    <TabPage tab="portfolio" notFound={unknownEditorPath('portfolio', params.id)}>
      {(user) => (
        <PortfolioTab canEdit={canEditContent(user)}>
          <Outlet />
        </PortfolioTab>
      )}
    </TabPage>
  );
}
