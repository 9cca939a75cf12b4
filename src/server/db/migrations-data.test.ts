import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index';
import { z } from '../../shared/zod';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import { fullTextMatches, leadingIndexColumns, successes } from './migrations-testing';

describe.each(testDialects)('initial migration on %s', (dialect) => {
  let t: TestDatabase;
  let migrator: Migrator;

  beforeAll(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
    // These tests start where the schema tests leave the database: migrated to the latest version.
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('keeps mail in the outbox across the auth migration, which adds the status logged', async () => {
    const db = t.database.db;
    const mail = { to_address: 'a@b.c', subject: 'S', text_body: 'T', created_at: new Date().toISOString() };
    await db
      .insertInto('mail_outbox')
      .values({ ...mail, status: 'logged' })
      .execute();
    await expect(
      db
        .insertInto('mail_outbox')
        .values({ ...mail, status: 'lost' as never })
        .execute(),
    ).rejects.toThrow();
    const down = await migrator.migrateTo('2026-11-21T00-00-00_initial');
    expect(down.results?.map((r) => [r.migrationName, r.status])).toEqual(
      successes('2026-12-14T00-00-00_project-seo', '2026-11-22T00-00-00_auth'),
    );
    expect(await db.selectFrom('mail_outbox').select(['subject', 'status']).execute()).toEqual([
      { subject: 'S', status: 'sent' },
    ]);
    await expect(
      db
        .insertInto('mail_outbox')
        .values({ ...mail, status: 'logged' })
        .execute(),
    ).rejects.toThrow();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await db.selectFrom('mail_outbox').select(['subject', 'status']).execute()).toEqual([
      { subject: 'S', status: 'sent' },
    ]);
    await db.deleteFrom('mail_outbox').execute();
    const leading = await leadingIndexColumns(db, dialect);
    expect(leading.has('mail_outbox.status')).toBe(true);
  });

  it('adds e-mail preferences, notification kind and link, and the outbox lease; keeps rows across down and up', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        username: 'u',
        email: 'u@b.c',
        password_hash: 'x',
        role: 'viewer',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db.insertInto('user_email_preferences').values({ user_id: user.id, updated_at: now }).execute();
    expect(await db.selectFrom('user_email_preferences').select(['new_contact', 'new_comment']).execute()).toEqual([
      { new_contact: 1, new_comment: 1 },
    ]);
    await expect(
      db.insertInto('user_email_preferences').values({ user_id: user.id, updated_at: now }).execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable('user_email_preferences').set({ new_contact: 2 }).where('user_id', '=', user.id).execute(),
    ).rejects.toThrow();

    await db
      .insertInto('notifications')
      .values({ user_id: user.id, title: 'T', message: 'M', created_at: now })
      .execute();
    expect(await db.selectFrom('notifications').select(['kind', 'link']).execute()).toEqual([
      { kind: 'system', link: null },
    ]);
    await expect(
      db
        .insertInto('notifications')
        .values({ user_id: user.id, title: 'T', message: 'M', kind: 'bogus' as never, created_at: now })
        .execute(),
    ).rejects.toThrow();

    // App settings: the defaults of the specification, one row per user, only the listed values.
    await db.insertInto('user_app_settings').values({ user_id: user.id, updated_at: now }).execute();
    expect(
      await db
        .selectFrom('user_app_settings')
        .select(['theme_mode', 'font_size', 'notification_position', 'time_format', 'reduced_motion'])
        .execute(),
    ).toEqual([
      {
        theme_mode: 'light',
        font_size: 'medium',
        notification_position: 'top-right',
        time_format: '12h',
        reduced_motion: 0,
      },
    ]);
    await expect(
      db.insertInto('user_app_settings').values({ user_id: user.id, updated_at: now }).execute(),
    ).rejects.toThrow();
    for (const bad of [
      { theme_mode: 'sepia' },
      { font_size: 'huge' },
      { notification_position: 'middle' },
      { time_format: '36h' },
      { reduced_motion: 2 },
    ]) {
      await expect(
        db
          .updateTable('user_app_settings')
          .set(bad as never)
          .where('user_id', '=', user.id)
          .execute(),
      ).rejects.toThrow();
    }

    const mail = { to_address: 'a@b.c', subject: 'S', text_body: 'T', created_at: now };
    await db
      .insertInto('mail_outbox')
      .values({ ...mail, kind: 'test', lease_owner: 'me', lease_until: now })
      .execute();

    const down = await migrator.migrateTo('2026-11-22T00-00-00_auth');
    expect(down.results?.map((r) => [r.migrationName, r.status])).toEqual(
      successes('2026-12-14T00-00-00_project-seo', '2026-11-23T00-00-00_leads'),
    );
    expect(await db.selectFrom('mail_outbox').select(['subject']).execute()).toEqual([{ subject: 'S' }]);
    expect(await db.selectFrom('notifications').select(['title']).execute()).toEqual([{ title: 'T' }]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await db.selectFrom('mail_outbox').select(['kind', 'lease_owner']).execute()).toEqual([
      { kind: null, lease_owner: null },
    ]);

    // Dropped on the way down with the table; a new row goes with its user.
    await db.insertInto('user_app_settings').values({ user_id: user.id, updated_at: now }).execute();
    await db.deleteFrom('users').execute();
    expect(await db.selectFrom('user_email_preferences').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('user_app_settings').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('notifications').select('id').execute()).toEqual([]);
    await db.deleteFrom('mail_outbox').execute();
  });

  it('adds the revocation date and reason to certificates; keeps the certificates across down and up', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    const certificate = {
      certificate_number: 'SST-2025-90342',
      recipient_name: 'Bilal Ahmed',
      recipient_type: 'employee' as const,
      issue_date: '2025-02-01',
      expiry_date: null,
      status: 'revoked' as const,
      created_at: now,
      updated_at: now,
    };
    await db
      .insertInto('certificates')
      .values({ ...certificate, revoked_at: now, revocation_reason: 'r'.repeat(500) })
      .execute();
    expect(await db.selectFrom('certificates').select(['revoked_at', 'revocation_reason']).execute()).toEqual([
      { revoked_at: now, revocation_reason: 'r'.repeat(500) },
    ]);

    const down = await migrator.migrateTo('2026-11-23T00-00-00_leads');
    expect(down.results?.map((r) => [r.migrationName, r.status])).toEqual(
      successes('2026-12-14T00-00-00_project-seo', '2026-11-24T00-00-00_certificates'),
    );
    const [kept] = await sql<Record<string, unknown>>`select * from certificates`.execute(db).then((r) => r.rows);
    expect(kept).toMatchObject({ certificate_number: 'SST-2025-90342', status: 'revoked' });
    expect(Object.keys(kept!)).not.toContain('revoked_at');
    expect(Object.keys(kept!)).not.toContain('revocation_reason');

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(
      await db.selectFrom('certificates').select(['certificate_number', 'revoked_at', 'revocation_reason']).execute(),
    ).toEqual([{ certificate_number: 'SST-2025-90342', revoked_at: null, revocation_reason: null }]);
    await db.deleteFrom('certificates').execute();
  });

  it('back-fills the full-text index with the posts that exist, keeps it in step, and removes it on the way down', async () => {
    const db = t.database.db;
    await migrator.migrateTo('2026-11-28T00-00-00_backups');
    const now = new Date().toISOString();
    await db
      .insertInto('blog_posts')
      .values({
        slug: 'quokka',
        title: 'Quokka sightings',
        excerpt: 'Rottnest',
        content: '<p>A small <strong>marsupial</strong>.</p>',
        author: 'A',
        date: '2026-01-01',
        seo_title: null,
        seo_description: null,
        image_url: null,
        category_id: null,
        published_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { id } = await db.selectFrom('blog_posts').select('id').executeTakeFirstOrThrow();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await fullTextMatches(db, dialect, 'quokka')).toEqual([id]);
    expect(await fullTextMatches(db, dialect, 'marsupial')).toEqual([id]);
    await db.updateTable('blog_posts').set({ title: 'Wombat sightings' }).execute();
    expect(await fullTextMatches(db, dialect, 'quokka')).toEqual([]);
    expect(await fullTextMatches(db, dialect, 'wombat')).toEqual([id]);
    await db.deleteFrom('blog_posts').execute();
    expect(await fullTextMatches(db, dialect, 'wombat')).toEqual([]);

    const down = await migrator.migrateTo('2026-11-28T00-00-00_backups');
    expect(down.error).toBeUndefined();
    expect((await db.introspection.getTables()).map((x) => x.name)).not.toContain('blog_posts_fts');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });

  it('keeps subscribers in the two statuses the previous release knows, in every state of this one', async () => {
    const db = t.database.db;
    const subscribers = () =>
      sql<Record<string, unknown>>`select * from newsletter_subscribers order by email`.execute(db).then((r) => r.rows);
    const pick = (rows: Record<string, unknown>[], ...keys: string[]) =>
      rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
    // The previous release's answer schema: a status outside it fails its staff list (ADR 0046).
    const previousStatus = z.enum(['subscribed', 'unsubscribed']);

    // Down to the migration before this one (later ones, if any, go down first and come back up).
    const names = Object.keys(migrations);
    const newsletterSending = '2026-12-12T00-00-00_newsletter-sending';
    const before = names[names.indexOf(newsletterSending) - 1]!;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    // Rows of the previous release: signed up before double opt-in existed.
    await db
      .insertInto('newsletter_subscribers')
      .values([
        {
          email: 'old-in@example.com',
          status: 'subscribed',
          created_at: '2026-01-01T00:00:00.000Z',
          unsubscribed_at: null,
        },
        {
          email: 'old-out@example.com',
          status: 'unsubscribed',
          created_at: '2026-01-02T00:00:00.000Z',
          unsubscribed_at: '2026-01-03T00:00:00.000Z',
        },
      ])
      .execute();

    // Up: no table rebuild, no wider check; the subscribed rows are confirmed as of their sign-up.
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toContain(newsletterSending);
    expect(pick(await subscribers(), 'email', 'status', 'confirmed_at', 'bounced_at')).toEqual([
      { email: 'old-in@example.com', status: 'subscribed', confirmed_at: '2026-01-01T00:00:00.000Z', bounced_at: null },
      { email: 'old-out@example.com', status: 'unsubscribed', confirmed_at: null, bounced_at: null },
    ]);

    // This release's four states, as its code writes them.
    const now = new Date().toISOString();
    const states = [
      { email: 'pending@example.com', status: 'subscribed', confirmed_at: null, bounced_at: null },
      { email: 'subscribed@example.com', status: 'subscribed', confirmed_at: now, bounced_at: null },
      { email: 'unsubscribed@example.com', status: 'unsubscribed', confirmed_at: null, bounced_at: null },
      { email: 'bounced@example.com', status: 'unsubscribed', confirmed_at: null, bounced_at: now },
    ] as const;
    for (const row of states) {
      await db
        .insertInto('newsletter_subscribers')
        .values({ ...row, created_at: now })
        .execute();
    }
    for (const status of ['pending', 'bounced', 'lost']) {
      await expect(
        db
          .insertInto('newsletter_subscribers')
          .values({ email: `${status}-x@example.com`, status: status as never, created_at: now })
          .execute(),
      ).rejects.toThrow();
    }
    // What the previous release reads of every row: one of its two statuses.
    const read = await db.selectFrom('newsletter_subscribers').select(['email', 'status']).execute();
    expect(read).toHaveLength(6);
    for (const row of read) expect(previousStatus.safeParse(row.status).success, row.email).toBe(true);
    await db
      .insertInto('mail_outbox')
      .values({ to_address: 'a@b.c', subject: 'S', text_body: 'T', created_at: now, headers: '{"X-A":"1"}' })
      .execute();
    const leading = await leadingIndexColumns(db, dialect);
    for (const column of ['email', 'status', 'created_at', 'bounced_at']) {
      expect(leading.has(`newsletter_subscribers.${column}`), column).toBe(true);
    }
    expect(leading.has('newsletter_sends.post_id')).toBe(true);

    // Down: the new columns go, no row is lost, and what was never confirmed (or bounced) is out.
    const down = await migrator.migrateTo(before);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain(newsletterSending);
    const kept = await subscribers();
    expect(Object.keys(kept[0]!)).not.toContain('confirmed_at');
    expect(Object.keys(kept[0]!)).not.toContain('bounced_at');
    expect(pick(kept, 'email', 'status')).toEqual([
      { email: 'bounced@example.com', status: 'unsubscribed' },
      { email: 'old-in@example.com', status: 'subscribed' },
      { email: 'old-out@example.com', status: 'unsubscribed' },
      { email: 'pending@example.com', status: 'unsubscribed' },
      { email: 'subscribed@example.com', status: 'subscribed' },
      { email: 'unsubscribed@example.com', status: 'unsubscribed' },
    ]);

    // And up again: only the subscribed rows count as confirmed; the outbox keeps its mail.
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(
      pick(await subscribers(), 'email', 'status', 'confirmed_at')
        .filter((row) => row.confirmed_at !== null)
        .map((row) => row.email),
    ).toEqual(['old-in@example.com', 'subscribed@example.com']);
    expect(await db.selectFrom('mail_outbox').select(['subject', 'headers']).execute()).toEqual([
      { subject: 'S', headers: null },
    ]);
    await expect(
      db.insertInto('newsletter_subscribers').values({ email: 'subscribed@example.com', created_at: now }).execute(),
    ).rejects.toThrow();
    await db.deleteFrom('newsletter_subscribers').execute();
    await db.deleteFrom('mail_outbox').execute();
  });
});
