import type { BlogCategory } from '../../../shared/contracts/blog';
import { ALL_CATEGORIES, blogSortLabels, type BlogListState } from './blog-list-state';

export const BLOG_RSS_PATH = '/blog/rss.xml';

/** The feed link every blog page carries (the feed itself is served by the server). */
export function blogFeedLink(companyName?: string) {
  return {
    rel: 'alternate',
    type: 'application/rss+xml',
    href: BLOG_RSS_PATH,
    title: companyName ? `${companyName} Blog` : 'Blog',
  };
}

/** Title and description of a list view, so each filtered address describes what it shows. */
export function blogListTitle(
  state: BlogListState,
  categories: BlogCategory[],
): { title: string; description: string } {
  const category = state.category !== ALL_CATEGORIES ? categories.find((c) => c.slug === state.category) : undefined;
  const parts: string[] = [];
  if (state.search) parts.push(`Search results for “${state.search}”`);
  else if (category) parts.push(`${category.name} Articles`);
  else if (state.tag) parts.push(`Articles about ${state.tag}`);
  else parts.push('Blog');
  if (state.sort !== 'newest') parts.push(blogSortLabels[state.sort]);
  if (state.page > 1) parts.push(`Page ${state.page}`);
  const description =
    category?.description ||
    (category
      ? `Articles about ${category.name}: practical guides and insights from our team.`
      : 'Insights and practical guides on web development, AI, blockchain, SEO and social media from our team.');
  return { title: parts.join(' – '), description };
}
