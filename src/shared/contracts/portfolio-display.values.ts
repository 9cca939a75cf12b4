/*
 * What the public portfolio pages show of projects: the list's page size, the cards' lengths and the status
 * label. Apart from portfolio.values.ts (the admin's option lists, limits and texts), so that a visitor's
 * pages do not download those (ADR 0023). src/shared/contracts/portfolio.ts re-exports them.
 */

/** Portfolio list page size. */
export const PORTFOLIO_PAGE_SIZE = 6;
/** Landing cards and the admin table show this many technologies. */
export const PORTFOLIO_CARD_TECHNOLOGIES = 3;
export const PORTFOLIO_CARD_DESCRIPTION_LENGTH = 120;

/** What the public side shows for a status: Completed for done/completed, In Progress otherwise. */
export function projectStatusLabel(status: string | null | undefined): 'Completed' | 'In Progress' {
  return status === 'done' || status === 'completed' ? 'Completed' : 'In Progress';
}
