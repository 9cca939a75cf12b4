import type { ProjectSummary } from '../../../shared/contracts/portfolio';
import {
  PORTFOLIO_CARD_DESCRIPTION_LENGTH,
  PORTFOLIO_CARD_TECHNOLOGIES,
} from '../../../shared/contracts/portfolio-display.values';

/** Shown when a project has no title, description or category. */
export const UNTITLED_PROJECT = 'Untitled Project';
export const NO_DESCRIPTION = 'No description available';
export const DEFAULT_PROJECT_TAG = 'Project';
export const PORTFOLIO_PATH = '/portfolio';

/** The address of a project: its slug, or its id when it has none. */
export function projectHref(project: Pick<ProjectSummary, 'slug' | 'id'>): string {
  return `${PORTFOLIO_PATH}/${encodeURIComponent(project.slug || String(project.id))}`;
}

/** The card text: cut at 120 characters plus an ellipsis. */
export function cardDescription(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  if (!value) return NO_DESCRIPTION;
  if (value.length <= PORTFOLIO_CARD_DESCRIPTION_LENGTH) return value;
  return `${value.slice(0, PORTFOLIO_CARD_DESCRIPTION_LENGTH).trimEnd()}...`;
}

/** The first technologies of a card and how many more there are. */
export function cardTechnologies(technologies: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: technologies.slice(0, PORTFOLIO_CARD_TECHNOLOGIES),
    more: Math.max(0, technologies.length - PORTFOLIO_CARD_TECHNOLOGIES),
  };
}

/** The year of a YYYY-MM-DD completion date, or null. */
export function completionYear(date: string | null | undefined): string | null {
  const match = date ? /^(\d{4})-\d{2}-\d{2}/.exec(date) : null;
  return match ? (match[1] as string) : null;
}
