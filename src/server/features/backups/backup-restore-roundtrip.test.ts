import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { useTestApp, type TestContext } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { tableDigests } from './backup-test-support';

/*
 * Whatever the site itself stores passes a restore's checks (ADR 0032): the demo content, and what visitors
 * and staff add through the API (a quote request and its alerts, a comment, a subscriber, analytics, the
 * settings the API defines, a post, a category, a certificate, contact statuses the lists allow), backed up
 * and restored on every database, with every row given back.
 */

describe.each(testDialects)('a restore of the site as the app makes it (%s)', (dialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `restore-roundtrip-${dialect}-`));
  const t: TestContext = useTestApp(dialect, { env: { DATA_DIR: dataDir } });
  let admin: Session;
  const call = async (method: string, url: string, payload?: unknown, token: string | null = admin.token) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as { data: Record<string, unknown> };
  };

  beforeAll(async () => {
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
    await call('POST', '/api/blog/posts', {
      title: 'Ünïcode títle, with punctuation!',
      excerpt: 'An excerpt.',
      content: `<p>${'Words enough to be a post. '.repeat(5)}</p>`,
      category_id: (category.data.category as { id: number } | undefined)?.id ?? category.data.id,
      image_url: '/demo/blog-1.svg',
      tags: 'C++, Node.js, ünïcode',
    });
    await call('POST', '/api/certificates', {
      recipient_name: 'An Intern',
      recipient_type: 'intern',
      issue_date: '2026-01-15',
    });

    const before = await tableDigests(db);
    for (const table of ['contacts', 'contact_notes', 'blog_comments', 'notifications', 'newsletter_subscribers']) {
      expect(before[table]!.rows, table).toBeGreaterThan(0);
    }
    const backup = await call('POST', '/api/backups');
    await call('POST', `/api/backups/${backup.data.id}/restore`, { confirm: 'RESTORE' });
    expect(await tableDigests(db)).toEqual(before);
  });
});
