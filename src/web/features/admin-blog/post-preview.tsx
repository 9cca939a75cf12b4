import { Eye } from '../../components/icons';
import type { BlogCategory } from '../../../shared/contracts/blog';
import type { BlogPostInput } from '../../../shared/contracts/blog-admin';
import { ArticleContent } from '../../components/article/article-content';
import { ArticleHeader } from '../../components/article/article-header';
import { ArticleHeroImage } from '../../components/article/article-hero-image';
import { ArticleTags } from '../../components/article/article-tags';
import { Badge } from '../../components/badge';

export interface PostPreviewProps {
  /** The form after the blog-form rules (defaults filled in), as the server will store it. */
  post: BlogPostInput;
  category: BlogCategory | undefined;
}

/**
 * The post as the public article page shows it, through the same article components. The content is
 * the editor's own HTML (only the editor's schema can produce it); the server sanitises it on save.
 */
export function PostPreview({ post, category }: PostPreviewProps) {
  return (
    <section aria-label="Preview" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-5 py-3 text-sm text-slate-600">
        <Eye className="size-4" aria-hidden="true" />
        <span className="font-medium">Preview</span>
        <span className="hidden sm:inline">— how visitors will see this post</span>
        <Badge tone={post.published ? 'success' : 'warning'} className="ml-auto">
          {post.published ? 'Published' : 'Draft'}
        </Badge>
      </div>
      {/* The article page's own column widths: text at max-w-3xl, the image at max-w-5xl. */}
      <article className="pt-8 pb-12 sm:pt-12" data-post-preview>
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <ArticleHeader
            title={post.title || 'Untitled post'}
            excerpt={post.excerpt}
            categoryName={category?.name}
            categoryColor={category?.color}
            author={post.author}
            date={post.date}
            readTime={post.read_time}
          />
        </div>
        <div className="mx-auto mt-10 max-w-5xl px-4 sm:px-6 lg:px-8">
          <ArticleHeroImage src={post.image_url || null} alt={post.title} />
        </div>
        <div className="mx-auto mt-12 max-w-3xl px-4 sm:px-6 lg:px-8">
          <ArticleContent html={post.content} />
          <div className="mt-12 flex flex-col gap-8 border-t border-slate-200 pt-8">
            <ArticleTags tags={post.tags} />
          </div>
        </div>
      </article>
    </section>
  );
}
