import type { BlogPostSummary } from '../../../shared/contracts/blog';
import { BlogCard } from '../../components/article/blog-card';

/** Up to 3 posts of the same category (the loader excludes the article itself). */
export function RelatedArticles({ posts }: { posts: BlogPostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section id="related" aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        Related Articles
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id} className="flex">
            <BlogCard post={post} headingLevel="h3" compact className="w-full" />
          </li>
        ))}
      </ul>
    </section>
  );
}
