import { describe, expect, it } from 'vitest';
import { AuthMessage, publicUserSchema } from '../../../shared/contracts/auth';
import { useTestApp } from '../../testing/test-app';
import { eventually } from '../../testing/eventually';
import {
  bearer,
  createSignedIn,
  createUser,
  freshIp,
  postLogin,
  signIn,
  TEST_PASSWORD,
  unique,
} from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { hashOpaqueToken } from './opaque-token';

describe.each(testDialects)('/api/auth on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload: payload as object, headers, remoteAddress: ip });
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/auth${url}`, headers: token ? bearer(token) : {} });
  const put = (url: string, payload: unknown, token: string) =>
    t.app.inject({ method: 'PUT', url: `/api/auth${url}`, payload: payload as object, headers: bearer(token) });

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

  describe('refresh and logout', () => {
    it('rotates the refresh token: the new pair works, the old token is single use', async () => {
      const session = await createSignedIn(t.app, db());
      const first = await post('/refresh', { refreshToken: session.refreshToken });
      expect(first.statusCode).toBe(200);
      const pair = first.json().data;
      expect(pair.refreshToken).not.toBe(session.refreshToken);
      expect((await get('/me', pair.token)).statusCode).toBe(200);

      const rows = await db()
        .selectFrom('auth_sessions')
        .selectAll()
        .where('user_id', '=', session.user.id)
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(2);
      expect(rows[0]!.family_id).toBe(rows[1]!.family_id);
      expect(rows[0]!.revoked_at).not.toBeNull();
      expect(rows[0]!.replaced_by_id).toBe(rows[1]!.id);
      expect(rows[1]!.revoked_at).toBeNull();

      const second = await post('/refresh', { refreshToken: pair.refreshToken });
      expect(second.statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token is presented again', async () => {
      const session = await createSignedIn(t.app, db());
      const other = await signIn(t.app, session.user);
      const rotated = (await post('/refresh', { refreshToken: session.refreshToken })).json().data;

      const replay = await post('/refresh', { refreshToken: session.refreshToken });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      // The thief's and the owner's latest tokens are both dead now…
      expect((await post('/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
      expect((await get('/me', rotated.token)).statusCode).toBe(401);
      // …but another sign-in of the same user (another family) is not.
      expect((await get('/me', other.token)).statusCode).toBe(200);
      expect((await post('/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
    });

    it('refuses an unknown or expired refresh token', async () => {
      expect((await post('/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
      const session = await createSignedIn(t.app, db());
      await db()
        .updateTable('auth_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashOpaqueToken(session.refreshToken))
        .execute();
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      expect((await post('/refresh', {})).statusCode).toBe(400);
    });

    it('logout revokes the session on the server and always answers 200', async () => {
      const session = await createSignedIn(t.app, db());
      const res = await post('/logout', { refreshToken: session.refreshToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null, message: 'Logged out successfully' });
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      // The access token of that session stops working at once as well.
      expect((await get('/me', session.token)).statusCode).toBe(401);

      expect((await post('/logout', { refreshToken: 'unknown' })).statusCode).toBe(200);
      expect((await post('/logout', {})).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    });

    it('logout with only an (expired) access token ends that session', async () => {
      const session = await createSignedIn(t.app, db());
      const { SignJWT, decodeJwt } = await import('jose');
      const claims = decodeJwt(session.token);
      const expired = await new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setAudience('admin')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(t.config.jwtSecret));
      expect((await get('/me', expired)).statusCode).toBe(401);
      expect((await post('/logout', {}, bearer(expired))).statusCode).toBe(200);
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    });
  });

  describe('the signed-in user', () => {
    it('GET /me and /profile return the current user', async () => {
      const session = await createSignedIn(t.app, db(), { role: 'viewer' });
      for (const path of ['/me', '/profile']) {
        const res = await get(path, session.token);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.user).toMatchObject({ id: session.user.id, role: 'viewer', permissions: ['read'] });
      }
      expect((await get('/me')).statusCode).toBe(401);
    });

    it('PUT /profile changes username and e-mail, refusing ones that are taken', async () => {
      const session = await createSignedIn(t.app, db());
      const other = await createUser(db());
      const taken = await put('/profile', { username: other.username.toUpperCase() }, session.token);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', message: AuthMessage.USERNAME_TAKEN });
      const takenEmail = await put('/profile', { email: other.email }, session.token);
      expect(takenEmail.statusCode).toBe(409);
      expect(takenEmail.json()).toMatchObject({ code: 'CONFLICT', message: AuthMessage.EMAIL_TAKEN });
      const invalid = await put('/profile', { email: 'not-an-email' }, session.token);
      expect(invalid.statusCode).toBe(400);

      const newName = unique('renamed');
      const res = await put('/profile', { username: newName, email: `${newName}@Example.test` }, session.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(AuthMessage.PROFILE_UPDATED);
      expect(res.json().data.user).toMatchObject({
        username: newName,
        email: `${newName.toLowerCase()}@example.test`,
        emailVerified: false,
      });
      // Keeping one's own values is not a conflict.
      expect((await put('/profile', { username: newName }, session.token)).statusCode).toBe(200);
      // The new address gets a verification link.
      const mail = await eventually(() =>
        db()
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', `${newName.toLowerCase()}@example.test`)
          .executeTakeFirst(),
      );
      const token = /verify-email\?token=([\w-]+)/.exec(mail.text_body)?.[1];
      expect(token).toBeDefined();
      const verified = await post('/verify-email', { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().message).toBe(AuthMessage.EMAIL_VERIFIED);
      expect((await get('/me', session.token)).json().data.user.emailVerified).toBe(true);
      const again = await post('/verify-email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        success: false,
        code: 'INVALID_TOKEN',
        message: AuthMessage.VERIFY_TOKEN_INVALID,
      });
    });

    it('PUT /change-password checks the current password and signs out the other sessions only', async () => {
      const session = await createSignedIn(t.app, db());
      const elsewhere = await signIn(t.app, session.user);

      const wrong = await put(
        '/change-password',
        { currentPassword: 'nope', newPassword: 'brand-new-pass' },
        session.token,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Current password is incorrect' });
      const short = await put(
        '/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'short' },
        session.token,
      );
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toContain(AuthMessage.NEW_PASSWORD_TOO_SHORT);

      const res = await put(
        '/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' },
        session.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Password changed successfully!');
      expect((await get('/me', session.token)).statusCode).toBe(200);
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(200);
      expect((await get('/me', elsewhere.token)).statusCode).toBe(401);
      expect((await post('/refresh', { refreshToken: elsewhere.refreshToken })).statusCode).toBe(401);
      expect((await postLogin(t.app, { username: session.user.username, password: TEST_PASSWORD })).statusCode).toBe(
        401,
      );
      expect((await postLogin(t.app, { username: session.user.username, password: 'brand-new-pass' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('password reset without SMTP', () => {
    async function requestReset(email: string) {
      const res = await post('/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null, message: AuthMessage.RESET_LINK_SENT });
    }
    const outboxFor = (email: string) =>
      db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id', 'desc').execute();
    const tokenOf = (text: string) => /\/admin\/reset-password\?token=([\w-]+)/.exec(text)?.[1] as string;

    it('answers the same for an unknown address and sends nothing', async () => {
      await requestReset('nobody-here@example.test');
      await t.app.mailer.send({ to: 'marker@example.test', subject: 'marker', text: 'marker' });
      expect(await outboxFor('nobody-here@example.test')).toEqual([]);
    });

    it('writes the reset mail to the outbox as logged; the link resets the password once', async () => {
      const session = await createSignedIn(t.app, db());
      await requestReset(session.user.email.toUpperCase());
      // Queued in the background, then written to the log by the outbox worker.
      await t.app.mailer.settled();
      const [mail] = await eventually(async () => {
        const rows = await outboxFor(session.user.email);
        return rows.length ? rows : undefined;
      });
      expect(mail).toMatchObject({ status: 'logged', subject: 'Reset your password' });
      expect(mail!.text_body).toContain(`${t.config.publicUrl}/admin/reset-password?token=`);
      expect(mail!.html_body).toContain('<a href=');
      const token = tokenOf(mail!.text_body);
      const stored = await db()
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('user_id', '=', session.user.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).toBe(hashOpaqueToken(token));
      const ttl = Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at);
      expect(ttl).toBe(60 * 60_000);

      const res = await post('/reset-password', { token, newPassword: 'after-the-reset' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(AuthMessage.PASSWORD_RESET);
      expect((await get('/me', session.token)).statusCode).toBe(401);
      expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      expect(
        (await postLogin(t.app, { username: session.user.username, password: 'after-the-reset' })).statusCode,
      ).toBe(200);

      const reused = await post('/reset-password', { token, newPassword: 'yet-another-one' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({
        success: false,
        code: 'INVALID_TOKEN',
        message: AuthMessage.RESET_TOKEN_INVALID,
      });
    });

    it('refuses an expired token and one replaced by a newer request; clears the lockout on success', async () => {
      const user = await createUser(db());
      await requestReset(user.email);
      const first = tokenOf((await eventually(async () => (await outboxFor(user.email))[0]))!.text_body);
      await requestReset(user.email);
      const second = await eventually(async () => {
        const rows = await outboxFor(user.email);
        return rows.length === 2 ? tokenOf(rows[0]!.text_body) : undefined;
      });
      expect((await post('/reset-password', { token: first, newPassword: 'first-token-pw' })).statusCode).toBe(400);

      await db()
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashOpaqueToken(second))
        .execute();
      const expired = await post('/reset-password', { token: second, newPassword: 'second-token-pw' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(AuthMessage.RESET_TOKEN_INVALID);
      expect((await post('/reset-password', { token: 'nonsense', newPassword: 'whatever-pw' })).statusCode).toBe(400);

      for (let i = 0; i < 5; i += 1) await postLogin(t.app, { username: user.username, password: 'wrong-pass' });
      expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(429);
      await requestReset(user.email);
      const third = await eventually(async () => {
        const rows = await outboxFor(user.email);
        return rows.length === 3 ? tokenOf(rows[0]!.text_body) : undefined;
      });
      expect((await post('/reset-password', { token: third, newPassword: 'third-token-pw' })).statusCode).toBe(200);
      expect((await postLogin(t.app, { username: user.username, password: 'third-token-pw' })).statusCode).toBe(200);
    });

    it('sends no link to a disabled account', async () => {
      const user = await createUser(db(), { status: 'disabled' });
      await requestReset(user.email);
      await t.app.mailer.send({ to: 'marker2@example.test', subject: 'marker', text: 'marker' });
      expect(await outboxFor(user.email)).toEqual([]);
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
