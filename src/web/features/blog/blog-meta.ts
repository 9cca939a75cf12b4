import type { MetaDescriptor } from 'react-router';
import type { BlogCategory, BlogPostDetail } from '../../../shared/contracts/blog';
import type { RootData } from '../../lib/root-data';
import { blogSortLabels } from './blog-sort-select';
import { ALL_CATEGORIES, type BlogListState } from './blog-list-state';

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

/** Structured data of an article page: the post and its breadcrumb trail. */
export function articleJsonLd(post: BlogPostDetail, root: RootData, url: string, imageUrl: string | undefined) {
  const description = post.seo_description || post.excerpt;
  const blogPosting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    datePublished: post.date,
    dateModified: post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: root.company.name, url: `${root.publicUrl}/` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    keywords: post.seo_keywords.length > 0 ? post.seo_keywords.join(', ') : post.tags.join(', ') || undefined,
    articleSection: post.category?.name,
    interactionStatistic: [
      {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/LikeAction',
        userInteractionCount: post.likes,
      },
      {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/ReadAction',
        userInteractionCount: post.views,
      },
    ],
  };
  if (imageUrl) blogPosting.image = [imageUrl];
  const breadcrumb = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${root.publicUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: `${root.publicUrl}/blog` },
      { '@type': 'ListItem', position: 3, name: post.title, item: url },
    ],
  };
  return { blogPosting, breadcrumb };
}

/** Open Graph article details beyond what pageMeta writes. */
export function articleMetaExtras(post: BlogPostDetail): MetaDescriptor[] {
  const extras: MetaDescriptor[] = [
    { property: 'article:published_time', content: post.date },
    { property: 'article:author', content: post.author },
  ];
  if (post.category) extras.push({ property: 'article:section', content: post.category.name });
  for (const tag of post.tags) extras.push({ property: 'article:tag', content: tag });
  const keywords = post.seo_keywords.length > 0 ? post.seo_keywords : post.tags;
  if (keywords.length > 0) extras.push({ name: 'keywords', content: keywords.join(', ') });
  return extras;
}
