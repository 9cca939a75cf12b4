import { describe, expect, it } from 'vitest';
import { AuthMessage } from '../../../shared/contracts/auth';
import { eventually } from '../../testing/eventually';
import {
  bearer,
  createSignedIn,
  createUser,
  postLogin,
  signIn,
  TEST_PASSWORD,
  unique,
} from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { hashOpaqueToken } from './opaque-token';
import { useAuthCalls } from './auth-routes-testing';

describe.each(testDialects)('/api/auth on %s', (dialect) => {
  const { t, db, post, get, put } = useAuthCalls(dialect);

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
});
