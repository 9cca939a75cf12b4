import { Hash } from '../icons';
import { Link } from 'react-router';

export interface ArticleTagsProps {
  tags: readonly string[];
  /** Where a chip leads (e.g. a tag filter of the blog list); plain chips when omitted (admin preview). */
  hrefFor?: (tag: string) => string;
  title?: string;
}

const chip =
  'inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 ring-inset';

/** The 'Related Topics' chips of an article. */
export function ArticleTags({ tags, hrefFor, title = 'Related Topics' }: ArticleTagsProps) {
  if (tags.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wider text-slate-900 uppercase">{title}</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag}>
            {hrefFor ? (
              <Link
                to={hrefFor(tag)}
                className={`${chip} transition hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200`}
              >
                <Hash className="size-3.5 text-slate-400" aria-hidden="true" />
                {tag}
              </Link>
            ) : (
              <span className={chip}>
                <Hash className="size-3.5 text-slate-400" aria-hidden="true" />
                {tag}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
