import { sql, type Kysely } from 'kysely';
import { countWithSlugs, scheduledItems } from '../../db/publishable-items';
import type { DB } from '../../db/schema';

const num = (value: unknown) => Number(value ?? 0);

/** Projects in all, completed and featured, per industry, and the `topTechnologies` most used (the analytics dashboards). */
export async function portfolioFigures(db: Kysely<DB>, topTechnologies: number) {
  const [totals, industries, technologies] = await Promise.all([
    db
      .selectFrom('portfolio_projects')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when status = 'done' then 1 else 0 end), 0)`.as('completed'),
        sql<number>`coalesce(sum(featured), 0)`.as('featured'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('portfolio_projects')
      .select(['industry', sql<number>`count(*)`.as('count')])
      .groupBy('industry')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('industry')
      .execute(),
    db
      .selectFrom('project_technologies')
      .select(['name', sql<number>`count(*)`.as('count')])
      .groupBy('name')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('name')
      .limit(topTechnologies)
      .execute(),
  ]);
  return {
    total: num(totals.total),
    completed: num(totals.completed),
    featured: num(totals.featured),
    byIndustry: industries.map((r) => ({ industry: r.industry, count: num(r.count) })),
    topTechnologies: technologies.map((r) => ({ name: r.name, count: num(r.count) })),
  };
}

/** Projects scheduled (not published, with a publish time): how many, and the `limit` going live soonest (ADR 0040). */
export const scheduledProjects = (db: Kysely<DB>, limit: number) => scheduledItems(db, 'portfolio_projects', limit);

/** How many projects have one of these slugs (the demo content's, for the setup check). */
export const countProjectsWithSlugs = (db: Kysely<DB>, slugs: readonly string[]) =>
  countWithSlugs(db, 'portfolio_projects', slugs);
