import { describe, expect, it } from 'vitest';
import { BLOG_SEARCH_MAX_RESULTS } from '../../../shared/contracts/blog.values';
import {
  blogListHref,
  DEFAULT_BLOG_LIST_STATE,
  hasActiveFilters,
  parseBlogListState,
  resultCountText,
} from './blog-list-state';

const parse = (query: string) => parseBlogListState(new URLSearchParams(query));

describe('blog list state', () => {
  it('reads defaults from an empty address', () => {
    expect(parse('')).toEqual(DEFAULT_BLOG_LIST_STATE);
  });

  it('reads every value and writes back only the non-default ones, in a fixed order', () => {
    const state = parse('page=3&sort=popular&category=AI&search=%20cloud%20&readTime=quick&dateRange=year&tag=seo');
    expect(state).toEqual({
      category: 'ai',
      search: 'cloud',
      tag: 'seo',
      sort: 'popular',
      readTime: 'quick',
      dateRange: 'year',
      page: 3,
    });
    expect(blogListHref(state, { page: 3 })).toBe(
      '/blog?category=ai&search=cloud&tag=seo&sort=popular&readTime=quick&dateRange=year&page=3',
    );
  });

  it('drops unknown and malformed values', () => {
    expect(parse('sort=random&page=-2&readTime=forever&dateRange=decade&category=all')).toEqual(
      DEFAULT_BLOG_LIST_STATE,
    );
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
  });

  it('goes back to page 1 when a filter changes, and omits defaults', () => {
    const state = parse('category=ai&page=2');
    expect(blogListHref(state, { category: 'seo' })).toBe('/blog?category=seo');
    expect(blogListHref(state, { category: 'all' })).toBe('/blog');
    expect(blogListHref(state, { page: 1 })).toBe('/blog?category=ai');
    expect(blogListHref(state, { sort: 'newest', page: 4 })).toBe('/blog?category=ai&page=4');
  });

  it('accepts q as another name for search', () => {
    expect(parse('q=react').search).toBe('react');
  });

  it('knows when a filter narrows the list', () => {
    expect(hasActiveFilters(DEFAULT_BLOG_LIST_STATE)).toBe(false);
    expect(hasActiveFilters(parse('sort=oldest&page=2'))).toBe(false);
    expect(hasActiveFilters(parse('readTime=long'))).toBe(true);
  });

  it('shows a search total at the cap as "1,000+" (a search answers at most that many posts)', () => {
    const searching = parse('search=cloud');
    expect(BLOG_SEARCH_MAX_RESULTS).toBe(1000);
    expect(resultCountText(999, searching)).toBe('999');
    expect(resultCountText(1000, searching)).toBe('1,000+');
    // Without a search every post is counted: the total is exact.
    expect(resultCountText(1000, DEFAULT_BLOG_LIST_STATE)).toBe('1000');
    expect(resultCountText(1, parse('search=cloud'))).toBe('1');
  });
});
