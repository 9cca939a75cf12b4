import { beforeAll, describe, expect, it } from 'vitest';
import { newsletterListDataSchema } from '../../../shared/contracts/newsletter';
import { NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { bearer, createSignedIn, freshIp, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { subscriberState } from './newsletter-states';
import { SUBSCRIBE_RATE_LIMIT } from './newsletter.routes';

describe.each(testDialects)('the newsletter on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  let viewer: Session;
  let editor: Session;

  beforeAll(async () => {
    viewer = await createSignedIn(t.app, t.db.database.db, { role: 'viewer' });
    editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
  });

  const subscribe = (payload: unknown, ip: string = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object, remoteAddress: ip });
  const rows = () => t.db.database.db.selectFrom('newsletter_subscribers').selectAll().orderBy('id').execute();
  const rowOf = (email: string) =>
    t.db.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  const list = (query: string, session: Session = viewer) =>
    t.app.inject({ method: 'GET', url: `/api/newsletter/subscribers${query}`, headers: bearer(session.token) });

  describe('POST /api/newsletter/subscribe', () => {
    it('stores a new address trimmed and lowercased, waiting for its confirmation, and answers 201', async () => {
      const res = await subscribe({ email: '  New.Reader@Example.COM ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        data: { subscribed: true },
        message: NewsletterMessage.SUBSCRIBED,
      });
      const row = await rowOf('new.reader@example.com');
      // Pending is stored as the previous release's 'subscribed' without a confirmation (ADR 0046).
      expect(row).toMatchObject({
        status: 'subscribed',
        confirmed_at: null,
        bounced_at: null,
        source: 'blog',
        unsubscribed_at: null,
      });
      expect(subscriberState(row!)).toBe('pending');
      expect(Number.isNaN(Date.parse(row!.created_at))).toBe(false);
    });

    it('never stores an address twice: a known one answers 200, a confirmed one already subscribed', async () => {
      expect((await subscribe({ email: 'twice@example.com' })).statusCode).toBe(201);
      const pending = await subscribe({ email: 'Twice@example.com' });
      expect(pending.statusCode).toBe(200);
      expect(pending.json().message).toBe(NewsletterMessage.SUBSCRIBED);
      await t.db.database.db
        .updateTable('newsletter_subscribers')
        .set({ confirmed_at: new Date().toISOString() })
        .where('email', '=', 'twice@example.com')
        .execute();
      for (const email of ['twice@example.com', 'TWICE@example.com', ' twice@EXAMPLE.com']) {
        const again = await subscribe({ email });
        expect(again.statusCode, email).toBe(200);
        expect(again.json().message).toBe(NewsletterMessage.ALREADY_SUBSCRIBED);
      }
      expect((await rows()).filter((r) => r.email === 'twice@example.com')).toHaveLength(1);
    });

    it('asks an address that had unsubscribed to confirm again, keeping its row', async () => {
      const db = t.db.database.db;
      await db
        .insertInto('newsletter_subscribers')
        .values({
          email: 'left@example.com',
          status: 'unsubscribed',
          created_at: '2026-01-01T00:00:00.000Z',
          unsubscribed_at: '2026-02-01T00:00:00.000Z',
        })
        .execute();
      const before = await rowOf('left@example.com');
      const res = await subscribe({ email: 'Left@example.com' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(NewsletterMessage.SUBSCRIBED);
      expect(await rowOf('left@example.com')).toMatchObject({
        id: before!.id,
        status: 'subscribed',
        confirmed_at: null,
        unsubscribed_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
      });
    });

    it('handles sign-ups of one address arriving at the same time', async () => {
      const answers = await Promise.all([1, 2, 3].map(() => subscribe({ email: 'race@example.com' })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect((await rows()).filter((r) => r.email === 'race@example.com')).toHaveLength(1);
    });

    it('refuses a missing, blank, malformed or over-long address with 400 naming the field', async () => {
      const before = (await rows()).length;
      const cases: [unknown, string][] = [
        [{}, NewsletterMessage.EMAIL_REQUIRED],
        [{ email: '   ' }, NewsletterMessage.EMAIL_REQUIRED],
        [{ email: 'not-an-address' }, NewsletterMessage.EMAIL_INVALID],
        [{ email: 'a@b' }, NewsletterMessage.EMAIL_INVALID],
        [{ email: 'two@@example.com' }, NewsletterMessage.EMAIL_INVALID],
        [{ email: `${'a'.repeat(320)}@example.com` }, NewsletterMessage.EMAIL_TOO_LONG],
      ];
      for (const [payload, message] of cases) {
        const res = await subscribe(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'VALIDATION_ERROR',
          message,
          errors: [{ field: 'email', message }],
        });
      }
      const wrongType = await subscribe({ email: 42 });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'email' }] });
      expect((await rows()).length).toBe(before);
    });

    it('answers a filled-in honeypot like a success and stores nothing', async () => {
      const res = await subscribe({ email: 'bot@example.com', website: 'https://spam.example' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { subscribed: true }, message: NewsletterMessage.SUBSCRIBED });
      expect(await rowOf('bot@example.com')).toBeUndefined();
      // An empty honeypot is how the real form sends it.
      expect((await subscribe({ email: 'human@example.com', website: '' })).statusCode).toBe(201);
    });

    it('limits sign-ups per client address', async () => {
      const ip = freshIp();
      for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.max; i += 1) {
        expect((await subscribe({ email: `burst${i}@example.com` }, ip)).statusCode).toBe(201);
      }
      const limited = await subscribe({ email: 'one-too-many@example.com' }, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(await rowOf('one-too-many@example.com')).toBeUndefined();
      // Another client is not affected.
      expect((await subscribe({ email: 'one-too-many@example.com' })).statusCode).toBe(201);
    });
  });

  describe('GET /api/newsletter/subscribers', () => {
    beforeAll(async () => {
      const db = t.db.database.db;
      await db
        .insertInto('newsletter_subscribers')
        .values([
          // Every row names every column: SQLite has no DEFAULT inside a multi-row VALUES.
          {
            email: 'list-a@company.test',
            status: 'subscribed',
            created_at: '2026-03-01T10:00:00.000Z',
            unsubscribed_at: null,
            confirmed_at: '2026-03-01T10:00:00.000Z',
          },
          {
            email: 'list-b@company.test',
            status: 'subscribed',
            created_at: '2026-03-02T10:00:00.000Z',
            unsubscribed_at: null,
            confirmed_at: '2026-03-02T11:00:00.000Z',
          },
          {
            email: 'list_c@company.test',
            status: 'unsubscribed',
            created_at: '2026-03-03T10:00:00.000Z',
            unsubscribed_at: '2026-03-04T10:00:00.000Z',
            confirmed_at: null,
          },
        ])
        .execute();
    });

    it('lists subscribers newest first with paging, for any signed-in role', async () => {
      const res = await list('?search=company.test&limit=2');
      expect(res.statusCode, res.body).toBe(200);
      const data = newsletterListDataSchema.parse(res.json().data);
      expect(data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
      expect(data.subscribers.map((s) => s.email)).toEqual(['list_c@company.test', 'list-b@company.test']);
      expect(data.subscribers[0]).toMatchObject({
        status: 'unsubscribed',
        unsubscribed_at: '2026-03-04T10:00:00.000Z',
      });
      const second = newsletterListDataSchema.parse((await list('?search=company.test&limit=2&page=2')).json().data);
      expect(second.subscribers.map((s) => s.email)).toEqual(['list-a@company.test']);
    });

    it('filters by status and by part of the address, case-insensitively, wildcards taken literally', async () => {
      const emails = async (query: string) =>
        (newsletterListDataSchema.parse((await list(query)).json().data).subscribers as { email: string }[]).map(
          (s) => s.email,
        );
      expect(await emails('?search=COMPANY.TEST&status=subscribed')).toEqual([
        'list-b@company.test',
        'list-a@company.test',
      ]);
      expect(await emails('?search=company.test&status=unsubscribed')).toEqual(['list_c@company.test']);
      expect(await emails('?search=company.test&status=all')).toHaveLength(3);
      expect(await emails('?search=list_')).toEqual(['list_c@company.test']);
      expect(await emails('?search=%25')).toEqual([]);
    });

    it('filters by each of the four statuses, read from the stored columns', async () => {
      const db = t.db.database.db;
      const at = (day: number) => `2026-04-0${day}T10:00:00.000Z`;
      const stored = [
        // Signed up by this release, or by the previous one during a rolling update: not confirmed.
        { email: 'pending@states.test', status: 'subscribed', confirmed_at: null, bounced_at: null },
        { email: 'confirmed@states.test', status: 'subscribed', confirmed_at: at(2), bounced_at: null },
        { email: 'left@states.test', status: 'unsubscribed', confirmed_at: null, bounced_at: null },
        { email: 'dead@states.test', status: 'unsubscribed', confirmed_at: null, bounced_at: at(4) },
        // A bounced address the previous release signed up again: still bounced.
        { email: 'dead-again@states.test', status: 'subscribed', confirmed_at: null, bounced_at: at(5) },
      ] as const;
      for (const [i, row] of stored.entries()) {
        await db
          .insertInto('newsletter_subscribers')
          .values({ ...row, created_at: at(i + 1) })
          .execute();
      }
      const answered = async (status: string) =>
        newsletterListDataSchema
          .parse((await list(`?search=states.test&status=${status}`)).json().data)
          .subscribers.map((s) => [s.email, s.status]);
      expect(await answered('pending')).toEqual([['pending@states.test', 'pending']]);
      expect(await answered('subscribed')).toEqual([['confirmed@states.test', 'subscribed']]);
      expect(await answered('unsubscribed')).toEqual([['left@states.test', 'unsubscribed']]);
      expect(await answered('bounced')).toEqual([
        ['dead-again@states.test', 'bounced'],
        ['dead@states.test', 'bounced'],
      ]);
      expect(await answered('all')).toHaveLength(5);
      await db.deleteFrom('newsletter_subscribers').where('email', 'like', '%@states.test').execute();
    });

    it('exports the filtered subscribers as CSV with quoting done by the library', async () => {
      await t.db.database.db
        .insertInto('newsletter_subscribers')
        .values({
          email: '"quoted",x@company.test',
          status: 'subscribed',
          created_at: '2026-03-05T10:00:00.000Z',
          confirmed_at: '2026-03-05T10:00:00.000Z',
        })
        .execute();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/newsletter/subscribers/export?search=company.test&status=subscribed',
        headers: bearer(viewer.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.body.split('\r\n')).toEqual([
        'email,status,source,subscribed_at,unsubscribed_at',
        '"""quoted"",x@company.test",subscribed,blog,2026-03-05T10:00:00.000Z,',
        'list-b@company.test,subscribed,blog,2026-03-02T10:00:00.000Z,',
        'list-a@company.test,subscribed,blog,2026-03-01T10:00:00.000Z,',
        '',
      ]);
      await t.db.database.db
        .deleteFrom('newsletter_subscribers')
        .where('email', '=', '"quoted",x@company.test')
        .execute();
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers/export' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('neutralises cells a spreadsheet would run as formulas, as the contacts export does', async () => {
      const db = t.db.database.db;
      const hostile = ['=cmd@formula.test', '+1@formula.test', '-2@formula.test', '@sum@formula.test'];
      const controls = ['\tcmd@formula.test', '\rcmd@formula.test'];
      const created_at = '2026-03-06T10:00:00.000Z';
      for (const email of [...hostile, ...controls, 'plain@formula.test']) {
        await db
          .insertInto('newsletter_subscribers')
          .values({ email, status: 'subscribed', created_at, confirmed_at: created_at })
          .execute();
      }
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/newsletter/subscribers/export?search=formula.test',
        headers: bearer(viewer.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const cells = res.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.replace(/,subscribed,blog,.*$/s, ''));
      expect(cells.sort()).toEqual(
        [
          ...hostile.map((email) => `'${email}`),
          "'\tcmd@formula.test",
          '"\'\rcmd@formula.test"',
          'plain@formula.test',
        ].sort(),
      );
      await db.deleteFrom('newsletter_subscribers').where('email', 'like', '%@formula.test').execute();
    });

    it('refuses bad query values and anonymous callers', async () => {
      for (const query of ['?status=gone', '?limit=0', '?limit=101', '?page=0']) {
        const res = await list(query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/newsletter/subscribers/{id}', () => {
    const remove = (id: number | string, session: Session) =>
      t.app.inject({ method: 'DELETE', url: `/api/newsletter/subscribers/${id}`, headers: bearer(session.token) });

    it('lets an editor delete a subscriber; a viewer may not; an unknown id is a 404', async () => {
      expect((await subscribe({ email: 'to-delete@example.com' })).statusCode).toBe(201);
      const row = await rowOf('to-delete@example.com');

      const forbidden = await remove(row!.id, viewer);
      expect(forbidden.statusCode).toBe(403);
      expect(await rowOf('to-delete@example.com')).toBeDefined();

      const res = await remove(row!.id, editor);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null, message: NewsletterMessage.SUBSCRIBER_DELETED });
      expect(await rowOf('to-delete@example.com')).toBeUndefined();

      const again = await remove(row!.id, editor);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: NewsletterMessage.SUBSCRIBER_NOT_FOUND });
      expect((await remove('abc', editor)).statusCode).toBe(400);
    });
  });
});
