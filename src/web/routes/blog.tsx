import { data, redirect } from 'react-router';
import type { Route } from './+types/blog';
import { BLOG_PAGE_SIZE } from '../../shared/contracts/blog.values';
import { BlogListPage, preloadBlogListPage } from '../features/blog/blog-list-page';
import {
  blogListHref,
  blogListParams,
  blogListQuery,
  BLOG_LIST_PATH,
  parseBlogListState,
} from '../features/blog/blog-list-state';
import { blogFeedLink, blogListTitle } from '../features/blog/blog-meta';
import { pageMeta } from '../lib/seo';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = parseBlogListState(url.searchParams);
  // One address per view: defaults, blanks and unknown values are dropped (e.g. after a no-JS form submit).
  const query = blogListParams(state).toString();
  if (url.search !== (query ? `?${query}` : '')) {
    throw redirect(query ? `${BLOG_LIST_PATH}?${query}` : BLOG_LIST_PATH, 301);
  }

  const [list, categories] = await Promise.all([
    context.blog.listPosts(blogListQuery(state, BLOG_PAGE_SIZE)).catch((error: unknown) => {
      console.error('Blog list failed to load', error);
      return null;
    }),
    context.blog.listCategories().catch((error: unknown) => {
      console.error('Blog categories failed to load', error);
      return [];
    }),
  ]);
  // A page past the end (the list got shorter since the link was made) shows the last page.
  if (list && list.pages > 0 && state.page > list.pages) {
    throw redirect(blogListHref(state, { page: list.pages }));
  }
  return data({ state, list, categories }, { status: list === null ? 503 : 200 });
}

/** A client navigation brings the code of the parts below the list with its data (ADR 0023). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [pageData] = await Promise.all([serverLoader(), preloadBlogListPage()]);
  return pageData;
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta({ matches, location, title: 'Blog' });
  const { state, categories } = loaderData;
  const { title, description } = blogListTitle(state, categories);
  const query = blogListParams(state).toString();
  return pageMeta({
    matches,
    location: { pathname: query ? `${BLOG_LIST_PATH}?${query}` : BLOG_LIST_PATH },
    title,
    description,
    // Search results are for visitors, not for the index; the filtered views are.
    noIndex: state.search !== '',
  });
}

export const links: Route.LinksFunction = () => [blogFeedLink()];

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogListPage state={loaderData.state} list={loaderData.list} categories={loaderData.categories} />;
}
