import { CalendarDays, Clock, Eye } from '../icons';
import type { ReactNode } from 'react';
import { formatReadTime } from '../../../shared/contracts/blog.values';
import { formatCount, formatLongDate } from './article-format';
import { CategoryBadge } from './category-badge';

export interface ArticleHeaderProps {
  title: string;
  excerpt?: string | null;
  categoryName?: string | null;
  categoryColor?: string | null;
  author: string;
  /** YYYY-MM-DD. */
  date: string;
  /** 'N min read', or the minutes. */
  readTime: string | number;
  views?: number;
  /** Likes / share buttons, shown under the meta line. */
  actions?: ReactNode;
}

function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}

/** Category badge, title, excerpt and the author / date / read time / views line of an article. */
export function ArticleHeader({
  title,
  excerpt,
  categoryName,
  categoryColor,
  author,
  date,
  readTime,
  views,
  actions,
}: ArticleHeaderProps) {
  const readTimeText = typeof readTime === 'number' ? formatReadTime(readTime) : readTime;
  return (
    // A long word or a pasted address in the staff's text breaks anywhere rather than widening the page.
    <header className="wrap-anywhere">
      <CategoryBadge name={categoryName} color={categoryColor} className="px-3 py-1 text-sm" />
      <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl lg:text-5xl lg:leading-[1.1]">
        {title}
      </h1>
      {excerpt && <p className="mt-4 text-lg leading-8 text-slate-600 sm:text-xl">{excerpt}</p>}
      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-slate-600">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-linear-to-br from-brand-500 to-accent-500 text-base font-semibold text-white"
          >
            {initialOf(author)}
          </span>
          <span className="font-medium text-slate-900">
            <span className="sr-only">By </span>
            {author}
          </span>
        </div>
        <span className="flex items-center gap-1.5">
          <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
          <time dateTime={date}>{formatLongDate(date)}</time>
        </span>
        <span className="flex items-center gap-1.5">
          <Clock className="size-4 text-slate-400" aria-hidden="true" />
          {readTimeText}
        </span>
        {views !== undefined && (
          <span className="flex items-center gap-1.5">
            <Eye className="size-4 text-slate-400" aria-hidden="true" />
            {formatCount(views)} {views === 1 ? 'view' : 'views'}
          </span>
        )}
      </div>
      {actions && <div className="mt-6 flex flex-wrap items-center gap-3">{actions}</div>}
    </header>
  );
}
