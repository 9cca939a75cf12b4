import { FolderSearch, X } from '../../components/icons';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { PortfolioCategoriesData, PortfolioListData } from '../../../shared/contracts/portfolio';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import { NoResults } from '../../components/list-controls';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { ListPageHero } from '../../components/section-heading';
import { Button } from '../../components/button';
import { ProjectCard } from '../../components/portfolio/project-card';
import { onDataUpdate } from '../../lib/data-update';
import { hydrateWhenVisible } from '../../lib/hydrate-when-visible';
import {
  ActiveFilterChips,
  PortfolioFiltersPanel,
  PortfolioSearchForm,
  PortfolioSortSelect,
} from './portfolio-filters';
import { activeFilterCount, clearedFiltersHref, resultSummary, type PortfolioListState } from './portfolio-list-state';
import { LOADING_PROJECTS, Spinner, usePortfolioListPending } from './portfolio-pending';

const PAGINATION_ANCHOR = 'pagination';
/** Below the projects: its code loads as it comes near the viewport (ADR 0023). */
const Pagination = hydrateWhenVisible(PAGINATION_ANCHOR, () =>
  import('./portfolio-pagination').then((m) => m.PortfolioPagination),
);

/** For a client navigation to the list: the page appears whole (see the route's clientLoader). */
export const preloadPortfolioListPage = () => Pagination.preload();

export const PORTFOLIO_FAILED = 'Failed to Load Portfolio';
export const NO_PROJECTS_FOUND = 'No Projects Found';

export interface PortfolioListPageProps {
  state: PortfolioListState;
  /** Null when the projects could not be read. */
  list: PortfolioListData | null;
  categories: PortfolioCategoriesData;
}

/** Reloads the page's data when the admin says portfolio data changed (this tab or another). */
function useReloadOnPortfolioUpdate() {
  const { revalidate } = useRevalidator();
  useEffect(() => onDataUpdate((detail) => detail.type === 'portfolio' && void revalidate()), [revalidate]);
}

/**
 * The catalogue's "error message or 'Failed to load portfolio data'": the loader reads the projects on the
 * server, whose error is for the log, not the visitor, so the page shows the catalogue's own words.
 */
function LoadFailed() {
  return <LoadFailedAlert title={PORTFOLIO_FAILED}>{PortfolioMessage.LIST_FAILED}</LoadFailedAlert>;
}

function NoProjects({ state }: { state: PortfolioListState }) {
  return (
    <NoResults
      icon={FolderSearch}
      title={NO_PROJECTS_FOUND}
      message={
        activeFilterCount(state) > 0
          ? 'No project matches your search or filters. Try other words or clear the filters.'
          : 'There are no projects on this page.'
      }
      action={
        <Button to={clearedFiltersHref(state)} variant="secondary" className="mt-6" preventScrollReset>
          <X aria-hidden="true" />
          Clear Filters
        </Button>
      }
    />
  );
}

function Results({ state, list }: { state: PortfolioListState; list: PortfolioListData }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite" data-result-summary="">
          {resultSummary(list.total, state)}
        </p>
        <PortfolioSortSelect state={state} />
      </div>
      {list.projects.length === 0 ? (
        <div className="mt-6">
          <NoProjects state={state} />
        </div>
      ) : (
        <ul
          className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-label="Projects"
          data-project-grid=""
        >
          {list.projects.map((project, index) => (
            <li key={project.id} className="flex">
              <ProjectCard project={project} priority={index === 0} className="w-full" />
            </li>
          ))}
        </ul>
      )}
      <div id={PAGINATION_ANCHOR} className="mt-10">
        <Pagination.Component state={state} pages={list.pages} />
      </div>
    </>
  );
}

/** /portfolio: search, filters, chips, sort, summary, project grid and pagination. */
export function PortfolioListPage({ state, list, categories }: PortfolioListPageProps) {
  const pending = usePortfolioListPending();
  useReloadOnPortfolioUpdate();

  return (
    <>
      <ListPageHero
        eyebrow="Our Work"
        title="Our Portfolio"
        intro="Online stores, apps, AI solutions and platforms we designed and built for clients across industries."
      >
        <PortfolioSearchForm state={state} />
      </ListPageHero>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <div className="flex flex-col gap-4">
          <PortfolioFiltersPanel state={state} categories={categories} />
          <ActiveFilterChips state={state} />
        </div>
        <div className="mt-8">
          {pending ? (
            <Spinner label={LOADING_PROJECTS} />
          ) : list === null ? (
            <LoadFailed />
          ) : (
            <Results state={state} list={list} />
          )}
        </div>
      </div>
    </>
  );
}
