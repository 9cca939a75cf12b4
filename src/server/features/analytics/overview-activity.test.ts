import { describe, expect, it } from 'vitest';
import { ACTIVITY_SIGNED_IN, type ActivityItem } from '../../../shared/contracts/analytics-dashboard';
import { apiCaller, createUser, signIn } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * The Overview's recent activity keeps each staff member's latest sign-in only, so that daily sign-ins do
 * not push the site's events out of a list of ten; the full list (GET /api/analytics/activity) keeps them.
 */

describe.each(testDialects)("the Overview's recent activity on %s", (dialect) => {
  const t = useTestApp(dialect, { seed: false });

  it('shows one sign-in per staff member, the latest, among the other events', async () => {
    const db = t.db.database.db;
    const admin = await createUser(db, { role: 'admin' });
    const editor = await createUser(db, { role: 'editor' });
    let session = await signIn(t.app, admin);
    const { ok } = apiCaller(
      () => t.app,
      () => session,
    );
    await ok('POST', '/blog/categories', { name: `Activity ${dialect}` });
    for (let i = 0; i < 3; i += 1) session = await signIn(t.app, admin);
    await signIn(t.app, editor);

    const overview = (await ok('GET', '/analytics/overview')).recent_activity as ActivityItem[];
    const signIns = overview.filter((item) => item.action === ACTIVITY_SIGNED_IN);
    expect(signIns.map((item) => item.item)).toEqual([editor.username, admin.username]);
    expect(overview.some((item) => item.item === `Activity ${dialect}`)).toBe(true);
    // The admin's sign-in shown is the latest one (after the category).
    const order = overview.map((item) => (item.action === ACTIVITY_SIGNED_IN ? item.item : item.action));
    expect(order.indexOf(admin.username)).toBeLessThan(
      order.findIndex((entry) => entry !== null && /categor/i.test(entry)),
    );

    const full = (await ok('GET', '/analytics/activity?limit=50')).activities as ActivityItem[];
    expect(full.filter((item) => item.action === ACTIVITY_SIGNED_IN)).toHaveLength(5);
  });
});
