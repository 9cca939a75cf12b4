import { describe, expect, it } from 'vitest';
import { blogPath, listRequestParams, readListFilters, writeListFilters } from './blog-paths';

describe('blogPath', () => {
  it('builds the path of every view', () => {
    expect(blogPath({ kind: 'posts' })).toBe('/admin/blog');
    expect(blogPath({ kind: 'new' })).toBe('/admin/blog/new');
    expect(blogPath({ kind: 'edit', id: 42 })).toBe('/admin/blog/42/edit');
    expect(blogPath({ kind: 'categories' })).toBe('/admin/blog/categories');
    expect(blogPath({ kind: 'comments' })).toBe('/admin/blog/comments');
    expect(blogPath({ kind: 'subscribers' })).toBe('/admin/blog/subscribers');
  });
});

describe('list filters in the URL', () => {
  it('round-trips and leaves out defaults', () => {
    const filters = readListFilters(new URLSearchParams('status=draft&page=2&featured=featured&category=3&search=x'));
    expect(filters).toEqual({ search: 'x', category: '3', status: 'draft', featured: 'featured', page: 2 });
    expect(writeListFilters(filters).toString()).toBe('search=x&category=3&status=draft&featured=featured&page=2');
    expect(writeListFilters(readListFilters(new URLSearchParams('page=1&status='))).toString()).toBe('');
    expect(blogPath({ kind: 'edit', id: 7 }, '?status=draft')).toBe('/admin/blog/7/edit?status=draft');
  });

  it('ignores unknown values', () => {
    expect(readListFilters(new URLSearchParams('status=gone&featured=x&page=-3&category=web'))).toEqual({
      search: '',
      category: '',
      status: '',
      featured: '',
      page: 1,
    });
  });

  it('asks the API for drafts, published or both', () => {
    const base = readListFilters(new URLSearchParams(''));
    expect(listRequestParams(base)).toMatchObject({ published: '', featured: undefined, page: 1, limit: 10 });
    expect(listRequestParams({ ...base, status: 'draft', featured: 'not-featured' })).toMatchObject({
      published: 'false',
      featured: 'false',
    });
    expect(listRequestParams({ ...base, status: 'published', featured: 'featured' })).toMatchObject({
      published: 'true',
      featured: 'true',
    });
  });
});
