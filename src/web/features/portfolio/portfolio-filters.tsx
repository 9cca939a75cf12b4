import { X } from '../../components/icons';
import { Link } from 'react-router';
import type { PortfolioCategoriesData, PortfolioFacet } from '../../../shared/contracts/portfolio';
import { buttonClasses } from '../../components/button';
import { ListFiltersPanel, ListSearchForm, ListSortSelect } from '../../components/list-controls';
import { PORTFOLIO_PATH } from '../../components/portfolio/project-format';
import {
  ALL,
  clearedFiltersHref,
  hiddenValues,
  portfolioListHref,
  portfolioListSorts,
  portfolioSortLabels,
  stateFromForm,
  type PortfolioListState,
} from './portfolio-list-state';

const fieldClasses =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs hover:border-slate-400 focus:outline-none focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/20';

/** The search box: a GET form, so it works without JavaScript; with it, the address stays minimal. */
export function PortfolioSearchForm({ state }: { state: PortfolioListState }) {
  return (
    <ListSearchForm
      action={PORTFOLIO_PATH}
      hidden={hiddenValues(state, ['search'])}
      hrefFromForm={(form) => portfolioListHref(state, { search: stateFromForm(form).search })}
      id="portfolio-search"
      label="Search projects"
      search={state.search}
      clearHref={portfolioListHref(state, { search: '' })}
      preventScrollReset
    />
  );
}

function FacetSelect({
  id,
  label,
  name,
  allLabel,
  facets,
  selected,
}: {
  id: string;
  label: string;
  name: 'industry' | 'technology';
  allLabel: string;
  facets: PortfolioFacet[];
  selected: string;
}) {
  // A value from the address that is not an option (an old link) still shows as chosen.
  const known = selected === ALL || facets.some((f) => f.name.toLowerCase() === selected.toLowerCase());
  const value = facets.find((f) => f.name.toLowerCase() === selected.toLowerCase())?.name ?? selected;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={fieldClasses}>
        <option value={ALL}>{allLabel}</option>
        {!known && <option value={selected}>{selected}</option>}
        {facets.map((facet) => (
          <option key={facet.slug || facet.name} value={facet.name}>
            {facet.name} ({facet.count})
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The Filters toggle and its panel: Industry and Technology selects and Clear All Filters. A <details>
 * element holding a GET form, so it works without JavaScript; with it, a choice applies at once.
 */
export function PortfolioFiltersPanel({
  state,
  categories,
}: {
  state: PortfolioListState;
  categories: PortfolioCategoriesData;
}) {
  return (
    <ListFiltersPanel
      action={PORTFOLIO_PATH}
      hidden={hiddenValues(state, ['industry', 'technology'])}
      hrefFromForm={(form) => {
        const chosen = stateFromForm(form);
        return portfolioListHref(state, { industry: chosen.industry, technology: chosen.technology });
      }}
      activeCount={[state.industry !== ALL, state.technology !== ALL].filter(Boolean).length}
      formKey={`${state.industry}|${state.technology}`}
      formLabel="Filter projects"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-3xl">
        <FacetSelect
          id="portfolio-industry"
          label="Industry"
          name="industry"
          allLabel="All Industries"
          facets={categories.industries}
          selected={state.industry}
        />
        <FacetSelect
          id="portfolio-technology"
          label="Technology"
          name="technology"
          allLabel="All Technologies"
          facets={categories.technologies}
          selected={state.technology}
        />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <noscript>
          <button type="submit" className={buttonClasses({ size: 'sm' })}>
            Apply Filters
          </button>
        </noscript>
        <Link
          to={clearedFiltersHref(state)}
          preventScrollReset
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <X aria-hidden="true" />
          Clear All Filters
        </Link>
      </div>
    </ListFiltersPanel>
  );
}

/** Removable chips of the active filters, with their count. */
export function ActiveFilterChips({ state }: { state: PortfolioListState }) {
  const chips: Array<{ label: string; href: string }> = [];
  if (state.industry !== ALL) {
    chips.push({ label: `Industry: ${state.industry}`, href: portfolioListHref(state, { industry: ALL }) });
  }
  if (state.technology !== ALL) {
    chips.push({ label: `Technology: ${state.technology}`, href: portfolioListHref(state, { technology: ALL }) });
  }
  if (state.search) chips.push({ label: `Search: “${state.search}”`, href: portfolioListHref(state, { search: '' }) });
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
        Active filters
        <span
          data-active-filter-count=""
          className="grid h-5 min-w-5 place-items-center rounded-full bg-slate-900 px-1.5 text-xs text-white"
        >
          {chips.length}
        </span>
      </span>
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              to={chip.href}
              preventScrollReset
              aria-label={`Remove ${chip.label}`}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-xs font-medium text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
            >
              <span className="truncate">{chip.label}</span>
              <X className="size-3.5 shrink-0" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Link
          to={clearedFiltersHref(state)}
          preventScrollReset
          className="text-xs font-medium text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline"
        >
          Clear all
        </Link>
      )}
    </div>
  );
}

/** The sort choice; it applies on change, or with the Sort button when JavaScript is off. */
export function PortfolioSortSelect({ state }: { state: PortfolioListState }) {
  return (
    <ListSortSelect
      action={PORTFOLIO_PATH}
      hidden={hiddenValues(state, ['sort'])}
      hrefFromForm={(form) => portfolioListHref(state, { sort: stateFromForm(form).sort })}
      id="portfolio-sort"
      sort={state.sort}
      sorts={portfolioListSorts}
      labels={portfolioSortLabels}
    />
  );
}
