import { data, isRouteErrorResponse, redirect } from 'react-router';
import type { Route } from './+types/blog-post';
import { BLOG_RELATED_COUNT } from '../../shared/contracts/blog.values';
import { ArticlePage, preloadArticlePage } from '../features/blog/article-page';
import { BLOG_POST_NOT_FOUND, BLOG_POST_NOT_FOUND_TEXT, BlogPostNotFound } from '../features/blog/article-parts';
import { articleJsonLd, articleMetaExtras } from '../features/blog/article-meta';
import { blogFeedLink } from '../features/blog/blog-meta';
import { LazyErrorScreen } from '../features/errors/lazy-error-pages';
import { useRootData } from '../lib/root-data';
import { pageMeta, rootDataFromMatches } from '../lib/seo';
import { ogImageUrl } from '../../shared/contracts/image-variants';

const articlePath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await context.blog.getPost(params.slug);
  if (!post) throw data(null, { status: 404, statusText: BLOG_POST_NOT_FOUND });
  // An article reached by its id (or an old form of its address) lives at its slug.
  if (post.slug && params.slug !== post.slug) throw redirect(articlePath(post.slug), 301);

  const related = await context.blog.listRelatedPosts(post.slug, BLOG_RELATED_COUNT).catch((error: unknown) => {
    console.error('Related posts failed to load', error);
    return [];
  });
  // Streamed: the page shows while the comments load.
  const comments = context.blog.listComments(post.slug);
  return {
    post,
    related,
    comments,
    url: `${context.publicUrl}${articlePath(post.slug)}`,
  };
}

/** A client navigation brings the code of the parts below the article with its data (ADR 0023). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [pageData] = await Promise.all([serverLoader(), preloadArticlePage()]);
  return pageData;
}

export function meta({ matches, location, loaderData, error }: Route.MetaArgs) {
  if (error || !loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      matches,
      location,
      title: notFound ? BLOG_POST_NOT_FOUND : 'Oops! Something went wrong',
      description: notFound ? BLOG_POST_NOT_FOUND_TEXT : undefined,
      noIndex: true,
    });
  }
  const { post, url } = loaderData;
  const root = rootDataFromMatches(matches);
  // Uploaded images have a 1200x630 social-card size; other addresses are used as they are.
  const image = post.image_url ? ogImageUrl(post.image_url) : undefined;
  const meta = pageMeta({
    matches,
    location: { pathname: articlePath(post.slug) },
    title: post.seo_title || post.title,
    description: post.seo_description || post.excerpt,
    image,
    type: 'article',
  });
  meta.push(...articleMetaExtras(post));
  if (root) {
    const imageUrl = image && (/^https?:\/\//.test(image) ? image : `${root.publicUrl}${image}`);
    const { blogPosting, breadcrumb } = articleJsonLd(post, root, url, imageUrl);
    meta.push({ 'script:ld+json': blogPosting }, { 'script:ld+json': breadcrumb });
  }
  return meta;
}

export const links: Route.LinksFunction = () => [blogFeedLink()];

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related, comments, url } = loaderData;
  return <ArticlePage key={post.id} post={post} related={related} comments={comments} url={url} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) return <BlogPostNotFound />;
  return <LazyErrorScreen error={error} supportEmail={root?.company.email} publicUrl={root?.publicUrl} />;
}
