import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_PORTFOLIO_LIST_STATE,
  parseGoToPage,
  parsePortfolioListState,
  portfolioListHref,
  portfolioListQuery,
  resultSummary,
} from './portfolio-list-state';

const parse = (query: string) => parsePortfolioListState(new URLSearchParams(query));

describe('the portfolio list state', () => {
  it('reads the address and falls back to the defaults for blank or unknown values', () => {
    expect(parse('')).toEqual(DEFAULT_PORTFOLIO_LIST_STATE);
    expect(parse('industry=&technology=all&sort=popular&page=abc')).toEqual(DEFAULT_PORTFOLIO_LIST_STATE);
    expect(parse('industry=Finance&technology=React&search=%20shop%20&sort=client&page=3')).toEqual({
      industry: 'Finance',
      technology: 'React',
      search: 'shop',
      sort: 'client',
      page: 3,
    });
    expect(parse('sort=alphabetical').sort).toBe('title');
    expect(parse('page=0').page).toBe(1);
  });

  it('writes only non-default values in a fixed order and resets the page on other changes', () => {
    const state = parse('page=2&sort=oldest&technology=React&industry=Finance');
    expect(portfolioListHref(state, { page: 2 })).toBe(
      '/portfolio?industry=Finance&technology=React&sort=oldest&page=2',
    );
    expect(portfolioListHref(state, { sort: 'newest' })).toBe('/portfolio?industry=Finance&technology=React');
    expect(portfolioListHref(DEFAULT_PORTFOLIO_LIST_STATE)).toBe('/portfolio');
  });

  it('counts the filters and builds the summary and the API query', () => {
    const state = parse('industry=Finance&technology=React&search=pay');
    expect(activeFilterCount(state)).toBe(3);
    expect(activeFilterCount(parse('sort=client&page=2'))).toBe(0);
    expect(resultSummary(1, state)).toBe('1 project found in Finance using React matching “pay”');
    expect(resultSummary(0, DEFAULT_PORTFOLIO_LIST_STATE)).toBe('0 projects found');
    expect(portfolioListQuery(DEFAULT_PORTFOLIO_LIST_STATE)).toEqual({
      page: 1,
      limit: 6,
      industry: undefined,
      technology: undefined,
      search: undefined,
      sort: 'newest',
    });
  });

  it('accepts only whole page numbers from 1 to the page count', () => {
    expect(parseGoToPage('7', 12)).toBe(7);
    expect(parseGoToPage(' 12 ', 12)).toBe(12);
    for (const bad of ['0', '13', '2.5', '-1', '', 'x', '1e1']) expect(parseGoToPage(bad, 12)).toBeNull();
  });
});
