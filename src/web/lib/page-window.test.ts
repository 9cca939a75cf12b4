import { describe, expect, it } from 'vitest';
import { PHONE_WINDOW, pagerItems, pageWindow, type PagerItem } from './page-window';

describe('pageWindow', () => {
  it('shows a window of 5 pages with the first, the last and gaps', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(7, 12)).toEqual([1, 'gap', 5, 6, 7, 8, 9, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 8, 9, 10, 11, 12]);
  });
});

/** What a pager shows at one width: its pages and '…' for its gaps. */
const shown = (items: PagerItem[], width: 'phone' | 'wide') =>
  items.filter((item) => item[width]).map((item) => ('gap' in item ? 'gap' : item.page));

/** [current, pages]: short lists, both ends, gaps on one side and on both. */
const CASES: Array<[number, number]> = [
  [1, 1],
  [2, 4],
  [1, 10],
  [6, 12],
  [12, 12],
  [9, 11],
];

describe('pagerItems', () => {
  it('shows the window of 5 from 640 px up, exactly as pageWindow', () => {
    for (const [current, pages] of CASES) {
      expect(shown(pagerItems(current, pages), 'wide')).toEqual(pageWindow(current, pages));
    }
  });

  it('shows a window of 3 with the first, the last and gaps on a phone', () => {
    for (const [current, pages] of CASES) {
      expect(shown(pagerItems(current, pages), 'phone')).toEqual(pageWindow(current, pages, PHONE_WINDOW));
    }
    expect(shown(pagerItems(6, 12), 'phone')).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
  });
});
