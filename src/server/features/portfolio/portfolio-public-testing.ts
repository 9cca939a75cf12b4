import { beforeAll, expect } from 'vitest';
import { portfolioListDataSchema, projectSummarySchema } from '../../../shared/contracts/portfolio';
import type { DialectName } from '../../db/database';
import { demoProjects, type DemoProject } from '../../seed/demo-projects';
import { createSignedIn } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';

export const published = demoProjects.filter((p) => p.published);
export const hidden = demoProjects.find((p) => !p.published)!;
export const CACHE = 'public, max-age=60, stale-while-revalidate=600';
export const STAFF_CACHE = 'private, no-store';
export const STAFF_FIELDS = ['published', 'publication_status', 'publish_at', 'sort_order', 'updated_at', 'version'];
export const PUBLIC_KEYS = Object.keys(projectSummarySchema.shape)
  .filter((key) => !STAFF_FIELDS.includes(key))
  .sort();
export const UA = 'Mozilla/5.0 (portfolio test)';

export type Demo = DemoProject;
export const slugsOf = (list: Demo[]) => list.map((p) => p.slug);
export const newest = (list: Demo[]) => slugsOf([...list].sort((a, b) => b.created_at.localeCompare(a.created_at)));
export const lower = (value: string) => value.toLowerCase();
export const sameText = (a: string, b: string) => lower(a) === lower(b);

/** The documented "most alike first" order: same industry counts 3, each shared technology 1. */
export function relatedTo(source: Demo): string[] {
  const techs = new Set(source.technologies.map(lower));
  return published
    .filter((p) => p.slug !== source.slug)
    .map((p) => ({
      p,
      score: (sameText(p.industry, source.industry) ? 3 : 0) + p.technologies.filter((t) => techs.has(lower(t))).length,
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || b.p.created_at.localeCompare(a.p.created_at))
    .map((entry) => entry.p.slug);
}

/**
 * The app of the public portfolio tests on the seeded demo projects, a viewer's token, and the reads they
 * share.
 */
export function usePublicPortfolioCalls(dialect: DialectName) {
  const t = useTestApp(dialect);
  const staff = { token: '' };
  beforeAll(async () => {
    staff.token = (await createSignedIn(t.app, t.db.database.db, { role: 'viewer' })).token;
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const list = async (query = '', headers: Record<string, string> = {}) => {
    const res = await get(`/api/portfolio/projects${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return portfolioListDataSchema.parse(res.json().data);
  };
  const slugs = async (query = '', headers: Record<string, string> = {}) =>
    (await list(query, headers)).projects.map((p) => p.slug);
  const idOf = async (slug: string) => {
    const row = await t.db.database.db
      .selectFrom('portfolio_projects')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  return { t, staff, get, list, slugs, idOf };
}
