import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newsletterSendStateSchema } from '../../../shared/contracts/newsletter';
import { NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { testDialects } from '../../testing/test-database';
import { bouncedValues, stateValues } from './newsletter-states';
import { linkIn, header, useNewsletterSending } from './newsletter-sending-testing';

/*
 * The newsletter's subscribers (ADR 0046), on every database and through a real SMTP server: double opt-in
 * (the confirmation mail and its page), unsubscribe by the mailed link and by one-click POST, a bounce, and
 * rows the previous release writes.
 */

describe.each(testDialects)('the newsletter that sends on %s', (dialect) => {
  const { sink, t, call, db, statusOf, store, subscribe, mailsTo, page, releaseAll, confirmed, ctx } =
    useNewsletterSending(dialect);
  let postId: number;
  let otherPostId: number;
  beforeAll(() => {
    ({ postId, otherPostId } = ctx);
  });

  it('stores a sign-up as pending and mails it a link whose page confirms it only when its button is pressed', async () => {
    const email = `reader.${dialect}@example.com`;
    const res = await subscribe(email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(NewsletterMessage.SUBSCRIBED);
    expect(res.json().message).toMatch(/check your inbox/);
    expect(await statusOf(email)).toBe('pending');

    await t.app.mailer.settled();
    const [mail] = mailsTo(email);
    expect(mail, 'a confirmation mail').toBeDefined();
    expect(header(mail!, 'Subject')).toMatch(/^Please confirm your subscription to /);
    const link = linkIn(mail!, 'confirm');
    // The token is signed, not the subscriber's id.
    expect(link).toMatch(/token=\d+\.\d+\.[A-Za-z0-9_-]{43}$/);

    // A GET (a mail scanner, or the visitor's first look) only shows the page with its button.
    for (let i = 0; i < 2; i += 1) {
      const shown = await page('GET', link);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.headers['referrer-policy']).toBe('no-referrer');
      expect(shown.body).toContain('Confirm your subscription');
      expect(shown.body).toContain(`<form method="post" action="${link.replace(/&/g, '&amp;')}">`);
      // The address, with a break allowed after its @ and before its dots.
      expect(shown.body.replaceAll('<wbr>', '')).toContain(email);
      expect(shown.body).toContain(`@<wbr>`);
    }
    expect(await statusOf(email)).toBe('pending');

    const done = await page('POST', link);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You&#39;re subscribed');
    expect(await statusOf(email)).toBe('subscribed');
    // Used again: the same page, nothing changes.
    expect((await page('POST', link)).body).toContain('You&#39;re subscribed');
    // A sign-up of a confirmed address is answered as before, and mails nothing.
    const again = await subscribe(email);
    expect(again.json().message).toBe(NewsletterMessage.ALREADY_SUBSCRIBED);
  });

  it('answers an unknown, tampered or expired link with a page that says so, never an error', async () => {
    const email = `late.${dialect}@example.com`;
    await subscribe(email);
    await t.app.mailer.settled();
    const link = linkIn(mailsTo(email)[0]!, 'confirm');
    const [, id, expiry, signature] = /token=(\d+)\.(\d+)\.(.+)$/.exec(link)!;
    const tampered = `/newsletter/confirm?token=${id}.${Number(expiry) + 1}.${signature}`;
    const otherId = `/newsletter/confirm?token=${Number(id) + 1}.${expiry}.${signature}`;
    for (const url of [
      tampered,
      otherId,
      '/newsletter/confirm',
      '/newsletter/confirm?token=',
      '/newsletter/confirm?token=1',
      '/newsletter/confirm?token=%00%FF',
      `/newsletter/confirm?token=9999999999.${expiry}.${signature}`,
      `/newsletter/unsubscribe?token=0.0.${signature}`,
      '/newsletter/unsubscribe?token=<script>',
      '/newsletter/confirm?token=a&token=b',
      link.replace('/confirm?', '/unsubscribe?'),
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await page(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, url).toContain('This link does not work');
        expect(res.body).not.toContain('<script>');
      }
    }
    expect(await statusOf(email)).toBe('pending');

    // Eight days later the link has expired.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * 24 * 3600_000);
    try {
      const res = await page('POST', link);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link has expired');
    } finally {
      vi.useRealTimers();
    }
    expect(await statusOf(email)).toBe('pending');
  });

  it('unsubscribes by the mailed link (page, then button) and by a mail program one-click POST', async () => {
    const [byPage, byOneClick] = [`page.${dialect}@example.com`, `oneclick.${dialect}@example.com`];
    for (const email of [byPage, byOneClick]) await confirmed(email);
    const res = await call('POST', `/newsletter/posts/${otherPostId}/send`);
    expect(res.statusCode, res.body).toBe(201);
    await releaseAll(otherPostId);
    const link = (email: string) => linkIn(mailsTo(email).at(-1)!, 'unsubscribe');

    const shown = await page('GET', link(byPage));
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Unsubscribe from the newsletter?');
    expect(await statusOf(byPage)).toBe('subscribed');
    const done = await page('POST', link(byPage), '');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You&#39;re unsubscribed');
    expect(await statusOf(byPage)).toBe('unsubscribed');

    // RFC 8058: the mail program posts this body to the List-Unsubscribe address, from its own servers.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link(byOneClick),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await statusOf(byOneClick)).toBe('unsubscribed');
    const row = await db()
      .selectFrom('newsletter_subscribers')
      .select('unsubscribed_at')
      .where('email', '=', byOneClick)
      .executeTakeFirstOrThrow();
    expect(row.unsubscribed_at).not.toBeNull();
    // RFC 8058 allows the body as multipart/form-data too; a second click changes nothing and says the same.
    const boundary = 'x0x0x0';
    const multipart = await t.app.inject({
      method: 'POST',
      url: link(byOneClick),
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.body).toContain('You&#39;re unsubscribed');
    expect(
      (
        await db()
          .selectFrom('newsletter_subscribers')
          .select('unsubscribed_at')
          .where('email', '=', byOneClick)
          .executeTakeFirstOrThrow()
      ).unsubscribed_at,
    ).toBe(row.unsubscribed_at);

    // Signing up again asks for a new confirmation.
    expect((await subscribe(byPage)).statusCode).toBe(200);
    expect(await statusOf(byPage)).toBe('pending');
  });

  it('marks an address the mail server refuses for good as bounced and never mails it again', async () => {
    const email = `bouncing.${dialect}@example.com`;
    await confirmed(email);
    sink.rejected.add(email);
    const posts = await db()
      .selectFrom('blog_posts')
      .select('id')
      .where('published', '=', 1)
      .where('id', 'not in', [postId, otherPostId])
      .orderBy('id')
      .limit(2)
      .execute();
    const [first, second] = posts.map((p) => Number(p.id));
    const sendAll = async (id: number) => {
      expect((await call('POST', `/newsletter/posts/${id}/send`)).statusCode).toBe(201);
      return releaseAll(id);
    };
    const firstSend = await sendAll(first!);
    expect(firstSend.failed).toBe(1);
    expect(firstSend.status).toBe('done');
    expect(await statusOf(email)).toBe('bounced');
    // Stored with the previous release's 'unsubscribed', so that it never lists or counts it as subscribed.
    expect(
      await db()
        .selectFrom('newsletter_subscribers')
        .select(['status', 'confirmed_at'])
        .where('email', '=', email)
        .executeTakeFirst(),
    ).toEqual({ status: 'unsubscribed', confirmed_at: null });
    const refused = await db()
      .selectFrom('mail_outbox')
      .select(['status', 'next_attempt_at', 'attempts'])
      .where('to_address', '=', email)
      .where('kind', 'like', 'newsletter-post:%')
      .execute();
    // Given up at once: no retry of a permanent refusal.
    expect(refused).toEqual([{ status: 'failed', next_attempt_at: null, attempts: 1 }]);

    sink.rejected.delete(email);
    const secondSend = await sendAll(second!);
    expect(secondSend.failed).toBe(0);
    const outboxRows = await db().selectFrom('mail_outbox').select('kind').where('to_address', '=', email).execute();
    expect(outboxRows.filter((r) => r.kind === `newsletter-post:${secondSend.id}`)).toEqual([]);
    // Signing up again sends nothing to it either.
    const before = mailsTo(email).length;
    expect((await subscribe(email)).statusCode).toBe(200);
    await t.app.mailer.settled();
    expect(mailsTo(email).length).toBe(before);
    expect(await statusOf(email)).toBe('bounced');
  });

  it('treats rows the previous release writes during a rolling update as unconfirmed, never mailing them unasked', async () => {
    // What the previous release's sign-up does (ADR 0046): inserts 'subscribed', and signs an address that
    // had left up again by setting 'subscribed'. It knows nothing of confirmed_at and bounced_at.
    const previousInsert = (email: string) =>
      db()
        .insertInto('newsletter_subscribers')
        .values({ email, status: 'subscribed', created_at: new Date().toISOString() })
        .execute();
    const previousResubscribe = (email: string) => store(email, { status: 'subscribed', unsubscribed_at: null });
    const newcomer = `newcomer.${dialect}@example.com`;
    const returning = `returning.${dialect}@example.com`;
    const dead = `dead-end.${dialect}@example.com`;
    await previousInsert(newcomer);
    // A confirmed address that left (as its unsubscribe link does it), and one that bounced.
    await confirmed(returning);
    await store(returning, stateValues('unsubscribed', new Date().toISOString()));
    await confirmed(dead);
    await store(dead, bouncedValues(new Date().toISOString()));
    const recipients = async () =>
      newsletterSendStateSchema.parse((await call('GET', `/newsletter/posts/${postId}/send`)).json().data).recipients;
    const before = await recipients();
    await previousResubscribe(returning);
    await previousResubscribe(dead);

    expect(await statusOf(newcomer)).toBe('pending');
    expect(await statusOf(returning)).toBe('pending');
    expect(await statusOf(dead)).toBe('bounced');
    expect(await recipients()).toBe(before);
    const listed = await call('GET', `/newsletter/subscribers?search=${dialect}%40example.com&status=pending`);
    expect(listed.json().data.subscribers.map((s: { email: string }) => s.email)).toEqual(
      expect.arrayContaining([newcomer, returning]),
    );

    // The previous release mailed the newcomer no confirmation: its next sign-up here does.
    expect(mailsTo(newcomer)).toEqual([]);
    const again = await subscribe(newcomer);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(NewsletterMessage.SUBSCRIBED);
    await t.app.mailer.settled();
    const [mail] = mailsTo(newcomer);
    expect((await page('POST', linkIn(mail!, 'confirm'))).statusCode).toBe(200);
    expect(await statusOf(newcomer)).toBe('subscribed');
  });
});
