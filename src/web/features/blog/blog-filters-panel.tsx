import { Link } from 'react-router';
import type { BlogCategory } from '../../../shared/contracts/blog';
import { blogDateRangeOptions, blogReadTimeOptions } from '../../../shared/contracts/blog.values';
import { buttonClasses } from '../../components/button';
import { ListFiltersPanel } from '../../components/list-controls';
import { hiddenValues, stateFromForm } from './blog-list-forms';
import { ALL_CATEGORIES, blogListHref, BLOG_LIST_PATH, type BlogListState } from './blog-list-state';

interface Option {
  value: string;
  label: string;
  count?: number;
}

function RadioGroup({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: Option[];
  selected: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-3 flex flex-col gap-2">
        {options.map((option) => (
          <label
            key={option.value || 'any'}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={selected === option.value}
              className="size-4 accent-brand-600"
            />
            <span className="flex-1">{option.label}</span>
            {option.count !== undefined && <span className="text-xs text-slate-500">{option.count}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface BlogFiltersPanelProps {
  state: BlogListState;
  categories: BlogCategory[];
}

/**
 * The Filters toggle and its panel (categories, reading time, date range). A <details> element, so it
 * opens without JavaScript; its GET form filters at once when a choice changes, or on Apply.
 */
export function BlogFiltersPanel({ state, categories }: BlogFiltersPanelProps) {
  const clearHref = blogListHref(state, { category: ALL_CATEGORIES, readTime: '', dateRange: '' });
  return (
    <ListFiltersPanel
      action={BLOG_LIST_PATH}
      hidden={hiddenValues(state, ['category', 'readTime', 'dateRange'])}
      hrefFromForm={(form) => {
        const chosen = stateFromForm(form);
        return blogListHref(state, {
          category: chosen.category,
          readTime: chosen.readTime,
          dateRange: chosen.dateRange,
        });
      }}
      activeCount={[state.readTime, state.dateRange].filter(Boolean).length}
      formKey={`${state.category}|${state.readTime}|${state.dateRange}`}
      formLabel="Filter articles"
    >
      <div className="grid gap-6 sm:grid-cols-3">
        <RadioGroup
          legend="Category"
          name="category"
          selected={state.category}
          options={[
            { value: ALL_CATEGORIES, label: 'All categories' },
            ...categories.map((c) => ({ value: c.slug, label: c.name, count: c.post_count })),
          ]}
        />
        <RadioGroup
          legend="Reading time"
          name="readTime"
          selected={state.readTime}
          options={[{ value: '', label: 'Any length' }, ...blogReadTimeOptions]}
        />
        <RadioGroup
          legend="Date published"
          name="dateRange"
          selected={state.dateRange}
          options={[{ value: '', label: 'Any time' }, ...blogDateRangeOptions]}
        />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <button type="submit" className={buttonClasses({ size: 'sm' })}>
          Apply filters
        </button>
        <Link to={clearHref} preventScrollReset className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Reset
        </Link>
      </div>
    </ListFiltersPanel>
  );
}
