import { useEffect } from 'react';
import type { BlogComment, BlogPostDetail, BlogPostSummary } from '../../../shared/contracts/blog';
import { beacon } from '../../lib/analytics-beacon';
import { ArticleContent } from '../../components/article/article-content';
import { ArticleHeader } from '../../components/article/article-header';
import { ArticleHeroImage } from '../../components/article/article-hero-image';
import { Toaster } from '../../components/toaster';
import { ArticleSkeleton, useArticleNavigationPending } from './article-pending';
import { hydrateWhenVisible } from '../../lib/hydrate-when-visible';
import { ArticleBreadcrumb, ArticleCallToAction, BackToBlog } from './article-parts';
import { blogListHref, DEFAULT_BLOG_LIST_STATE } from './blog-list-state';
import { LikeButton } from './like-button';
import { ShareButton } from './share-buttons';

export interface ArticlePageProps {
  post: BlogPostDetail;
  related: BlogPostSummary[];
  comments: Promise<BlogComment[]>;
  /** The article's canonical address, shared and copied. */
  url: string;
}

/** Below the article: their code loads as they come near the viewport (ADR 0023). */
const ARTICLE_END_ANCHOR = 'article-end';
const End = hydrateWhenVisible(ARTICLE_END_ANCHOR, () => import('./article-end').then((m) => m.ArticleEnd));
const Related = hydrateWhenVisible('related', () => import('./related-articles').then((m) => m.RelatedArticles));
const Comments = hydrateWhenVisible('comments', () => import('./comments-section').then((m) => m.CommentsSection));

/** For a client navigation to an article: the page appears whole (see the route's clientLoader). */
export async function preloadArticlePage(): Promise<void> {
  await Promise.all([End.preload(), Related.preload(), Comments.preload()]);
}

const tagHref = (tag: string) => blogListHref(DEFAULT_BLOG_LIST_STATE, { tag });

/** /blog/{slug}: the whole article page. */
export function ArticlePage({ post, related, comments, url }: ArticlePageProps) {
  // The view is counted by its own call once the page runs, never by rendering it (so pages can be cached).
  useEffect(() => beacon(`/api/blog/posts/${post.id}/view`), [post.id]);
  const pending = useArticleNavigationPending();
  if (pending) return <ArticleSkeleton />;

  return (
    <article className="pb-20" data-post-id={post.id}>
      <Toaster />
      <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12 lg:px-8">
        <ArticleBreadcrumb title={post.title} />
        <div className="mt-6">
          <BackToBlog />
        </div>
        <div className="mt-8">
          <ArticleHeader
            title={post.title}
            excerpt={post.excerpt}
            categoryName={post.category?.name}
            categoryColor={post.category?.color}
            author={post.author}
            date={post.date}
            readTime={post.read_time}
            views={post.views}
            actions={
              <>
                <LikeButton key={post.id} postId={post.id} initialLikes={post.likes} />
                <ShareButton url={url} title={post.title} text={post.excerpt} />
              </>
            }
          />
        </div>
      </div>

      <div className="mx-auto mt-10 max-w-5xl px-4 sm:px-6 lg:px-8">
        <ArticleHeroImage src={post.image_url} alt={post.title} />
      </div>

      <div className="mx-auto mt-12 max-w-3xl px-4 sm:px-6 lg:px-8">
        <ArticleContent html={post.content} />
        <End.Component anchorId={ARTICLE_END_ANCHOR} tags={post.tags} tagHref={tagHref} url={url} title={post.title} />
      </div>

      <div className="mx-auto mt-16 max-w-5xl px-4 sm:px-6 lg:px-8">
        <Related.Component posts={related} />
      </div>

      <div className="mx-auto mt-16 max-w-3xl px-4 sm:px-6 lg:px-8">
        <Comments.Component key={post.id} postId={post.id} comments={comments} />
      </div>

      <div className="mx-auto mt-16 max-w-5xl px-4 sm:px-6 lg:px-8">
        <ArticleCallToAction />
      </div>
    </article>
  );
}
