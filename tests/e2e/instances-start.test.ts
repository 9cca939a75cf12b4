import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBlogPosts } from '../../src/server/seed/demo-blog-posts';
import { demoCertificates } from '../../src/server/seed/demo-content';
import { demoProjects } from '../../src/server/seed/demo-projects';
import { countRows, createTestDatabase, type TestDatabase } from '../../src/server/testing/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/admin';
import { startSite, type RunningSite } from './support/harness';
import { freePort } from './support/harness';
import { serverUrlOf, signInAdmin, type NetworkDialect } from './support/instances';

/*
 * Starting several instances (ADR 0030): two started at the same moment on an empty network
 * database migrate it, load the demo content and create the first admin once between them; an instance on
 * a network database without the shared signing key refuses to start and says why.
 */

for (const dialect of ['postgres', 'mysql'] as NetworkDialect[]) {
  describe.skipIf(!serverUrlOf(dialect))(`starting instances on ${dialect}`, () => {
    let database: TestDatabase;
    let publicUrl: string;
    const sites: RunningSite[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(dialect, { migrate: false });
      publicUrl = `http://127.0.0.1:${await freePort()}`;
    });
    afterAll(async () => {
      for (const site of sites) await site.stop();
      await database?.drop();
    });

    it('two instances started at once on an empty database make one admin and one copy of the demo content', async () => {
      const env = {
        DATABASE_URL: database.url,
        PUBLIC_URL: publicUrl,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        MIGRATE_ON_START: 'true',
        SEED_DEMO: 'true',
      };
      const started = await Promise.allSettled([
        startSite(env, { readyWithinMs: 150_000 }),
        startSite(env, { readyWithinMs: 150_000 }),
      ]);
      for (const result of started) if (result.status === 'fulfilled') sites.push(result.value);
      const failures = started.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failures, 'both instances come up').toEqual([]);

      const db = database.database.db;
      const admins = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(Number(admins.n), 'one admin').toBe(1);
      expect(await countRows(db, 'users')).toBe(1);
      expect(await countRows(db, 'company_profile')).toBe(1);
      expect(await countRows(db, 'blog_posts')).toBe(demoBlogPosts.length);
      expect(await countRows(db, 'portfolio_projects')).toBe(demoProjects.length);
      expect(await countRows(db, 'certificates')).toBe(demoCertificates.length);
      // Every migration applied once (Kysely's own table).
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      const names = migrations.rows.map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);

      // Each instance accepts the other's session (one key, one issuer).
      const [first, second] = sites as [RunningSite, RunningSite];
      const { token } = await signInAdmin(first.baseUrl);
      const me = await fetch(`${second.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    }, 180_000);

    it('an instance on a network database without JWT_SECRET exits with its message', async () => {
      const refused = startSite({ DATABASE_URL: database.url, PUBLIC_URL: publicUrl, JWT_SECRET: '' });
      await expect(refused).rejects.toThrow(/site exited early \(78\)/);
      await expect(refused).rejects.toThrow(/JWT_SECRET: must be set when DATABASE_URL names PostgreSQL or MySQL/);
    });
  });
}
