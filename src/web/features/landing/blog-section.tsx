import { ArrowRight } from '../../components/icons';
import type { BlogPostSummary } from '../../../shared/contracts/blog';
import { BlogCard } from '../../components/article/blog-card';
import { Button } from '../../components/button';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SectionHeading } from '../../components/section-heading';

export const BLOG_DATA_FAILED = 'Failed to load blog posts';

/** The #blog section. `posts` is null when they could not be loaded. */
export function BlogSection({ posts }: { posts: BlogPostSummary[] | null }) {
  if (posts !== null && posts.length === 0) return null;
  return (
    <section
      id="blog"
      aria-labelledby="blog-heading"
      className="render-when-near [--near-height:1800px] lg:[--near-height:850px] bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start justify-between gap-6 sm:flex-row sm:items-end">
          <SectionHeading
            eyebrow="Blog"
            id="blog-heading"
            title="Latest Insights & Articles"
            intro="Practical advice on web development, AI and digital growth from our team."
            className="max-w-2xl"
          />
          <Button to="/blog" variant="secondary" className="shrink-0">
            View All Articles
            <ArrowRight aria-hidden="true" />
          </Button>
        </div>

        {posts === null ? (
          <LoadFailedAlert title={BLOG_DATA_FAILED} className="mt-10">
            Please try again in a moment.
          </LoadFailedAlert>
        ) : (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} className="flex">
                <BlogCard post={post} headingLevel="h3" className="w-full" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
