import type { Updateable } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { newsletterSendStateSchema } from '../../../shared/contracts/newsletter';
import type { DialectName } from '../../db/database';
import type { NewsletterSubscribersTable } from '../../db/schema';
import { seedDemoContent } from '../../seed/seed';
import { apiCaller, createStaff, freshIp, type Session } from '../../testing/auth-helpers';
import { useSmtpSink, type ReceivedMail } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/test-app';
import { STATE_COLUMNS, subscriberState } from './newsletter-states';

/** Undoes quoted-printable soft line breaks and escapes, enough to read a message's text. */
export const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The first address of one of the newsletter's pages in a mail, as a path with its query. */
export function linkIn(mail: ReceivedMail, page: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https?://[^\\s>]+(/newsletter/${page}\\?token=[A-Za-z0-9._%-]+)`).exec(decoded(mail.raw));
  if (!match) throw new Error(`no ${page} link in:\n${mail.raw}`);
  return match[1]!;
}

/** A header of a raw message, unfolded. */
export function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export const RATE = 2;

/**
 * The app of the newsletter sending tests on a seeded database, mailing through a real SMTP sink at RATE
 * mails a minute, its staff, two published posts, and the calls they share.
 */
export function useNewsletterSending(dialect: DialectName) {
  const env: Record<string, string> = {
    MAIL_FROM: 'Acme Studio <hello@acme-studio.test>',
    NEWSLETTER_RATE_PER_MINUTE: String(RATE),
  };
  const sink = useSmtpSink(env);
  const t = useTestApp(dialect, { seed: false, env });
  /** The staff sessions and two published posts, set before the tests run. */
  const ctx = {} as { staff: Record<'admin' | 'editor' | 'viewer', Session>; postId: number; otherPostId: number };
  beforeAll(async () => {
    await seedDemoContent(t.db.database.db);
    ctx.staff = await createStaff(t.app, t.db.database.db);
    const posts = await t.db.database.db
      .selectFrom('blog_posts')
      .select(['id'])
      .where('published', '=', 1)
      .orderBy('id')
      .limit(2)
      .execute();
    ctx.postId = Number(posts[0]!.id);
    ctx.otherPostId = Number(posts[1]!.id);
  });
  const { call } = apiCaller(
    () => t.app,
    () => ctx.staff.editor,
  );
  const db = () => t.db.database.db;
  /** The state this release reads from the row (ADR 0046). */
  const statusOf = async (email: string) => {
    const row = await db()
      .selectFrom('newsletter_subscribers')
      .select(STATE_COLUMNS)
      .where('email', '=', email)
      .executeTakeFirst();
    return row && subscriberState(row);
  };
  /** Writes the stored columns of an address's row. */
  const store = (email: string, values: Updateable<NewsletterSubscribersTable>) =>
    db().updateTable('newsletter_subscribers').set(values).where('email', '=', email).execute();
  const subscribe = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, remoteAddress: freshIp() });
  const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email));
  const page = (method: 'GET' | 'POST', url: string, payload?: string, contentType?: string) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload, headers: { 'content-type': contentType ?? 'text/plain' } }),
    });

  /** Runs the release job, each run later than the last, until every mail of the post's send is queued. */
  async function releaseAll(id: number) {
    for (let run = 1; run <= 100; run += 1) {
      const send = newsletterSendStateSchema.parse(
        (await call('GET', `/newsletter/posts/${id}/send`)).json().data,
      ).send!;
      if (send.queued >= send.total) break;
      await t.app.scheduler.runNow('newsletter-release', new Date(Date.now() + run * 31_000 + 3600_000));
    }
    await t.app.mailer.settled();
    return newsletterSendStateSchema.parse((await call('GET', `/newsletter/posts/${id}/send`)).json().data).send!;
  }

  /** Signs an address up and confirms it through its mailed link; resolves with the confirmation mail. */
  async function confirmed(email: string): Promise<void> {
    expect((await subscribe(email)).statusCode).toBe(201);
    await t.app.mailer.settled();
    const [mail] = mailsTo(email);
    expect((await page('POST', linkIn(mail!, 'confirm'))).statusCode).toBe(200);
    expect(await statusOf(email)).toBe('subscribed');
  }

  return { sink, t, ctx, call, db, statusOf, store, subscribe, mailsTo, page, releaseAll, confirmed };
}
