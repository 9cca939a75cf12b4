import { ArrowRight, CalendarDays, Clock, Eye, Heart } from '../icons';
import { Link } from 'react-router';
import type { BlogPostSummary } from '../../../shared/contracts/blog';
import { cn } from '../../lib/cn';
import { ResponsiveImage } from '../responsive-image';
import { formatCount, formatShortDate } from './article-format';
import { CategoryBadge } from './category-badge';

/** The address of an article: its slug, or its id when it has none. */
export function blogPostHref(post: Pick<BlogPostSummary, 'slug' | 'id'>): string {
  return `/blog/${encodeURIComponent(post.slug || String(post.id))}`;
}

export interface BlogCardProps {
  post: BlogPostSummary;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** Compact cards (related articles) show only the read time under the title. */
  compact?: boolean;
  /** The first card of a list: its image is the page's main one (loaded at once, high priority). */
  priority?: boolean;
  className?: string;
}

/** A post as lists show it: lazy image, category, title, excerpt and meta; the whole card is one link. */
export function BlogCard({ post, headingLevel: Heading = 'h2', compact, priority, className }: BlogCardProps) {
  const href = blogPostHref(post);
  return (
    <article
      data-blog-card=""
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-200',
        'focus-within:ring-2 focus-within:ring-brand-500 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg hover:shadow-brand-900/5',
        className,
      )}
    >
      <ResponsiveImage
        src={post.image_url}
        alt=""
        aspectRatio="16 / 9"
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        priority={priority}
        imgClassName="transition duration-300 group-hover:scale-[1.03]"
      />
      {/* A long word or a pasted address in the staff's text breaks anywhere rather than widening the page
          ('anywhere', unlike 'break-word', also lets the card's grid column shrink to the screen). */}
      <div className="flex flex-1 flex-col p-5 wrap-anywhere sm:p-6">
        <div>
          <CategoryBadge name={post.category?.name} color={post.category?.color} />
        </div>
        <Heading
          className={cn(
            'mt-3 font-semibold tracking-tight text-slate-900 group-hover:text-brand-700',
            compact ? 'text-base leading-snug' : 'text-lg leading-snug',
          )}
        >
          {/* The link covers the card so the whole card is clickable, with one accessible name. */}
          <Link to={href} className="focus:outline-none" prefetch="intent">
            <span aria-hidden="true" className="absolute inset-0" />
            {post.title}
          </Link>
        </Heading>
        {!compact && <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{post.excerpt}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-4 text-xs text-slate-500">
          {!compact && (
            <span className="flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              <time dateTime={post.date}>{formatShortDate(post.date)}</time>
            </span>
          )}
          <span className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {post.read_time}
          </span>
          {!compact && (
            <>
              <span className="flex items-center gap-1">
                <Eye className="size-3.5" aria-hidden="true" />
                {formatCount(post.views)}
                <span className="sr-only"> views</span>
              </span>
              <span className="flex items-center gap-1">
                <Heart className="size-3.5" aria-hidden="true" />
                {formatCount(post.likes)}
                <span className="sr-only"> likes</span>
              </span>
            </>
          )}
          {compact && (
            <span className="ml-auto flex items-center gap-1 font-medium text-brand-700">
              Read
              <ArrowRight className="size-3.5" aria-hidden="true" />
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
