import { describe, expect, it } from 'vitest';
import { portfolioPath, projectListRequest, readProjectListState, writeProjectListState } from './portfolio-paths';

describe('portfolio admin paths', () => {
  it('builds paths that keep the list query', () => {
    expect(portfolioPath({ kind: 'list' })).toBe('/admin/portfolio');
    expect(portfolioPath({ kind: 'new' }, '?filter=featured')).toBe('/admin/portfolio/new?filter=featured');
    expect(portfolioPath({ kind: 'edit', id: 3 }, 'page=2')).toBe('/admin/portfolio/3/edit?page=2');
  });

  it('reads and writes the list state, dropping unknown values', () => {
    const state = readProjectListState(new URLSearchParams('search=shop&filter=completed&page=3'));
    expect(state).toEqual({ search: 'shop', filter: 'completed', page: 3 });
    expect(writeProjectListState(state).toString()).toBe('search=shop&filter=completed&page=3');
    expect(readProjectListState(new URLSearchParams('filter=bogus&page=-2'))).toEqual({
      search: '',
      filter: '',
      page: 1,
    });
    expect(writeProjectListState({ search: ' ', filter: '', page: 1 }).toString()).toBe('');
  });

  it('asks the API for the filter of the list', () => {
    expect(projectListRequest({ search: '', filter: 'completed', page: 1 })).toMatchObject({
      status: 'done',
      featured: undefined,
      published: '',
    });
    expect(projectListRequest({ search: '', filter: 'progress', page: 2 })).toMatchObject({
      status: 'progress',
      page: 2,
    });
    expect(projectListRequest({ search: 'x', filter: 'featured', page: 1 })).toMatchObject({
      featured: 'true',
      status: undefined,
      search: 'x',
    });
  });
});
