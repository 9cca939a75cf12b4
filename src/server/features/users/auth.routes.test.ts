import { describe, expect, it } from 'vitest';
import { AuthMessage, publicUserSchema } from '../../../shared/contracts/auth';
import { useTestApp } from '../../testing/test-app';
import { createUser, freshIp, postLogin, TEST_PASSWORD, unique } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { hashOpaqueToken } from './opaque-token';
import { useAuthCalls } from './auth-routes-testing';

describe.each(testDialects)('/api/auth on %s', (dialect) => {
  const { t, db, post } = useAuthCalls(dialect);

  describe('login', () => {
    it('signs in with the username or the e-mail and returns tokens and the public user', async () => {
      const user = await createUser(db(), { role: 'editor' });
      const res = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Login successful! Welcome back.' });
      expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.data.refreshToken).toMatch(/^[\w-]{43}$/);
      const publicUser = publicUserSchema.strict().parse(body.data.user);
      expect(publicUser).toMatchObject({ id: user.id, role: 'editor', permissions: ['read', 'content'], active: true });
      expect(publicUser.lastLogin).not.toBeNull();
      expect(JSON.stringify(body)).not.toContain('argon2');

      const row = await db().selectFrom('users').select('last_login_at').where('id', '=', user.id).executeTakeFirst();
      expect(row?.last_login_at).toBe(publicUser.lastLogin);
      const session = await db()
        .selectFrom('auth_sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      // Only the hash of the refresh token is stored.
      expect(session.token_hash).toBe(hashOpaqueToken(body.data.refreshToken));
      expect(JSON.stringify(session)).not.toContain(body.data.refreshToken);

      const byEmail = await postLogin(t.app, { username: user.email.toUpperCase(), password: TEST_PASSWORD });
      expect(byEmail.statusCode).toBe(200);
      const legacy = await postLogin(t.app, { email: user.email, password: TEST_PASSWORD });
      expect(legacy.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown user identically', async () => {
      const user = await createUser(db());
      const wrong = await postLogin(t.app, { username: user.username, password: 'not the password' });
      const unknown = await postLogin(t.app, { username: unique('nobody'), password: 'not the password' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          code: 'INVALID_CREDENTIALS',
          message: 'Invalid username or password',
        });
      }
    });

    it('refuses a disabled account only after a correct password', async () => {
      const user = await createUser(db(), { status: 'disabled' });
      const wrong = await postLogin(t.app, { username: user.username, password: 'nope-nope' });
      expect(wrong.statusCode).toBe(401);
      const right = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({
        success: false,
        code: 'ACCOUNT_DISABLED',
        message: AuthMessage.ACCOUNT_DISABLED,
      });
    });

    it('validates the body with the contract messages', async () => {
      const res = await postLogin(t.app, { password: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'username', message: 'Username is required' });
    });

    it('locks an account after 5 failures with Retry-After, and a success resets the count', async () => {
      const user = await createUser(db());
      // Each attempt from another address: the account's own count is what locks here.
      for (let i = 0; i < 5; i += 1) {
        const res = await postLogin(t.app, { username: user.username, password: `wrong-${i}` });
        expect(res.statusCode).toBe(401);
      }
      const locked = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD });
      expect(locked.statusCode).toBe(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(locked.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: `Too many failed login attempts. Please try again in ${retryAfter} seconds.`,
      });

      // The lock runs out (moved into the past here): the right password works and clears the count.
      const key = `account:${user.id}`;
      await db()
        .updateTable('login_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('key', '=', key)
        .execute();
      expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(200);
      expect(await db().selectFrom('login_attempts').selectAll().where('key', '=', key).execute()).toEqual([]);
    });

    it('doubles the lock with further failures', async () => {
      const user = await createUser(db());
      const key = `account:${user.id}`;
      for (let i = 0; i < 5; i += 1) await postLogin(t.app, { username: user.username, password: 'wrong-pass' });
      await db()
        .updateTable('login_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('key', '=', key)
        .execute();
      expect((await postLogin(t.app, { username: user.username, password: 'wrong-again' })).statusCode).toBe(401);
      const res = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(30);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    it('does not lock the other accounts of an address after 5 failures (an office behind one NAT)', async () => {
      const ip = freshIp();
      const victim = await createUser(db());
      for (let i = 0; i < 5; i += 1) {
        expect((await postLogin(t.app, { username: victim.username, password: `wrong-${i}` }, ip)).statusCode).toBe(
          401,
        );
      }
      // The account that was guessed at is locked, from every address…
      expect((await postLogin(t.app, { username: victim.username, password: TEST_PASSWORD })).statusCode).toBe(429);
      // …but a colleague behind the same address signs in, and another colleague's typo is only a 401.
      const colleague = await createUser(db());
      expect((await postLogin(t.app, { username: colleague.username, password: TEST_PASSWORD }, ip)).statusCode).toBe(
        200,
      );
      const other = await createUser(db());
      expect((await postLogin(t.app, { username: other.username, password: 'typo-typo' }, ip)).statusCode).toBe(401);
    });

    it('locks an address after 100 failures within the hour, whatever the accounts, for an hour', async () => {
      const ip = freshIp();
      // 99 failures already counted (the per-request rate limit would make 99 real ones take minutes).
      await db()
        .insertInto('login_attempts')
        .values({ key: `ip:${ip}`, failures: 99, last_failure_at: new Date(Date.now() - 50 * 60_000).toISOString() })
        .execute();
      expect((await postLogin(t.app, { username: unique('ghost'), password: 'guess-guess' }, ip)).statusCode).toBe(401);
      const user = await createUser(db());
      const locked = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD }, ip);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(59 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
      // Another address is not affected.
      expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('starts an address count again an hour after its last failure', async () => {
      const ip = freshIp();
      await db()
        .insertInto('login_attempts')
        .values({ key: `ip:${ip}`, failures: 99, last_failure_at: new Date(Date.now() - 61 * 60_000).toISOString() })
        .execute();
      expect((await postLogin(t.app, { username: unique('ghost'), password: 'guess-guess' }, ip)).statusCode).toBe(401);
      const row = await db().selectFrom('login_attempts').selectAll().where('key', '=', `ip:${ip}`).executeTakeFirst();
      expect(row?.failures).toBe(1);
      expect(row?.locked_until ?? null).toBeNull();
    });

    it('counts failures per client address, which a forged X-Forwarded-For cannot change', async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i += 1) {
        const res = await postLogin(t.app, { username: unique('ghost'), password: 'guess-guess' }, ip, {
          'x-forwarded-for': `203.0.113.${i + 1}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const keys = await db().selectFrom('login_attempts').selectAll().where('key', 'like', 'ip:%').execute();
      expect(keys.find((k) => k.key === `ip:${ip}`)?.failures).toBe(3);
      expect(keys.map((k) => k.key).some((k) => k.startsWith('ip:203.0.113.'))).toBe(false);
    });
  });

  describe('per-address rate limit', () => {
    it('allows 20 sensitive calls a minute per address, then answers 429 in the error envelope', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i += 1) {
        expect((await post('/forgot-password', { email: 'x@example.test' }, {}, ip)).statusCode).toBe(200);
      }
      const limited = await post('/forgot-password', { email: 'x@example.test' }, {}, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post('/forgot-password', { email: 'x@example.test' })).statusCode).toBe(200);
    });
  });
});

describe('login throttling behind a configured proxy', () => {
  const t = useTestApp('sqlite', { seed: false, env: { TRUST_PROXY: '10.9.9.9' } });

  it('counts the client address the trusted proxy reports', async () => {
    const db = t.db.database.db;
    await db
      .insertInto('login_attempts')
      .values({ key: 'ip:198.51.100.1', failures: 99, last_failure_at: new Date().toISOString() })
      .execute();
    await postLogin(t.app, { username: unique('ghost'), password: 'guess-guess' }, '10.9.9.9', {
      'x-forwarded-for': '198.51.100.1',
    });
    const keys = (await db.selectFrom('login_attempts').select('key').execute()).map((k) => k.key);
    expect(keys).toContain('ip:198.51.100.1');
    expect(keys).not.toContain('ip:10.9.9.9');
    const user = await createUser(db);
    const blocked = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD }, '10.9.9.9', {
      'x-forwarded-for': '198.51.100.1',
    });
    expect(blocked.statusCode).toBe(429);
    const otherClient = await postLogin(t.app, { username: user.username, password: TEST_PASSWORD }, '10.9.9.9', {
      'x-forwarded-for': '198.51.100.2',
    });
    expect(otherClient.statusCode).toBe(200);
  });
});
