import { beforeAll, describe, expect, it } from 'vitest';
import { blogCommentSchema, blogLikeDataSchema } from '../../../shared/contracts/blog';
import { CommentModerationMessage } from '../../../shared/contracts/comment-moderation';
import { demoBlogPosts } from '../../seed/demo-blog-posts';
import { holdComments } from '../../testing/comment-hold';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

const published = demoBlogPosts.filter((p) => p.published);
const draft = demoBlogPosts.find((p) => !p.published)!;
const UA = 'Mozilla/5.0 (test browser)';

describe.each(testDialects)('likes and comments of the public blog on %s', (dialect) => {
  const t = useTestApp(dialect);
  let ipCounter = 0;
  /** A fresh client address per test, so the per-address rate limits do not interfere. */
  const freshIp = () => `10.99.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  const postOf = async (slug: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; likes: number };
  };
  const like = (slugOrId: string | number, ip: string, userAgent = UA) =>
    t.app.inject({
      method: 'POST',
      url: `/api/blog/posts/${slugOrId}/like`,
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
  const comment = (slugOrId: string | number, payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url: `/api/blog/posts/${slugOrId}/comments`, payload, remoteAddress: ip });
  const comments = (slugOrId: string | number) =>
    t.app.inject({ method: 'GET', url: `/api/blog/posts/${slugOrId}/comments` });
  const commentRows = (postId: number) =>
    t.db.database.db.selectFrom('blog_comments').selectAll().where('post_id', '=', postId).execute();

  describe('POST /api/blog/posts/{id}/like', () => {
    it('counts one like per client: a replay does not count, another client does', async () => {
      const slug = published[0]!.slug;
      const before = await postOf(slug);
      const ip = freshIp();

      const first = await like(slug, ip);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ success: true, data: { likes: before.likes + 1, liked: true } });
      expect(blogLikeDataSchema.parse(first.json().data).liked).toBe(true);

      // The same client again, by slug and by id: still one like.
      for (const target of [slug, before.id]) {
        const replay = await like(target, ip);
        expect(replay.statusCode).toBe(200);
        expect(replay.json().data).toEqual({ likes: before.likes + 1, liked: true });
      }
      expect((await postOf(slug)).likes).toBe(before.likes + 1);

      // Another browser on the same address, and the same browser elsewhere, are other visitors.
      expect((await like(slug, ip, 'Another browser/1.0')).json().data.likes).toBe(before.likes + 2);
      expect((await like(before.id, freshIp())).json().data.likes).toBe(before.likes + 3);
      expect((await postOf(slug)).likes).toBe(before.likes + 3);

      const rows = await t.db.database.db
        .selectFrom('blog_post_likes')
        .selectAll()
        .where('post_id', '=', before.id)
        .execute();
      expect(rows).toHaveLength(3);
      // The table holds keyed hashes, not addresses or browsers.
      for (const row of rows) {
        expect(row.visitor_key).toMatch(/^[0-9a-f]{64}$/);
        expect(row.visitor_key).not.toContain('10.99');
      }
    });

    it('answers 404 for a draft or an unknown post and records nothing', async () => {
      const ip = freshIp();
      for (const target of [draft.slug, 'no-such-post', '999999']) {
        const res = await like(target, ip);
        expect(res.statusCode, target).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Blog post not found' });
      }
      const draftRow = await t.db.database.db
        .selectFrom('blog_posts')
        .select(['id', 'likes'])
        .where('slug', '=', draft.slug)
        .executeTakeFirstOrThrow();
      expect((await like(draftRow.id, ip)).statusCode).toBe(404);
      const likes = await t.db.database.db
        .selectFrom('blog_post_likes')
        .selectAll()
        .where('post_id', '=', draftRow.id)
        .execute();
      expect(likes).toEqual([]);
    });

    it('allows 30 likes a minute per address, then answers 429', async () => {
      const ip = freshIp();
      const slug = published[1]!.slug;
      for (let i = 0; i < 30; i++) expect((await like(slug, ip, `agent-${i}`)).statusCode).toBe(200);
      const limited = await like(slug, ip, 'agent-x');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    });
  });

  describe('comments', () => {
    const valid = { name: 'Sara Khan', email: 'sara@example.com', message: 'Very helpful, thank you!' };
    // Published at once: holding them for review has its own tests (comment-moderation.routes.test.ts).
    beforeAll(() => holdComments(t.db.database.db, 'none'));

    it('posts a trimmed plain-text comment that then appears in the list, never with the e-mail', async () => {
      const post = await postOf(published[2]!.slug);
      const text = '<script>alert("x")</script> & <b>bold</b>';
      const res = await comment(
        post.id,
        { name: '  Sara Khan  ', email: ' sara@example.com ', message: `  ${text}\n` },
        freshIp(),
      );
      expect(res.statusCode, res.body).toBe(201);
      // A NUL is refused at the edge for every route (see http/text-input.ts), naming the field.
      const nul = await comment(post.id, { ...valid, message: `${text}\u0000` }, freshIp());
      expect(nul.statusCode).toBe(400);
      expect(nul.json().errors).toEqual([{ field: 'message', message: 'message must not contain NUL characters' }]);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Comment posted successfully!' });
      const created = blogCommentSchema.parse(body.data.comment);
      expect(Object.keys(body.data.comment).sort()).toEqual(['created_at', 'id', 'message', 'name']);
      expect(created).toMatchObject({ name: 'Sara Khan', message: text });
      expect(res.body).not.toContain('sara@example.com');

      const second = await comment(published[2]!.slug, { ...valid, message: 'Second one' }, freshIp());
      expect(second.statusCode).toBe(201);

      const list = await comments(published[2]!.slug);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('sara@example.com');
      expect(list.body).not.toContain('email');
      const listed = list.json().data.comments as Record<string, unknown>[];
      expect(listed.map((c) => c.message)).toEqual([text, 'Second one']);
      expect(listed[0]).toEqual(created);
      for (const c of listed) expect(Object.keys(c).sort()).toEqual(['created_at', 'id', 'message', 'name']);

      // Stored as written (trimmed), approved, with the e-mail kept for the staff only.
      const rows = await commentRows(post.id);
      expect(rows[0]).toMatchObject({
        name: 'Sara Khan',
        email: 'sara@example.com',
        message: text,
        status: 'approved',
      });
    });

    it('lists approved comments only, oldest first', async () => {
      const post = await postOf(published[3]!.slug);
      const db = t.db.database.db;
      await db
        .insertInto('blog_comments')
        .values([
          {
            post_id: post.id,
            name: 'B',
            email: 'b@example.com',
            message: 'later',
            status: 'approved',
            created_at: '2026-02-01T00:00:00.000Z',
          },
          {
            post_id: post.id,
            name: 'A',
            email: 'a@example.com',
            message: 'earlier',
            status: 'approved',
            created_at: '2026-01-01T00:00:00.000Z',
          },
          {
            post_id: post.id,
            name: 'S',
            email: 's@example.com',
            message: 'spam',
            status: 'spam',
            created_at: '2026-01-15T00:00:00.000Z',
          },
          {
            post_id: post.id,
            name: 'P',
            email: 'p@example.com',
            message: 'pending',
            status: 'pending',
            created_at: '2026-01-16T00:00:00.000Z',
          },
        ])
        .execute();
      const res = await comments(post.id);
      expect(res.statusCode).toBe(200);
      expect((res.json().data.comments as { message: string }[]).map((c) => c.message)).toEqual(['earlier', 'later']);
      expect(res.body).not.toContain('@example.com');
    });

    it("answers 'Please fill in all fields' when a field is missing or blank after trimming", async () => {
      const post = await postOf(published[4]!.slug);
      const cases: Record<string, unknown>[] = [
        {},
        { ...valid, name: '   ' },
        { ...valid, email: '' },
        { ...valid, message: ' \n\t ' },
        { name: valid.name, email: valid.email },
      ];
      for (const payload of cases) {
        const res = await comment(post.id, payload, freshIp());
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Please fill in all fields',
        });
      }
      expect(await commentRows(post.id)).toEqual([]);
    });

    it('refuses too long fields and an invalid e-mail with a clear message', async () => {
      const post = await postOf(published[4]!.slug);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters.'],
        [{ ...valid, email: `${'e'.repeat(310)}@example.com` }, 'email', 'Email must be at most 320 characters.'],
        [{ ...valid, email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
        [{ ...valid, message: 'm'.repeat(2001) }, 'message', 'Comment must be at most 2000 characters.'],
      ];
      for (const [payload, field, message] of cases) {
        const res = await comment(post.id, payload, freshIp());
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
        expect(res.json().errors).toContainEqual({ field, message });
      }
      // The limits themselves are accepted, counted in characters (an emoji is one).
      const atLimit = await comment(
        post.id,
        { ...valid, name: '😀'.repeat(100), message: 'm'.repeat(2000) },
        freshIp(),
      );
      expect(atLimit.statusCode, atLimit.body).toBe(201);
      expect(atLimit.json().data.comment.name).toBe('😀'.repeat(100));
      expect(await commentRows(post.id)).toHaveLength(1);
    });

    it('answers a filled-in honeypot as if it waited for review, but stores nothing', async () => {
      const post = await postOf(published[5]!.slug);
      const res = await comment(post.id, { ...valid, website: 'https://spam.example' }, freshIp());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: CommentModerationMessage.AWAITING_REVIEW,
        data: { comment: { id: 0, name: valid.name, message: valid.message } },
      });
      expect(res.body).not.toContain(valid.email);
      expect(await commentRows(post.id)).toEqual([]);
      expect((await comments(post.id)).json().data.comments).toEqual([]);
      // An empty honeypot is a person.
      expect((await comment(post.id, { ...valid, website: '' }, freshIp())).statusCode).toBe(201);
      expect(await commentRows(post.id)).toHaveLength(1);
    });

    it('answers 404 for the comments of a draft or unknown post', async () => {
      for (const target of [draft.slug, 'no-such-post', '999999']) {
        const list = await comments(target);
        expect(list.statusCode, target).toBe(404);
        expect(list.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Blog post not found' });
        const posted = await comment(target, valid, freshIp());
        expect(posted.statusCode, target).toBe(404);
      }
      const draftRow = await t.db.database.db
        .selectFrom('blog_posts')
        .select('id')
        .where('slug', '=', draft.slug)
        .executeTakeFirstOrThrow();
      expect(await commentRows(draftRow.id)).toEqual([]);
    });

    it('allows 5 comments a minute per address, then answers 429', async () => {
      const ip = freshIp();
      const slug = published[0]!.slug;
      for (let i = 0; i < 5; i++) {
        expect((await comment(slug, { ...valid, message: `Comment ${i}` }, ip)).statusCode).toBe(201);
      }
      const limited = await comment(slug, valid, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // Another address is not affected.
      expect((await comment(slug, valid, freshIp())).statusCode).toBe(201);
    });
  });
});
