import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIRST_ADMIN_EMAIL } from '../../../shared/contracts/auth';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { editRows, readEntries, writeEntries } from '../../testing/crafted-archives';
import { useTestApp, type TestContext } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { tableDigests } from './backup-test-support';

/*
 * Whatever the site itself stores passes a restore's checks (ADR 0032): the demo content, and what visitors
 * and staff add through the API (a quote request and its alerts, a comment, a subscriber, analytics, the
 * settings the API defines, a post, a category, a certificate, contact statuses the lists allow), backed up
 * and restored on every database, with every row given back. What the API could not have stored is
 * refused through the API's restore call with 400 in the error envelope, and nothing changes.
 */

describe.each(testDialects)('a restore of the site as the app makes it (%s)', (dialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `restore-roundtrip-${dialect}-`));
  const t: TestContext = useTestApp(dialect, { env: { DATA_DIR: dataDir } });
  let admin: Session;
  const send = (method: string, url: string, payload?: unknown, token: string | null = admin.token) =>
    t.app.inject({ method: method as 'GET', url, headers: token ? bearer(token) : {}, payload: payload as object });
  const call = async (method: string, url: string, payload?: unknown, token: string | null = admin.token) => {
    const res = await send(method, url, payload, token);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as { data: Record<string, unknown> };
  };
  let backupId = 0;

  beforeAll(async () => {
    // The first admin as a start without ADMIN_EMAIL creates it (admin@localhost, first-admin.ts).
    const now = new Date().toISOString();
    await t.db.database.db
      .insertInto('users')
      .values({
        username: 'admin',
        email: DEFAULT_FIRST_ADMIN_EMAIL,
        password_hash: 'not a real hash',
        role: 'admin',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('backs up and restores every row it stored', async () => {
    const db = t.db.database.db;
    await call(
      'POST',
      '/api/contacts',
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'A quote for a new site.' },
      null,
    );
    const contact = await db.selectFrom('contacts').select('id').executeTakeFirstOrThrow();
    await call('PATCH', `/api/contacts/${contact.id}`, { status: 'in_progress', priority: 'urgent' });
    await call('PATCH', `/api/contacts/${contact.id}/notes`, { note: 'Called back.' });
    const post = await db
      .selectFrom('blog_posts')
      .select('slug')
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await call(
      'POST',
      `/api/blog/posts/${post.slug}/comments`,
      { name: 'Reader', email: 'reader@example.com', message: 'Useful, thank you.' },
      null,
    );
    await call('POST', '/api/newsletter/subscribe', { email: 'News.Reader@Example.com' }, null);
    await call(
      'POST',
      '/api/analytics/event',
      { event_type: 'outbound_click', page_url: '/blog', custom_data: { target: 'github', n: 2, ok: true } },
      null,
    );
    await call('PUT', '/api/company/seo', {
      siteTitle: 'A title',
      metaDescription: 'A description',
      keywords: ['one', 'two'],
      analyticsId: 'G-1A2B3C4D5E',
    });
    await call('PUT', '/api/system/settings', {
      maintenanceMode: false,
      maintenanceMessage: 'Back soon',
      debugMode: false,
      cacheEnabled: true,
    });
    await call('PUT', '/api/backups/schedule', { enabled: false, everyHours: 168 });
    await call('PUT', '/api/auth/app-settings', {
      theme: { mode: 'dark', fontSize: 'large' },
      notifications: { position: 'bottom-left' },
      localization: { timeFormat: '24h' },
      accessibility: { reducedMotion: true },
    });
    const category = await call('POST', '/api/blog/categories', { name: 'Field Notes', color: '#112233' });
    const created = await call('POST', '/api/blog/posts', {
      title: 'Ünïcode títle, with punctuation!',
      excerpt: 'An excerpt.',
      content: `<p>${'Words enough to be a post. '.repeat(5)}</p>`,
      category_id: (category.data.category as { id: number } | undefined)?.id ?? category.data.id,
      image_url: '/demo/blog-1.svg',
      tags: 'C++, Node.js, ünïcode',
    });
    // A second save keeps a revision; an unsaved draft is kept for its editor (ADR 0041).
    const postId = (created.data.post as { id: number }).id;
    await call('PUT', `/api/blog/posts/${postId}`, { title: 'Ünïcode títle, edited', version: 1 });
    await call('PUT', `/api/autosaves/post/${postId}`, { data: { title: 'Ünïcode draft', tags: ['a'] }, version: 2 });
    await call('PUT', '/api/autosaves/project/new', { data: { title: 'A project not saved yet' } });
    await call('POST', '/api/certificates', {
      recipient_name: 'An Intern',
      recipient_type: 'intern',
      issue_date: '2026-01-15',
    });

    const before = await tableDigests(db);
    for (const table of [
      'contacts',
      'contact_notes',
      'blog_comments',
      'notifications',
      'newsletter_subscribers',
      'revisions',
      'autosaves',
    ]) {
      expect(before[table]!.rows, table).toBeGreaterThan(0);
    }
    const backup = await call('POST', '/api/backups');
    backupId = backup.data.id as number;
    await call('POST', `/api/backups/${backupId}/restore`, { confirm: 'RESTORE' });
    expect(await tableDigests(db)).toEqual(before);
  });

  it.each([
    [
      'contacts',
      (row: Record<string, unknown>) => ({ ...row, priority: 'critical' }),
      /column "priority": "critical" is refused/,
    ],
    [
      'contact_notes',
      (row: Record<string, unknown>) => ({ ...row, contact_id: 424242 }),
      /column "contact_id": 424242 refers to no row of contacts/,
    ],
    [
      'notifications',
      (row: Record<string, unknown>) => ({ ...row, kind: 'payment' }),
      /column "kind": "payment" is refused/,
    ],
    ['revisions', (row: Record<string, unknown>) => ({ ...row, snapshot: '[1, 2]' }), /column "snapshot"/],
  ])(
    'answers 400 in the error envelope for a restore whose %s row the API could not have stored',
    async (table, edit, reason) => {
      const db = t.db.database.db;
      // The restore before signed everybody out.
      admin = await createSignedIn(t.app, db, { role: 'admin' });
      const [stored] = (await readdir(t.config.backupDir)).filter((name) => name.endsWith('.tar.gz'));
      const file = path.join(t.config.backupDir, stored as string);
      const good = await readFile(file);
      const entries = editRows(await readEntries(file), table, ([first, ...others]) => [edit(first!), ...others]);
      await writeEntries(file, entries);
      const before = await tableDigests(db);
      try {
        const res = await send('POST', `/api/backups/${backupId}/restore`, { confirm: 'RESTORE' });
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json() as { success: boolean; code: string; message: string; errors: { field: string }[] };
        expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST', errors: [{ field: 'file' }] });
        expect(body.message).toMatch(
          new RegExp(`^Restore failed: Invalid backup file format: table ${table}, row 1, `),
        );
        expect(body.message).toMatch(reason);
        expect(await tableDigests(db)).toEqual(before);
      } finally {
        await writeFile(file, good);
      }
    },
  );
});
