import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsOverviewSchema } from '../../../shared/contracts/analytics-dashboard';
import { contactDetailSchema, contactListDataSchema } from '../../../shared/contracts/contacts';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import { siteDayOf } from '../../../shared/site-day';
import { apiCaller, createStaff, freshIp, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * Follow-up reminders for leads (ADR 0047) on every database: a day set and taken off, refused input that
 * changes nothing, the "due" filter, one reminder per lead and day (for its assignee, or everyone), and
 * the Overview's count.
 */

describe.each(testDialects)('follow-ups of contacts on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;
  beforeAll(async () => {
    staff = await createStaff(t.app, t.db.database.db);
  });
  const { call, ok } = apiCaller(
    () => t.app,
    () => staff.editor,
  );
  const db = () => t.db.database.db;
  const today = () => siteDayOf(new Date(), t.config.siteTimeZone);
  const dayFrom = (offset: number) => {
    const day = new Date(`${today()}T12:00:00.000Z`);
    day.setUTCDate(day.getUTCDate() + offset);
    return day.toISOString().slice(0, 10);
  };

  async function newContact(): Promise<{ id: number; email: string }> {
    const email = `${unique('lead')}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { first_name: 'Grace', last_name: 'Hopper', email, message: 'Please call me back next week.' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await db().selectFrom('contacts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { id: Number(row.id), email };
  }
  const detail = async (id: number) => contactDetailSchema.parse(await ok('GET', `/contacts/${id}`));
  const notificationsFor = async (userId: number, contactId: number) =>
    db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('link', '=', `/admin/contacts?contact=${contactId}`)
      .where('title', '=', 'Follow-up due')
      .execute();

  it('sets a day, shows it on the contact, takes it off; refuses bad days and viewers, changing nothing', async () => {
    const { id } = await newContact();
    const day = dayFrom(3);
    const set = await call('PUT', `/contacts/${id}/follow-up`, { on: day });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ data: { follow_up_on: day }, message: ContactMessage.FOLLOW_UP_SET });
    expect((await detail(id)).follow_up_on).toBe(day);

    for (const bad of [{ on: '2026-02-30' }, { on: 'tomorrow' }, { on: '1999-12-31' }, {}, { on: 20261203 }]) {
      const res = await call('PUT', `/contacts/${id}/follow-up`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('PUT', `/contacts/${id}/follow-up`, { on: dayFrom(1) }, staff.viewer)).statusCode).toBe(403);
    expect((await call('PUT', `/contacts/${id}/follow-up`, { on: dayFrom(1) }, null)).statusCode).toBe(401);
    expect((await call('PUT', '/contacts/2000000000/follow-up', { on: dayFrom(1) })).statusCode).toBe(404);
    expect((await detail(id)).follow_up_on).toBe(day);

    const cleared = await ok('PUT', `/contacts/${id}/follow-up`, { on: null });
    expect(cleared).toEqual({ follow_up_on: null });
    expect((await detail(id)).follow_up_on).toBeNull();
  });

  it('lists the follow-ups due, reminds the assignee once, and everyone for a lead nobody has', async () => {
    const overdue = await newContact();
    const dueToday = await newContact();
    const later = await newContact();
    await ok('PUT', `/contacts/${overdue.id}/follow-up`, { on: dayFrom(-2) });
    await ok('PUT', `/contacts/${dueToday.id}/follow-up`, { on: today() });
    await ok('PUT', `/contacts/${later.id}/follow-up`, { on: dayFrom(5) });
    await ok('PATCH', `/contacts/admin/${dueToday.id}/assign`, { assignedTo: staff.editor.user.id });

    const due = contactListDataSchema.parse(await ok('GET', '/contacts/admin?followUp=due&limit=100'));
    expect(due.contacts.map((c) => c.id).sort()).toEqual([overdue.id, dueToday.id].sort());
    const set = contactListDataSchema.parse(await ok('GET', '/contacts/admin?followUp=set&limit=100'));
    expect(set.contacts.map((c) => c.id)).toContain(later.id);
    expect((await call('GET', '/contacts/admin?followUp=soon')).statusCode).toBe(400);

    expect(await t.app.scheduler.runNow('follow-up-reminders')).toBe(true);
    await t.app.scheduler.runNow('follow-up-reminders');
    // The assigned lead: its assignee alone, once. The other: every staff member, once.
    expect(await notificationsFor(staff.editor.user.id, dueToday.id)).toHaveLength(1);
    expect(await notificationsFor(staff.admin.user.id, dueToday.id)).toHaveLength(0);
    for (const member of Object.values(staff)) {
      expect(await notificationsFor(member.user.id, overdue.id)).toHaveLength(1);
    }
    expect(await notificationsFor(staff.editor.user.id, later.id)).toHaveLength(0);
    const [note] = await notificationsFor(staff.editor.user.id, dueToday.id);
    expect(note!.message).toMatch(/^Grace Hopper: the follow-up planned for [A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // A new day is reminded of afresh when it comes.
    await ok('PUT', `/contacts/${dueToday.id}/follow-up`, { on: today() });
    await t.app.scheduler.runNow('follow-up-reminders');
    expect(await notificationsFor(staff.editor.user.id, dueToday.id)).toHaveLength(2);

    // The Overview counts what is due, the longest due first.
    const overview = analyticsOverviewSchema.parse(await ok('GET', '/analytics/overview', undefined, staff.viewer));
    expect(overview.waiting.follow_ups).toBe(due.contacts.length);
    expect(overview.waiting.follow_up_items[0]).toMatchObject({
      id: overdue.id,
      name: 'Grace Hopper',
      follow_up_on: dayFrom(-2),
    });
  });
});
