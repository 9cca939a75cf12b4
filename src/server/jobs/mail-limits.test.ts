import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { testDialects } from '../testing/test-database';
import { hashedSubject, normaliseMailAddress, pruneMailLimits, takeMailAllowance } from './mail-limits';

describe('normaliseMailAddress', () => {
  it.each([
    ['Victim@Example.com', 'victim@example.com'],
    ['victim+1@example.com', 'victim@example.com'],
    ['VICTIM+quote+2@EXAMPLE.COM', 'victim@example.com'],
    ['  victim+x@example.com ', 'victim@example.com'],
    ['v.i.c.t.i.m+9@gmail.com', 'victim@gmail.com'],
    ['Vic.Tim@GoogleMail.com', 'victim@gmail.com'],
    // Dots matter elsewhere: another mailbox.
    ['vic.tim@example.com', 'vic.tim@example.com'],
    // A local part that is only a tag is kept as written.
    ['+tag@example.com', '+tag@example.com'],
    ['not-an-address', 'not-an-address'],
  ])('%s counts as %s', (address, expected) => {
    expect(normaliseMailAddress(address)).toBe(expected);
  });

  it('stores subjects as 64-character hashes', () => {
    expect(hashedSubject('victim@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(testDialects)('takeMailAllowance on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  const limit = { scope: 'test', limit: 3, windowMs: 60_000 };

  it('allows `limit` mails in a window, also when twenty ask at once, and again in the next window', async () => {
    const start = new Date('2026-12-02T10:00:00.000Z');
    const answers = await Promise.all(Array.from({ length: 20 }, () => takeMailAllowance(db(), limit, 'a', start)));
    expect(answers.filter(Boolean)).toHaveLength(3);
    expect(await takeMailAllowance(db(), limit, 'b', start)).toBe(true);
    const later = new Date(start.getTime() + 30_000);
    expect(await takeMailAllowance(db(), limit, 'a', later)).toBe(false);
    const next = new Date(start.getTime() + 60_000);
    const again = await Promise.all(Array.from({ length: 5 }, () => takeMailAllowance(db(), limit, 'a', next)));
    expect(again.filter(Boolean)).toHaveLength(3);

    await pruneMailLimits(db(), new Date(start.getTime() + 3 * 24 * 3600_000));
    expect(await db().selectFrom('mail_limits').selectAll().execute()).toEqual([]);
  });
});
