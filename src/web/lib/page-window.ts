/**
 * Page numbers a pager shows: a window of up to `size` pages around the current one, plus the first
 * and last page, with 'gap' where numbers are left out (spec 01: "window of 5 page buttons with
 * first/last and ellipses").
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
