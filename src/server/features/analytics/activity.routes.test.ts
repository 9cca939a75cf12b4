import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_KEPT, ACTIVITY_SHOWN, activityItemSchema } from '../../../shared/contracts/analytics-dashboard';
import { z } from '../../../shared/zod';
import { bearer, createStaff, createUser, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { countRows, testDialects } from '../../testing/test-database';
import type { Role } from '../../../shared/contracts/auth';
import { insertActivity, listActivity } from './activity.repository';

const answerSchema = z.object({
  success: z.literal(true),
  data: z.object({ activities: z.array(activityItemSchema) }),
});

describe.each(testDialects)('the recent activity on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  let staff: Record<Role, Session>;

  beforeAll(async () => {
    staff = await createStaff(t.app, db());
  });
  beforeEach(async () => {
    await db().deleteFrom('activity_log').execute();
  });

  /** `count` activities a second apart, the last one newest; actions "Action 1".."Action N". */
  async function record(count: number, userId: number | null = null) {
    const start = Date.parse('2026-03-01T10:00:00.000Z');
    for (let i = 1; i <= count; i += 1) {
      await insertActivity(db(), {
        type: 'blog',
        action: `Action ${i}`,
        item: `Item ${i}`,
        userId,
        now: new Date(start + i * 1000),
      });
    }
  }
  const get = (query: string, session: Session | null) =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics/activity${query}`,
      headers: session ? bearer(session.token) : {},
    });
  const activities = async (query: string, session: Session = staff.viewer) => {
    const res = await get(query, session);
    expect(res.statusCode, res.body).toBe(200);
    return answerSchema.parse(res.json()).data.activities;
  };

  it('lists the newest first, ten by default, with who did each and when', async () => {
    await record(12, staff.editor.user.id);
    const list = await activities('');
    expect(list).toHaveLength(ACTIVITY_SHOWN);
    expect(list.map((a) => a.action)).toEqual(Array.from({ length: 10 }, (_, i) => `Action ${12 - i}`));
    expect(list[0]).toEqual({
      id: expect.any(Number),
      type: 'blog',
      action: 'Action 12',
      item: 'Item 12',
      user: staff.editor.user.username,
      time: '2026-03-01T10:00:12.000Z',
    });
  });

  it('takes a limit of 1 to 50 and refuses others', async () => {
    await record(ACTIVITY_KEPT);
    expect((await activities('?limit=3')).map((a) => a.action)).toEqual(['Action 50', 'Action 49', 'Action 48']);
    expect(await activities(`?limit=${ACTIVITY_KEPT}`)).toHaveLength(ACTIVITY_KEPT);
    for (const bad of ['0', '51', 'ten', '-1', '2.5']) {
      const res = await get(`?limit=${bad}`, staff.viewer);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('answers every staff role, never anonymous callers, and is not cached', async () => {
    await record(1);
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const res = await get('', staff[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const anonymous = await get('', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('shows no user for a visitor, nor for a staff member since deleted', async () => {
    const gone = await createUser(db(), { role: 'editor' });
    await insertActivity(db(), { type: 'contact', action: 'New contact request', item: 'Jane Doe', userId: null });
    await insertActivity(db(), { type: 'blog', action: 'Created post', item: 'Hello', userId: gone.id });
    await db().deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await activities('')).map((a) => [a.action, a.user])).toEqual([
      ['Created post', null],
      ['New contact request', null],
    ]);
  });

  it('keeps exactly the 50 newest', async () => {
    await record(ACTIVITY_KEPT + 13);
    // Inserting does not prune (it may run in a visitor's transaction); the recorder and the job do.
    expect(await countRows(db(), 'activity_log')).toBe(ACTIVITY_KEPT + 13);
    expect(await t.app.scheduler.runNow('activity-prune')).toBe(true);
    expect(await countRows(db(), 'activity_log')).toBe(ACTIVITY_KEPT);
    const kept = await listActivity(db(), ACTIVITY_KEPT);
    expect(kept.map((a) => a.action)).toEqual(Array.from({ length: ACTIVITY_KEPT }, (_, i) => `Action ${63 - i}`));
    await t.app.activity.record(db(), { type: 'blog', action: 'Action 64', item: null, userId: null });
    expect(await countRows(db(), 'activity_log')).toBe(ACTIVITY_KEPT);
    expect((await listActivity(db(), 1))[0]?.action).toBe('Action 64');
  });

  it('cuts type, action and item to their columns without splitting a character, and stores a blank item as none', async () => {
    const emoji = '😀';
    await insertActivity(db(), {
      type: 't'.repeat(60),
      action: 'a'.repeat(199) + emoji.repeat(5),
      item: emoji.repeat(400),
      userId: null,
    });
    const [row] = await listActivity(db(), 1);
    expect([...row!.type]).toHaveLength(40);
    expect([...row!.action]).toHaveLength(200);
    expect(row!.action.endsWith('…')).toBe(true);
    expect([...row!.item!]).toHaveLength(300);
    expect(row!.item!.startsWith(emoji.repeat(299))).toBe(true);

    await insertActivity(db(), { type: 'blog', action: 'Reordered posts', item: '   ', userId: null });
    expect((await listActivity(db(), 1))[0]!.item).toBeNull();
  });
});
