import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../../testing/test-database';
import { seedDemoContent } from '../../seed/seed';
import { listPosts, type PostFilter } from './blog.repository';

/**
 * The count and the page's ids behind a list read the posts alone: the category join the page's rows need
 * would make every database read each counted or skipped post's category (ADR 0035). The totals and pages
 * stay those of the joined query, category filters included.
 */
describe.each(testDialects)('the blog list count on %s', (dialect) => {
  it('leaves out the category join from the count and the page ids, and lists what it counts', async () => {
    const test = await createTestDatabase(dialect);
    try {
      await seedDemoContent(test.database.db);
      const statements: string[] = [];
      const recorder: KyselyPlugin = {
        transformQuery(args) {
          statements.push(test.database.db.getExecutor().compileQuery(args.node, args.queryId).sql);
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const db = test.database.db.withPlugin(recorder);
      const category = await db
        .selectFrom('blog_categories as c')
        .innerJoin('blog_posts as p', 'p.category_id', 'c.id')
        .select(['c.id', 'c.slug'])
        .where('p.published', '=', 1)
        .limit(1)
        .executeTakeFirstOrThrow();
      const filters: PostFilter[] = [
        { published: true },
        {},
        { published: true, categorySlug: category.slug },
        { published: true, categoryId: Number(category.id) },
        { published: true, search: 'website' },
      ];
      for (const filter of filters) {
        statements.length = 0;
        const { rows, total } = await listPosts(db, filter, { field: 'date', direction: 'desc' }, 1, 100);
        const counts = statements.filter((s) => /count\(\*\)/i.test(s));
        expect(counts, JSON.stringify(filter)).toHaveLength(1);
        expect(counts[0], JSON.stringify(filter)).not.toMatch(/\bjoin\b.*blog_categories/i);
        expect(total, JSON.stringify(filter)).toBe(rows.length);
        // The page's ids are read without the join too; only the page's own rows are read with it.
        const offsets = statements.filter((s) => /\boffset\b/i.test(s));
        expect(offsets, JSON.stringify(filter)).toHaveLength(1);
        expect(offsets[0], JSON.stringify(filter)).not.toMatch(/\bjoin\b.*blog_categories/i);
        if (filter.categorySlug !== undefined) {
          expect(rows.length).toBeGreaterThan(0);
          for (const row of rows) expect(row.category_slug).toBe(category.slug);
        }
      }
      // A later page, in the list's order (newest first, ties by id), as the joined query gave it.
      const all = await db
        .selectFrom('blog_posts')
        .select('id')
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const page2 = await listPosts(db, {}, { field: 'date', direction: 'desc' }, 2, 3);
      expect(page2.rows.map((r) => Number(r.id))).toEqual(all.slice(3, 6).map((r) => Number(r.id)));
      expect(page2.rows[0]?.category_name).toBeTruthy();
      expect(page2.total).toBe(all.length);
    } finally {
      await test.drop();
    }
    // A fresh database with its migrations and the demo content: MariaDB on a busy machine needs the time.
  }, 120_000);
});
