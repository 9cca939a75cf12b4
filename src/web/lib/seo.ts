import type { MetaDescriptor } from 'react-router';
import type { RootData } from './root-data';

interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
}

export interface PageMetaOptions {
  /** The `matches` a meta function receives; the root loader data is read from them. */
  matches: ReadonlyArray<MetaMatchLike | undefined>;
  location: { pathname: string };
  /** Page title; the company name is appended. Omit it for the home page. */
  title?: string;
  /** Defaults to the company's value proposition. */
  description?: string;
  /** Absolute URL or a path on this site. */
  image?: string;
  type?: 'website' | 'article';
  /** Error and not-found pages must not be indexed. */
  noIndex?: boolean;
  /** Structured data (JSON-LD), rendered by React Router as an application/ld+json data block. */
  jsonLd?: Record<string, unknown>;
}

export function rootDataFromMatches(matches: ReadonlyArray<MetaMatchLike | undefined>): RootData | undefined {
  const root = matches.find((match) => match?.id === 'root');
  const data = root?.loaderData as Partial<RootData> | undefined;
  return data?.company && data.seo && typeof data.publicUrl === 'string' ? (data as RootData) : undefined;
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * The meta array of a public page: title, description, canonical link and Open Graph / Twitter card.
 * URLs are built from the configured public URL (root loader data), never from the request's Host.
 */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const root = rootDataFromMatches(options.matches);
  const company = root?.company;

  const title = options.title
    ? company
      ? `${options.title} | ${company.name}`
      : options.title
    : root?.seo.siteTitle || (company ? `${company.name} | ${company.tagline}` : 'Home');
  const description = options.description ?? (root?.seo.metaDescription || company?.valueProposition || '');

  const meta: MetaDescriptor[] = [{ title }];
  if (description) meta.push({ name: 'description', content: description });
  if (root && root.seo.keywords.length > 0) meta.push({ name: 'keywords', content: root.seo.keywords.join(', ') });
  if (options.noIndex) meta.push({ name: 'robots', content: 'noindex' });

  meta.push({ property: 'og:title', content: options.title ?? title });
  if (description) meta.push({ property: 'og:description', content: description });
  meta.push({ property: 'og:type', content: options.type ?? 'website' });
  if (company) meta.push({ property: 'og:site_name', content: company.name });

  if (root) {
    const url = absolute(root.publicUrl, options.location.pathname);
    meta.push({ tagName: 'link', rel: 'canonical', href: url });
    meta.push({ property: 'og:url', content: url });
  }
  if (options.image) {
    meta.push({ property: 'og:image', content: root ? absolute(root.publicUrl, options.image) : options.image });
  }

  meta.push({ name: 'twitter:card', content: options.image ? 'summary_large_image' : 'summary' });
  meta.push({ name: 'twitter:title', content: options.title ?? title });
  if (description) meta.push({ name: 'twitter:description', content: description });

  if (options.jsonLd) meta.push({ 'script:ld+json': options.jsonLd });
  return meta;
}
