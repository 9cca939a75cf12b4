import { beforeAll, describe, expect, it } from 'vitest';
import { BlogMessage } from '../../../shared/contracts/blog.values';
import {
  COMMENT_BURST_COUNT,
  CommentModerationMessage,
  CommentReviewReason,
  blogAdminCommentsDataSchema,
} from '../../../shared/contracts/comment-moderation';
import { apiCaller, createStaff, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * Comment moderation (ADR 0048) on every database: which new comments wait, the spam signals, the queue
 * with its counts, approving / marking as spam / deleting one or several, and who may do what.
 */

describe.each(testDialects)('comment moderation on %s', (dialect) => {
  const t = useTestApp(dialect);
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;
  let postId = 0;
  beforeAll(async () => {
    staff = await createStaff(t.app, t.db.database.db);
    const post = await t.db.database.db
      .selectFrom('blog_posts')
      .select('id')
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    postId = Number(post.id);
  });
  const { call, ok } = apiCaller(
    () => t.app,
    () => staff.editor,
  );
  const db = () => t.db.database.db;

  const comment = async (over: Partial<Record<'name' | 'email' | 'message' | 'website', string>> = {}) => {
    const res = await call(
      'POST',
      `/blog/posts/${postId}/comments`,
      { name: 'Reader', email: `${unique('reader')}@example.test`, message: 'A thoughtful remark.', ...over },
      null,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { data: { comment: { id: number; awaiting_review?: boolean } }; message: string };
  };
  const stored = (message: string) =>
    db().selectFrom('blog_comments').selectAll().where('message', '=', message).executeTakeFirst();
  const publicMessages = async () =>
    (
      (await ok('GET', `/blog/posts/${postId}/comments`, undefined, null)) as { comments: { message: string }[] }
    ).comments.map((c) => c.message);
  const setHold = (hold: string, session = staff.admin) => call('PUT', '/blog/comments/moderation', { hold }, session);

  it('holds the first comment of a new address, tells the author it waits, and lets later ones through once approved', async () => {
    const email = `${unique('first')}@example.test`;
    const message = unique('First words ');
    const answer = await comment({ email, message });
    expect(answer.message).toBe(CommentModerationMessage.AWAITING_REVIEW);
    expect(answer.data.comment).toMatchObject({ awaiting_review: true });
    expect(answer.data.comment.id).toBeGreaterThan(0);
    expect(await stored(message)).toMatchObject({
      status: 'pending',
      review_reason: CommentReviewReason.FIRST_FROM_ADDRESS,
    });
    expect(await publicMessages()).not.toContain(message);

    // Staff are told it waits, and led to the queue.
    const note = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', staff.editor.user.id)
      .where('kind', '=', 'comment')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ title: 'Comment awaiting review', link: '/admin/blog/comments?status=pending' });

    const id = answer.data.comment.id;
    expect((await call('PATCH', `/blog/comments/${id}`, { status: 'approved' }, staff.viewer)).statusCode).toBe(403);
    const approved = await call('PATCH', `/blog/comments/${id}`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(CommentModerationMessage.APPROVED);
    expect(await stored(message)).toMatchObject({ status: 'approved', review_reason: null });
    expect(await publicMessages()).toContain(message);

    // The same address, however it is typed, now goes live at once.
    const next = unique('Second words ');
    const second = await comment({ email: email.toUpperCase(), message: next });
    expect(second.message).toBe(BlogMessage.COMMENT_POSTED);
    expect(second.data.comment.awaiting_review).toBeUndefined();
    expect(await publicMessages()).toContain(next);
  });

  it('follows the setting: every comment held, or none; only admins change it, and a bad choice changes nothing', async () => {
    expect(await ok('GET', '/blog/comments/moderation', undefined, staff.viewer)).toEqual({ hold: 'first' });
    expect((await setHold('all', staff.editor)).statusCode).toBe(403);
    for (const bad of [{ hold: 'sometimes' }, {}, { hold: 1 }, { hold: 'all', extra: '<script>' }]) {
      const res = await call('PUT', '/blog/comments/moderation', bad, staff.admin);
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
      if (res.statusCode !== 200) expect(res.statusCode).toBe(400);
      await setHold('first');
    }
    expect(await ok('GET', '/blog/comments/moderation')).toEqual({ hold: 'first' });

    const saved = await setHold('all');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { hold: 'all' }, message: CommentModerationMessage.SETTINGS_SAVED });
    const known = `${unique('known')}@example.test`;
    await db()
      .insertInto('blog_comments')
      .values({
        post_id: postId,
        name: 'K',
        email: known,
        message: 'old',
        status: 'approved',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const held = unique('Held anyway ');
    await comment({ email: known, message: held });
    expect(await stored(held)).toMatchObject({ status: 'pending', review_reason: CommentReviewReason.ALL_HELD });

    await setHold('none');
    const open = unique('Straight through ');
    expect((await comment({ message: open })).message).toBe(BlogMessage.COMMENT_POSTED);
    expect(await stored(open)).toMatchObject({ status: 'approved' });
    await setHold('first');
  });

  it('sets spam aside whatever the setting, and answers it like a comment that waits', async () => {
    await setHold('none');
    const notifications = async () =>
      Number(
        (
          await db()
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', '=', 'comment')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await notifications();

    const links = unique('Buy now ') + ' https://a.test http://b.test www.c.test';
    const spam = await comment({ message: links });
    expect(spam).toMatchObject({
      message: CommentModerationMessage.AWAITING_REVIEW,
      data: { comment: { id: 0, awaiting_review: true } },
    });
    expect(await stored(links)).toMatchObject({ status: 'spam', review_reason: CommentReviewReason.MANY_LINKS });

    const named = unique('Nice post ');
    await comment({ name: 'Cheap pills https://pills.test', message: named });
    expect(await stored(named)).toMatchObject({ status: 'spam', review_reason: CommentReviewReason.LINK_IN_NAME });

    // Marked as spam by staff: the address's next comment is set aside too.
    const spammer = `${unique('spammer')}@example.test`;
    const first = unique('Looks fine ');
    const { data } = await comment({ email: spammer, message: first });
    await ok('PATCH', `/blog/comments/${data.comment.id}`, { status: 'spam' });
    const again = unique('Again ');
    await comment({ email: spammer, message: again });
    expect(await stored(again)).toMatchObject({ status: 'spam', review_reason: CommentReviewReason.KNOWN_SPAM });

    // A burst from one address.
    const busy = `${unique('busy')}@example.test`;
    const burst: string[] = [];
    for (let i = 0; i <= COMMENT_BURST_COUNT; i++) {
      burst.push(unique(`Burst ${i} `));
      await comment({ email: busy, message: burst[i]! });
    }
    expect(await stored(burst[COMMENT_BURST_COUNT - 1]!)).toMatchObject({ status: 'approved' });
    expect(await stored(burst[COMMENT_BURST_COUNT]!)).toMatchObject({
      status: 'spam',
      review_reason: CommentReviewReason.BURST,
    });

    // Spam tells no one: only the comments that went live notified each staff member.
    const staffCount = (await db().selectFrom('users').select('id').where('status', '=', 'active').execute()).length;
    expect(await notifications()).toBe(before + (1 + COMMENT_BURST_COUNT) * staffCount);
    expect(await publicMessages()).not.toContain(links);
    await setHold('first');
  });

  it('lists the queue by status with counts and reasons, and approves, marks and deletes several at once', async () => {
    const messages = [unique('Queue a '), unique('Queue b '), unique('Queue c ')];
    const ids: number[] = [];
    for (const message of messages) ids.push((await comment({ message })).data.comment.id);

    const queue = blogAdminCommentsDataSchema.parse(
      await ok('GET', '/blog/comments?status=pending&limit=100', undefined, staff.viewer),
    );
    expect(queue.comments.every((c) => c.status === 'pending')).toBe(true);
    expect(queue.comments.filter((c) => ids.includes(c.id)).map((c) => c.review_reason)).toEqual([
      CommentReviewReason.FIRST_FROM_ADDRESS,
      CommentReviewReason.FIRST_FROM_ADDRESS,
      CommentReviewReason.FIRST_FROM_ADDRESS,
    ]);
    expect(queue.counts.pending).toBe(queue.total);
    const countOf = async (status: string) =>
      Number(
        (
          await db()
            .selectFrom('blog_comments')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', status as 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(queue.counts).toEqual({
      pending: await countOf('pending'),
      approved: await countOf('approved'),
      spam: await countOf('spam'),
    });

    // Refused, and nothing changes.
    for (const bad of [
      { action: 'approve', commentIds: [] },
      { action: 'publish', commentIds: ids },
      { action: 'approve', commentIds: ['1; drop table blog_comments'] },
      { action: 'approve', commentIds: Array.from({ length: 201 }, (_, i) => i + 1) },
      { commentIds: ids },
    ]) {
      expect((await call('PATCH', '/blog/comments/bulk', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call('PATCH', '/blog/comments/bulk', { action: 'approve', commentIds: ids }, staff.viewer)).statusCode,
    ).toBe(403);
    expect(await stored(messages[0]!)).toMatchObject({ status: 'pending' });

    const missing = 2_000_000_000;
    const approved = await call('PATCH', '/blog/comments/bulk', {
      action: 'approve',
      commentIds: [ids[0], ids[1], missing],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: '2 comments approved',
      data: { action: 'approve', requested: 3, succeeded: 2, missing: [missing] },
    });
    expect(await publicMessages()).toEqual(expect.arrayContaining([messages[0], messages[1]]));

    const marked = await ok('PATCH', '/blog/comments/bulk', { action: 'spam', commentIds: [ids[1], ids[2]] });
    expect(marked).toMatchObject({ succeeded: 2, missing: [] });
    expect(await publicMessages()).not.toContain(messages[1]);

    const deleted = await call('PATCH', '/blog/comments/bulk', { action: 'delete', commentIds: ids });
    expect(deleted.json()).toMatchObject({ message: '3 comments deleted', data: { succeeded: 3 } });
    for (const message of messages) expect(await stored(message)).toBeUndefined();

    expect((await call('PATCH', `/blog/comments/${ids[0]}`, { status: 'approved' })).statusCode).toBe(404);
    expect((await call('PATCH', `/blog/comments/${ids[0]}`, { status: 'published' })).statusCode).toBe(400);
    expect((await call('DELETE', `/blog/comments/${ids[0]}`)).statusCode).toBe(404);
  });

  it('drops a filled-in honeypot without storing it, with the answer a comment that waits gets', async () => {
    const message = unique('Bot text ');
    const answer = await comment({ message, website: 'https://bot.test' });
    expect(answer).toMatchObject({ message: CommentModerationMessage.AWAITING_REVIEW, data: { comment: { id: 0 } } });
    expect(await stored(message)).toBeUndefined();
  });

  it('keeps the author out of the public answer and the comment out of the page until approved', async () => {
    const message = unique('Private until approved ');
    const { data } = await comment({ message, email: `${unique('p')}@example.test` });
    const list = await call('GET', `/blog/posts/${postId}/comments`, undefined, null);
    expect(list.body).not.toContain(message);
    await ok('PATCH', `/blog/comments/${data.comment.id}`, { status: 'approved' });
    const after = await call('GET', `/blog/posts/${postId}/comments`, undefined, null);
    expect(after.body).toContain(message);
    expect(after.body).not.toContain('@example.test');
  });
});
