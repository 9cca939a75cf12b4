import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BlogCategory } from '../../../shared/contracts/blog';
import { safeHexColor } from '../../components/article/article-format';
import { cn } from '../../lib/cn';
import { ALL_CATEGORIES, blogListHref, type BlogListState } from './blog-list-state';

const pill =
  'inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium ring-1 ring-inset transition';

/**
 * One real link per category with published posts, so every category view is a crawlable address and
 * none leads to an empty list (the one open stays, whatever its count). On a phone the row scrolls
 * sideways: its right edge fades while there is more to see.
 */
export function BlogCategoryPills({ state, categories }: { state: BlogListState; categories: BlogCategory[] }) {
  const items = [
    { slug: ALL_CATEGORIES, name: 'All', color: undefined as string | undefined },
    ...categories
      .filter((c) => c.post_count > 0 || c.slug === state.category)
      .map((c) => ({ slug: c.slug, name: c.name, color: safeHexColor(c.color) })),
  ];
  const row = useRef<HTMLElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 4);
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [items.length]);
  return (
    <nav
      ref={row}
      aria-label="Blog categories"
      data-more={more ? '' : undefined}
      className={cn(
        '-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0',
        more && '[mask-image:linear-gradient(to_right,#000_80%,transparent)] sm:[mask-image:none]',
      )}
    >
      <ul className="flex gap-2 sm:flex-wrap">
        {items.map((item) => {
          const active = state.category === item.slug;
          return (
            <li key={item.slug}>
              <Link
                to={blogListHref(state, { category: item.slug })}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={cn(
                  pill,
                  active
                    ? 'bg-brand-600 text-white ring-brand-600 shadow-sm'
                    : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
                )}
              >
                {item.color && (
                  <span
                    aria-hidden="true"
                    className={cn('size-2 rounded-full', active && 'ring-2 ring-white/70')}
                    style={{ backgroundColor: item.color }}
                  />
                )}
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
