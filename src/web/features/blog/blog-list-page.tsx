import { SearchX, X } from '../../components/icons';
import { Link } from 'react-router';
import type { BlogCategory, BlogListData } from '../../../shared/contracts/blog';
import { blogDateRangeOptions, blogReadTimeOptions } from '../../../shared/contracts/blog.values';
import { NoResults } from '../../components/list-controls';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { ListPageHero } from '../../components/section-heading';
import { BlogCard } from '../../components/article/blog-card';
import { Button } from '../../components/button';
import { hydrateWhenVisible } from '../../lib/hydrate-when-visible';
import { ArticleSkeleton, useArticleNavigationPending } from './article-pending';
import { BlogCategoryPills } from './blog-category-pills';
import { BlogFiltersPanel } from './blog-filters-panel';
import { ALL_CATEGORIES, blogListHref, hasActiveFilters, resultCountText, type BlogListState } from './blog-list-state';
import { BlogSearchForm } from './blog-search-form';
import { BlogSortSelect } from './blog-sort-select';

const PAGINATION_ANCHOR = 'pagination';
const NEWSLETTER_ANCHOR = 'newsletter';
/** Below the list: their code loads as they come near the viewport (ADR 0023). */
const Pagination = hydrateWhenVisible(PAGINATION_ANCHOR, () =>
  import('./blog-pagination').then((m) => m.BlogPagination),
);
const Newsletter = hydrateWhenVisible(NEWSLETTER_ANCHOR, () => import('./newsletter-box').then((m) => m.NewsletterBox));

/** For a client navigation to the list: the page appears whole (see the route's clientLoader). */
export async function preloadBlogListPage(): Promise<void> {
  await Promise.all([Pagination.preload(), Newsletter.preload()]);
}

export const BLOG_POSTS_FAILED = 'Failed to load blog posts';

export interface BlogListPageProps {
  state: BlogListState;
  /** Null when the posts could not be read. */
  list: BlogListData | null;
  categories: BlogCategory[];
}

function ActiveFilterChips({ state, categories }: { state: BlogListState; categories: BlogCategory[] }) {
  const chips: Array<{ label: string; href: string }> = [];
  if (state.category !== ALL_CATEGORIES) {
    const name = categories.find((c) => c.slug === state.category)?.name ?? state.category;
    chips.push({ label: `Category: ${name}`, href: blogListHref(state, { category: ALL_CATEGORIES }) });
  }
  if (state.search) chips.push({ label: `Search: “${state.search}”`, href: blogListHref(state, { search: '' }) });
  if (state.tag) chips.push({ label: `Topic: ${state.tag}`, href: blogListHref(state, { tag: '' }) });
  const readTime = blogReadTimeOptions.find((o) => o.value === state.readTime);
  if (readTime) chips.push({ label: readTime.label, href: blogListHref(state, { readTime: '' }) });
  const dateRange = blogDateRangeOptions.find((o) => o.value === state.dateRange);
  if (dateRange) chips.push({ label: dateRange.label, href: blogListHref(state, { dateRange: '' }) });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={chip.href}
            preventScrollReset
            className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-xs font-medium text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
          >
            {chip.label}
            <X className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(remove)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ResultCount({ total, state }: { total: number; state: BlogListState }) {
  const noun = total === 1 ? 'article' : 'articles';
  return (
    <p className="text-sm text-slate-600" aria-live="polite" data-result-count="">
      <span className="font-semibold text-slate-900">{resultCountText(total, state)}</span> {noun} found
      {state.page > 1 && <span className="text-slate-500"> · page {state.page}</span>}
    </p>
  );
}

function NoArticles({ state }: { state: BlogListState }) {
  const clearHref = blogListHref(state, {
    category: ALL_CATEGORIES,
    search: '',
    tag: '',
    readTime: '',
    dateRange: '',
  });
  return (
    <NoResults
      icon={SearchX}
      title="No articles found"
      message={
        hasActiveFilters(state)
          ? 'No article matches your search or filters. Try other words or clear the filters.'
          : 'There are no articles on this page.'
      }
      action={
        <Button to={clearHref} variant="secondary" className="mt-6">
          Clear Filters
        </Button>
      }
    />
  );
}

/** /blog: search, filters, category pills, result count, post grid, pagination and the newsletter box. */
export function BlogListPage({ state, list, categories }: BlogListPageProps) {
  const pending = useArticleNavigationPending();
  if (pending) return <ArticleSkeleton />;

  return (
    <>
      <ListPageHero
        eyebrow="Our Blog"
        title="Insights & Articles"
        intro="Practical guides on web development, AI, blockchain, SEO and social media from the team that builds for our clients every day."
      >
        <BlogSearchForm state={state} />
      </ListPageHero>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <div className="flex flex-col gap-4">
          <BlogCategoryPills state={state} categories={categories} />
          <BlogFiltersPanel state={state} categories={categories} />
          <ActiveFilterChips state={state} categories={categories} />
        </div>

        {list === null ? (
          <LoadFailedAlert title={BLOG_POSTS_FAILED} className="mt-8">
            Please try again in a moment.
          </LoadFailedAlert>
        ) : (
          <>
            <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
              <ResultCount total={list.total} state={state} />
              <BlogSortSelect state={state} />
            </div>
            {list.posts.length === 0 ? (
              <div className="mt-6">
                <NoArticles state={state} />
              </div>
            ) : (
              <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Articles">
                {list.posts.map((post, index) => (
                  <li key={post.id} className="flex">
                    <BlogCard post={post} priority={index === 0} className="w-full" />
                  </li>
                ))}
              </ul>
            )}
            <div id={PAGINATION_ANCHOR} className="mt-10">
              <Pagination.Component state={state} pages={list.pages} />
            </div>
          </>
        )}

        <Newsletter.Component anchorId={NEWSLETTER_ANCHOR} className="mt-16" />
      </div>
    </>
  );
}
