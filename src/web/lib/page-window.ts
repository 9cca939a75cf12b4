/**
 * Page numbers a pager shows: a window of up to `size` pages around the current one, plus the first
 * and last page, with 'gap' where numbers are left out.
 */
export function pageWindow(current: number, pages: number, size = 5): (number | 'gap')[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(pages, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: (number | 'gap')[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < pages - 1) items.push('gap');
  if (end < pages) items.push(pages);
  return items;
}

/** How many pages around the current one a pager shows on a phone (below Tailwind's sm, 640 px). */
export const PHONE_WINDOW = 3;

/** An entry of a pager, with where it shows: `phone` below 640 px, `wide` from 640 px up. */
export type PagerItem = { page: number; phone: boolean; wide: true } | { gap: true; phone: boolean; wide: boolean };

const isPage = (item: number | 'gap'): item is number => item !== 'gap';

/**
 * The entries of a pager for every width at once: pageWindow's window of 5 from 640 px up, and a window of
 * PHONE_WINDOW on a phone, where 5 pages, the first, the last, two gaps and the two arrows do not fit one
 * row. The page is rendered once for both (server-side, before any width is known), so an entry of one
 * layout only is hidden by CSS in the other.
 */
export function pagerItems(current: number, pages: number): PagerItem[] {
  const wide = pageWindow(current, pages).filter(isPage);
  const phone = pageWindow(current, pages, PHONE_WINDOW).filter(isPage);
  const items: PagerItem[] = [];
  wide.forEach((page, index) => {
    const onPhone = phone.includes(page);
    items.push({ page, phone: onPhone, wide: true });
    const next = wide[index + 1];
    if (next === undefined) return;
    const nextOnPhone = phone.find((p) => p > page);
    const wideGap = next > page + 1;
    const phoneGap = onPhone && nextOnPhone !== undefined && nextOnPhone > page + 1;
    if (wideGap || phoneGap) items.push({ gap: true, phone: phoneGap, wide: wideGap });
  });
  return items;
}
