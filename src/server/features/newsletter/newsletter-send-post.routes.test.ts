import { beforeAll, describe, expect, it } from 'vitest';
import { newsletterSendStateSchema } from '../../../shared/contracts/newsletter';
import { NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { formatMessage } from '../../../shared/errors';
import type { Session } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { bouncedValues, inState, stateValues } from './newsletter-states';
import { linkIn, header, useNewsletterSending } from './newsletter-sending-testing';

/*
 * The newsletter that sends a post (ADR 0046), on every database and through a real SMTP server: to the
 * confirmed subscribers at the configured rate through the scheduler's job, and the roles.
 */

describe.each(testDialects)('the newsletter that sends on %s', (dialect) => {
  const { t, call, db, store, subscribe, mailsTo, releaseAll, confirmed, ctx } = useNewsletterSending(dialect);
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;
  let postId: number;
  let otherPostId: number;
  beforeAll(() => {
    ({ staff, postId, otherPostId } = ctx);
  });

  it('sends a post once to confirmed subscribers only, at the configured rate, with the unsubscribe headers and link', async () => {
    const confirmedOnes = [1, 2, 3].map((n) => `fan${n}.${dialect}@example.com`);
    for (const email of confirmedOnes) await confirmed(email);
    const pending = `undecided.${dialect}@example.com`;
    await subscribe(pending);
    const left = `gone.${dialect}@example.com`;
    await confirmed(left);
    await store(left, stateValues('unsubscribed', new Date().toISOString()));
    const bounced = `dead.${dialect}@example.com`;
    await subscribe(bounced);
    await store(bounced, bouncedValues(new Date().toISOString()));
    const before = await db().selectFrom('newsletter_subscribers').select('id').where(inState('subscribed')).execute();
    const recipients = before.length;

    const state = newsletterSendStateSchema.parse((await call('GET', `/newsletter/posts/${postId}/send`)).json().data);
    expect(state).toMatchObject({ recipients, published: true, mail_configured: true, send: null });
    expect(state.preview.text).toContain('Unsubscribe:');

    // The test mail goes to the editor alone.
    const test = await call('POST', `/newsletter/posts/${postId}/send/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({
      data: { to: staff.editor.user.email, status: 'sent' },
      message: formatMessage(NewsletterMessage.TEST_SENT, { email: staff.editor.user.email }),
    });
    expect(header(mailsTo(staff.editor.user.email).at(-1)!, 'Subject')).toBe(`[Test] ${state.preview.subject}`);

    const start = Date.now();
    const res = await call('POST', `/newsletter/posts/${postId}/send`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'sending', total: recipients, queued: 1 });
    const queuedPostMails = async () =>
      Number(
        (
          await db()
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', 'like', 'newsletter-post:%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Rate 2 a minute: one mail every 30 seconds, whatever the job's runs in between.
    const at = (seconds: number) => new Date(start + seconds * 1000);
    const expected: Array<[number, number]> = [
      [10, 1],
      [20, 1],
      [31, 2],
      [45, 2],
      [62, 3],
    ];
    for (const [seconds, count] of expected) {
      expect(await t.app.scheduler.runNow('newsletter-release', at(seconds))).toBe(true);
      expect(await queuedPostMails(), `after ${seconds} s`).toBe(Math.min(count, recipients));
    }
    const progress = await releaseAll(postId);
    expect(progress).toMatchObject({
      status: 'done',
      total: recipients,
      queued: recipients,
      sent: recipients,
      failed: 0,
    });
    expect(progress!.finished_at).not.toBeNull();

    for (const email of confirmedOnes) {
      const mail = mailsTo(email).find((m) => header(m, 'Subject') === state.preview.subject);
      expect(mail, email).toBeDefined();
      const unsubscribe = linkIn(mail!, 'unsubscribe');
      expect(header(mail!, 'List-Unsubscribe')).toBe(`<${t.config.publicUrl}${unsubscribe}>`);
      expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    for (const email of [pending, left, bounced]) {
      expect(
        mailsTo(email).filter((m) => header(m, 'Subject') === state.preview.subject),
        email,
      ).toEqual([]);
    }

    // Once per post.
    const twice = await call('POST', `/newsletter/posts/${postId}/send`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', message: NewsletterMessage.ALREADY_SENT });
  });

  it('lets viewers see the dialog but not send; refuses drafts, unknown posts and anonymous callers', async () => {
    const draft = await db().selectFrom('blog_posts').select('id').where('published', '=', 0).executeTakeFirst();
    const viewer = staff.viewer;
    expect((await call('GET', `/newsletter/posts/${postId}/send`, undefined, viewer)).statusCode).toBe(200);
    for (const url of [`/newsletter/posts/${otherPostId}/send`, `/newsletter/posts/${otherPostId}/send/test`]) {
      const refused = await call('POST', url, undefined, viewer);
      expect(refused.statusCode, url).toBe(403);
      expect((await call('POST', url, undefined, null)).statusCode).toBe(401);
    }
    if (draft) {
      const res = await call('POST', `/newsletter/posts/${Number(draft.id)}/send`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NewsletterMessage.POST_NOT_PUBLISHED);
    }
    expect((await call('POST', '/newsletter/posts/999999/send')).statusCode).toBe(404);
    expect((await call('GET', '/newsletter/posts/abc/send')).statusCode).toBe(400);
  });
});
