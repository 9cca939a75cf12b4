import type { MetaDescriptor } from 'react-router';
import type { BlogPostDetail } from '../../../shared/contracts/blog';
import type { RootData } from '../../lib/root-data';

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
