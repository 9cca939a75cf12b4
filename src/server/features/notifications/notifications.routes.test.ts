import { beforeEach, describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_MAX,
  NotificationMessage,
  emailPreferencesSchema,
  notificationListSchema,
} from '../../../shared/contracts/notifications';
import { writeTransaction } from '../../db/write-conflicts';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

describe.each(testDialects)('/api/notifications on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;

  /** A blog comment alert, as the comment route raises it: one notification for every active staff member. */
  let sequence = 0;
  async function alert(): Promise<void> {
    sequence += 1;
    await writeTransaction(db(), (trx) =>
      t.app.staffAlerts.newComment(trx, {
        commentId: sequence,
        postId: 1,
        postTitle: `Post ${sequence}`,
        postSlug: `post-${sequence}`,
        name: `Reader ${sequence}`,
        message: 'Nice',
        awaitingReview: false,
      }),
    );
  }

  const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'PUT', url: string, session?: Session, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/notifications${url}`,
      headers: session ? bearer(session.token) : {},
      ...(payload ? { payload } : {}),
    });
  const list = async (session: Session) => {
    const res = await call('GET', '', session);
    expect(res.statusCode, res.body).toBe(200);
    return notificationListSchema.parse(res.json().data);
  };

  beforeEach(async () => {
    await db().deleteFrom('notifications').execute();
    await db().deleteFrom('mail_outbox').execute();
    await db().updateTable('users').set({ status: 'disabled' }).execute();
  });

  it('refuses anonymous callers with 401 on every call', async () => {
    for (const [method, url] of [
      ['GET', ''],
      ['PATCH', '/1/read'],
      ['PATCH', '/1/unread'],
      ['PATCH', '/read-all'],
      ['DELETE', '/1'],
      ['DELETE', ''],
      ['GET', '/preferences'],
      ['PUT', '/preferences'],
    ] as const) {
      const res = await call(
        method,
        url,
        undefined,
        method === 'PUT' ? { newContact: true, newComment: true, weeklyReport: true } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('lists only my own notifications, newest first, with the unread count; a viewer may', async () => {
    const viewer = await createSignedIn(t.app, db(), { role: 'viewer' });
    const admin = await createSignedIn(t.app, db(), { role: 'admin' });
    await alert();
    await alert();
    const mine = await list(viewer);
    expect(mine.unread).toBe(2);
    expect(mine.notifications.map((n) => n.message)).toEqual([
      `Reader ${sequence} on “Post ${sequence}”`,
      `Reader ${sequence - 1} on “Post ${sequence - 1}”`,
    ]);
    expect(mine.notifications[0]).toMatchObject({
      type: 'info',
      kind: 'comment',
      title: 'New blog comment',
      link: '/admin/blog/comments',
      read: false,
    });
    const theirs = await list(admin);
    expect(theirs.notifications.map((n) => n.id).some((id) => mine.notifications.some((m) => m.id === id))).toBe(false);
    const res = await call('GET', '', viewer);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('marks one read and unread, all read, dismisses one and clears mine; another user is untouched', async () => {
    const me = await createSignedIn(t.app, db(), { role: 'editor' });
    const other = await createSignedIn(t.app, db(), { role: 'viewer' });
    await alert();
    await alert();
    await alert();
    const [first, second, third] = (await list(me)).notifications;

    const read = await call('PATCH', `/${first!.id}/read`, me);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      success: true,
      message: NotificationMessage.MARKED_READ,
      data: { id: first!.id, read: true },
    });
    expect((await list(me)).unread).toBe(2);
    const again = await call('PATCH', `/${first!.id}/read`, me);
    expect(again.statusCode).toBe(200);

    const unread = await call('PATCH', `/${first!.id}/unread`, me);
    expect(unread.json()).toMatchObject({ message: NotificationMessage.MARKED_UNREAD, data: { read: false } });
    expect((await list(me)).unread).toBe(3);

    const all = await call('PATCH', '/read-all', me);
    expect(all.json()).toEqual({ success: true, data: null, message: NotificationMessage.ALL_READ });
    expect((await list(me)).unread).toBe(0);
    expect((await list(other)).unread).toBe(3);

    const dismissed = await call('DELETE', `/${second!.id}`, me);
    expect(dismissed.json()).toEqual({ success: true, data: null, message: NotificationMessage.DISMISSED });
    expect((await list(me)).notifications.map((n) => n.id)).toEqual([first!.id, third!.id]);
    expect((await call('DELETE', `/${second!.id}`, me)).statusCode).toBe(404);

    const cleared = await call('DELETE', '', me);
    expect(cleared.json()).toEqual({ success: true, data: null, message: NotificationMessage.CLEARED });
    expect(await list(me)).toEqual({ notifications: [], unread: 0 });
    expect((await list(other)).notifications).toHaveLength(3);
  });

  it("answers 404 for another user's notification and changes nothing; 400 for a malformed id", async () => {
    const me = await createSignedIn(t.app, db(), { role: 'viewer' });
    const other = await createSignedIn(t.app, db(), { role: 'admin' });
    await alert();
    const [theirs] = (await list(other)).notifications;
    for (const [method, url] of [
      ['PATCH', `/${theirs!.id}/read`],
      ['PATCH', `/${theirs!.id}/unread`],
      ['DELETE', `/${theirs!.id}`],
      ['PATCH', '/2147483647/read'],
    ] as const) {
      const res = await call(method, url, me);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: NotificationMessage.NOT_FOUND });
    }
    expect((await list(other)).notifications).toEqual([theirs]);
    for (const url of ['/0/read', '/abc/unread', '/2147483648/read', '/-1']) {
      const res = await call(url.endsWith('read') ? 'PATCH' : 'DELETE', url, me);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it(`keeps at most ${NOTIFICATIONS_MAX} per user, dropping the oldest`, async () => {
    const me = await createSignedIn(t.app, db(), { role: 'viewer' });
    const first = sequence + 1;
    for (let i = 0; i < NOTIFICATIONS_MAX + 5; i += 1) await alert();
    const mine = await list(me);
    expect(mine.notifications).toHaveLength(NOTIFICATIONS_MAX);
    expect(mine.unread).toBe(NOTIFICATIONS_MAX);
    expect(mine.notifications[0]!.message).toContain(`Post ${sequence}”`);
    expect(mine.notifications.at(-1)!.message).toContain(`Post ${first + 5}”`);
    const stored = await db().selectFrom('notifications').select('id').where('user_id', '=', me.user.id).execute();
    expect(stored).toHaveLength(NOTIFICATIONS_MAX);
  });

  it('simultaneous first saves of the preferences all succeed and leave one row', async () => {
    const me = await createSignedIn(t.app, db(), { role: 'viewer' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('PUT', '/preferences', me, { newContact: i % 2 === 0, newComment: true, weeklyReport: i % 3 === 0 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(
      await db().selectFrom('user_email_preferences').select('id').where('user_id', '=', me.user.id).execute(),
    ).toHaveLength(1);
  });

  it('e-mail preferences: notifications on and the weekly report off until saved, then what was saved, per user', async () => {
    const me = await createSignedIn(t.app, db(), { role: 'viewer' });
    const other = await createSignedIn(t.app, db(), { role: 'editor' });
    const get = async (session: Session) => {
      const res = await call('GET', '/preferences', session);
      expect(res.statusCode, res.body).toBe(200);
      return emailPreferencesSchema.parse(res.json().data);
    };
    const stored = () =>
      db()
        .selectFrom('user_email_preferences')
        .select(['new_contact', 'new_comment', 'weekly_report'])
        .where('user_id', '=', me.user.id)
        .execute();
    expect(await get(me)).toEqual({ newContact: true, newComment: true, weeklyReport: false });

    const saved = await call('PUT', '/preferences', me, { newContact: false, newComment: true, weeklyReport: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      data: { newContact: false, newComment: true, weeklyReport: true },
      message: NotificationMessage.PREFERENCES_SAVED,
    });
    expect(await get(me)).toEqual({ newContact: false, newComment: true, weeklyReport: true });
    expect((await stored()).map((row) => Object.values(row).map(Number))).toEqual([[0, 1, 1]]);
    expect(await get(other)).toEqual({ newContact: true, newComment: true, weeklyReport: false });
    // Saving the same values again, then others.
    const same = { newContact: false, newComment: true, weeklyReport: true };
    expect((await call('PUT', '/preferences', me, same)).statusCode).toBe(200);
    const others = { newContact: true, newComment: false, weeklyReport: false };
    expect((await call('PUT', '/preferences', me, others)).statusCode).toBe(200);
    expect(await get(me)).toEqual(others);
    expect((await stored()).map((row) => Object.values(row).map(Number))).toEqual([[1, 0, 0]]);

    for (const body of [
      {},
      { newContact: 'yes', newComment: true, weeklyReport: false },
      { newContact: true },
      // The report is part of the preferences: a save names it too.
      { newContact: true, newComment: true },
      { newContact: true, newComment: true, weeklyReport: 'on' },
    ]) {
      const res = await call('PUT', '/preferences', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(await get(me)).toEqual(others);
  });
});
