import { ChevronDown, Search, SlidersHorizontal, X, type IconComponent } from './icons';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from './button';

/*
 * The search box, sort choice and filters panel of a public list page (blog, portfolio), and the box it
 * shows when nothing matches. Each form is a GET form that carries the rest of the list state in hidden
 * inputs, so it works without JavaScript; with it, the form navigates to the address the feature builds
 * from the form.
 */

export interface HiddenValue {
  name: string;
  value: string;
}

/** Hidden inputs that keep the other values of the list state when one form submits. */
export function HiddenValues({ values }: { values: readonly HiddenValue[] }) {
  return values.map((item) => <input key={item.name} type="hidden" name={item.name} value={item.value} />);
}

interface ListFormProps {
  /** The list page's path: where the form submits without JavaScript. */
  action: string;
  hidden: readonly HiddenValue[];
  /** The address that the submitted form describes. */
  hrefFromForm: (form: HTMLFormElement) => string;
}

export interface ListSearchFormProps extends ListFormProps {
  id: string;
  /** Screen-reader label and placeholder, e.g. 'Search articles'. */
  label: string;
  search: string;
  clearHref: string;
  /** Keep the scroll position when searching and clearing. */
  preventScrollReset?: boolean;
}

/** The search box: a GET form, so it works without JavaScript; with it, the address stays minimal. */
export function ListSearchForm({
  action,
  hidden,
  hrefFromForm,
  id,
  label,
  search,
  clearHref,
  preventScrollReset = false,
}: ListSearchFormProps) {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      method="get"
      action={action}
      className="flex w-full gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(hrefFromForm(event.currentTarget), { preventScrollReset });
      }}
    >
      <HiddenValues values={hidden} />
      <div className="relative min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={id}
          key={search}
          type="search"
          name="search"
          defaultValue={search}
          maxLength={200}
          placeholder={`${label}...`}
          className="block h-12 w-full rounded-xl border border-slate-300 bg-white pr-10 pl-11 text-base text-slate-900 shadow-xs placeholder:text-slate-400 hover:border-slate-400 focus:outline-none focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/20 [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <Link
            to={clearHref}
            preventScrollReset={preventScrollReset}
            aria-label="Clear search"
            className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
      <button type="submit" className={buttonClasses({ size: 'lg', className: 'rounded-xl' })}>
        Search
      </button>
    </form>
  );
}

export interface ListSortSelectProps<Sort extends string> extends ListFormProps {
  id: string;
  sort: Sort;
  sorts: readonly Sort[];
  labels: Record<Sort, string>;
}

/** The sort choice; it applies on change, or with the Sort button when JavaScript is off. */
export function ListSortSelect<Sort extends string>({
  action,
  hidden,
  hrefFromForm,
  id,
  sort,
  sorts,
  labels,
}: ListSortSelectProps<Sort>) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => void navigate(hrefFromForm(form), { preventScrollReset: true });
  return (
    <form
      method="get"
      action={action}
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      <HiddenValues values={hidden} />
      <label htmlFor={id} className="text-sm whitespace-nowrap text-slate-600">
        Sort by
      </label>
      <select
        id={id}
        key={sort}
        name="sort"
        defaultValue={sort}
        onChange={(event) => {
          if (event.currentTarget.form) apply(event.currentTarget.form);
        }}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs hover:border-slate-400 focus:outline-none focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/20"
      >
        {sorts.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          Sort
        </button>
      </noscript>
    </form>
  );
}

export interface ListFiltersPanelProps extends ListFormProps {
  /** How many of the panel's filters are set: shown on the toggle; the panel starts open when any is. */
  activeCount: number;
  /** Changes when the address does, so that the form's fields show the state navigated to. */
  formKey: string;
  /** The form's accessible name, e.g. 'Filter articles'. */
  formLabel: string;
  /** The fields and the buttons. */
  children: ReactNode;
}

/**
 * The Filters toggle and its panel. A <details> element holding a GET form, so it opens and filters
 * without JavaScript; with it, a choice applies at once.
 */
export function ListFiltersPanel({
  action,
  hidden,
  hrefFromForm,
  activeCount,
  formKey,
  formLabel,
  children,
}: ListFiltersPanelProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(activeCount > 0);
  const apply = (form: HTMLFormElement) => void navigate(hrefFromForm(form), { preventScrollReset: true });

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group/filters rounded-2xl border border-slate-200 bg-white shadow-xs"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-2xl px-4 py-3 text-sm font-semibold text-slate-900 select-none hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal className="size-4 text-brand-600" aria-hidden="true" />
        Filters
        {activeCount > 0 && (
          <span
            data-filter-count=""
            className="grid size-5 place-items-center rounded-full bg-brand-600 text-xs text-white"
          >
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        )}
        <ChevronDown
          className="ml-auto size-4 text-slate-500 transition group-open/filters:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <form
        key={formKey}
        method="get"
        action={action}
        aria-label={formLabel}
        className="border-t border-slate-100 px-4 pt-4 pb-5"
        onChange={(event) => apply(event.currentTarget)}
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget);
        }}
      >
        <HiddenValues values={hidden} />
        {children}
      </form>
    </details>
  );
}

export interface NoResultsProps {
  icon: IconComponent;
  title: string;
  /** Why the list is empty (filters that match nothing, or a page past the last). */
  message: string;
  /** The way out, e.g. a Clear Filters button. */
  action: ReactNode;
}

/** What a list page shows in place of its grid when no item is on the page. */
export function NoResults({ icon: Icon, title, message, action }: NoResultsProps) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-16 text-center">
      <Icon className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      {action}
    </div>
  );
}
