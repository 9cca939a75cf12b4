import { data, redirect } from 'react-router';
import type { Route } from './+types/portfolio';
import type { PortfolioCategoriesData } from '../../shared/contracts/portfolio';
import { PORTFOLIO_PATH } from '../components/portfolio/project-format';
import { PortfolioListPage, preloadPortfolioListPage } from '../features/portfolio/portfolio-list-page';
import {
  ALL,
  parsePortfolioListState,
  portfolioListHref,
  portfolioListParams,
  portfolioListQuery,
  type PortfolioListState,
} from '../features/portfolio/portfolio-list-state';
import { pageMeta } from '../lib/seo';

const NO_CATEGORIES: PortfolioCategoriesData = { industries: [], categories: [], technologies: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = parsePortfolioListState(url.searchParams);
  // One address per view: defaults, blanks and unknown values are dropped (e.g. after a no-JS form submit).
  const query = portfolioListParams(state).toString();
  if (url.search !== (query ? `?${query}` : '')) {
    throw redirect(query ? `${PORTFOLIO_PATH}?${query}` : PORTFOLIO_PATH, 301);
  }

  const [list, categories] = await Promise.all([
    context.portfolio.listProjects(portfolioListQuery(state)).catch((error: unknown) => {
      console.error('Portfolio projects failed to load', error);
      return null;
    }),
    context.portfolio.listCategories().catch((error: unknown) => {
      console.error('Portfolio categories failed to load', error);
      return NO_CATEGORIES;
    }),
  ]);
  // A page past the end (the list got shorter since the link was made) shows the last page.
  if (list && list.pages > 0 && state.page > list.pages) {
    throw redirect(portfolioListHref(state, { page: list.pages }));
  }
  return data({ state, list, categories }, { status: list === null ? 503 : 200 });
}

function listTitle(state: PortfolioListState): { title: string; description: string } {
  const parts = [state.industry !== ALL && state.industry, state.technology !== ALL && state.technology].filter(
    Boolean,
  );
  const title = parts.length > 0 ? `${parts.join(' · ')} Projects` : 'Our Portfolio';
  const scope = [
    state.industry !== ALL && `in ${state.industry}`,
    state.technology !== ALL && `built with ${state.technology}`,
  ].filter(Boolean);
  const description =
    scope.length > 0
      ? `Projects we delivered ${scope.join(' ')}: websites, apps and software with their results.`
      : 'Online stores, apps, AI solutions and platforms we designed and built, with the results they delivered.';
  return { title, description };
}

/** A client navigation brings the code of the parts below the list with its data (ADR 0023). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [pageData] = await Promise.all([serverLoader(), preloadPortfolioListPage()]);
  return pageData;
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta({ matches, location, title: 'Our Portfolio' });
  const { state } = loaderData;
  const { title, description } = listTitle(state);
  const query = portfolioListParams(state).toString();
  return pageMeta({
    matches,
    location: { pathname: query ? `${PORTFOLIO_PATH}?${query}` : PORTFOLIO_PATH },
    title: state.page > 1 ? `${title} (page ${state.page})` : title,
    description,
    // Search results are for visitors, not for the index; the filtered views are.
    noIndex: state.search !== '',
  });
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  return <PortfolioListPage state={loaderData.state} list={loaderData.list} categories={loaderData.categories} />;
}
