import { useEffect } from 'react';
import type { BlogComment, BlogPostDetail, BlogPostSummary } from '../../../shared/contracts/blog';
import { beacon } from '../../lib/analytics-beacon';
import { ArticleContent } from '../../components/article/article-content';
import { ArticleHeader } from '../../components/article/article-header';
import { ArticleHeroImage } from '../../components/article/article-hero-image';
import { ArticleTags } from '../../components/article/article-tags';
import { Toaster } from '../../components/toaster';
import { ArticleSkeleton, useArticleNavigationPending } from './article-pending';
import { ArticleBreadcrumb, ArticleCallToAction, BackToBlog, RelatedArticles } from './article-parts';
import { blogListHref, DEFAULT_BLOG_LIST_STATE } from './blog-list-state';
import { CommentsSection } from './comments-section';
import { LikeButton } from './like-button';
import { ShareButton, ShareOnLinks } from './share-buttons';

export interface ArticlePageProps {
  post: BlogPostDetail;
  related: BlogPostSummary[];
  comments: Promise<BlogComment[]>;
  /** The article's canonical address, shared and copied. */
  url: string;
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
        <div className="mt-12 flex flex-col gap-8 border-t border-slate-200 pt-8">
          <ArticleTags tags={post.tags} hrefFor={tagHref} />
          <ShareOnLinks url={url} title={post.title} />
        </div>
      </div>

      <div className="mx-auto mt-16 max-w-5xl px-4 sm:px-6 lg:px-8">
        <RelatedArticles posts={related} />
      </div>

      <div className="mx-auto mt-16 max-w-3xl px-4 sm:px-6 lg:px-8">
        <CommentsSection key={post.id} postId={post.id} comments={comments} />
      </div>

      <div className="mx-auto mt-16 max-w-5xl px-4 sm:px-6 lg:px-8">
        <ArticleCallToAction />
      </div>
    </article>
  );
}
