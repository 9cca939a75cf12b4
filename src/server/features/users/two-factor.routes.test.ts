import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorMessage } from '../../../shared/contracts/two-factor';
import {
  createSignedIn,
  createUser,
  freshIp,
  postLogin,
  tokenCaller,
  type Session,
  type TestUser,
} from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * Two-factor sign-in (ADR 0042) on each database: set-up confirmed by a code; a password alone then gets a
 * challenge, not a session; wrong, reused and expired codes are refused and count towards the lockout;
 * recovery codes work once; the policy holds admins and editors (not viewers) until they set one up; an
 * admin's reset and the authenticator secret never leave the server in the clear.
 */

const STEP = 30;
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

describe.each(testDialects)('two-factor sign-in on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: Session;

  beforeAll(async () => {
    admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
  });

  const call = tokenCaller(() => t.app);

  /** A user with an authenticator turned on: its secret and recovery codes. */
  async function withAuthenticator(role: 'editor' | 'viewer' = 'editor') {
    const session = await createSignedIn(t.app, t.db.database.db, { role });
    const setup = await call('POST', '/auth/two-factor/setup', session.token);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, qrCode, otpauthUrl } = setup.json().data as { secret: string; qrCode: string; otpauthUrl: string };
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    // Stored encrypted: the secret is nowhere in the database as text.
    const stored = await t.db.database.db
      .selectFrom('user_totp')
      .select('secret')
      .where('user_id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);

    const wrong = await call('POST', '/auth/two-factor/enable', session.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    // The previous step's code: a fresh one is used at sign-in.
    const enable = await call('POST', '/auth/two-factor/enable', session.token, {
      code: await codeAt(secret, new Date(Date.now() - STEP * 1000)),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const recoveryCodes = enable.json().data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    return { user: session.user, secret, recoveryCodes };
  }

  const challengeOf = async (user: TestUser, ip = freshIp()) => {
    const res = await postLogin(t.app, { username: user.username, password: user.password }, ip);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.token).toBeUndefined();
    return data as { secondStep: string; challengeToken: string };
  };

  it('asks for a code after the password, and signs in with a current one, once', async () => {
    const { user, secret } = await withAuthenticator();
    const challenge = await challengeOf(user);
    expect(challenge.secondStep).toBe('totp');

    const code = await codeAt(secret, new Date());
    const ok = await call('POST', '/auth/login/two-factor', undefined, {
      challengeToken: challenge.challengeToken,
      code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: { id: user.id },
    });
    // The challenge is used up.
    const again = await call('POST', '/auth/login/two-factor', undefined, {
      challengeToken: challenge.challengeToken,
      code,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(TwoFactorMessage.CHALLENGE_EXPIRED);

    // The same code in a new sign-in: refused (a code is never accepted twice).
    const replay = await challengeOf(user);
    const reused = await call('POST', '/auth/login/two-factor', undefined, {
      challengeToken: replay.challengeToken,
      code,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual([{ field: 'code', message: TwoFactorMessage.CODE_WRONG }]);

    const activity = await t.db.database.db
      .selectFrom('activity_log')
      .select('action')
      .where('item', '=', user.username)
      .execute();
    // The sign-in before the set-up, and this one: not the challenge, not the refused codes.
    expect(activity.filter((a) => a.action === 'Signed in')).toHaveLength(2);
  });

  it('refuses a wrong code and one from two steps ago, and locks the account after five wrong codes', async () => {
    const { user, secret } = await withAuthenticator();
    const ip = freshIp();
    const challenge = await challengeOf(user, ip);
    const send = (code: string) =>
      call('POST', '/auth/login/two-factor', undefined, { challengeToken: challenge.challengeToken, code }, ip);

    const expired = await send(await codeAt(secret, new Date(Date.now() - 3 * STEP * 1000)));
    expect(expired.statusCode).toBe(400);
    // Not a code at all: refused by its form, not counted.
    expect((await send('12345')).statusCode).toBe(400);
    for (let i = 0; i < 4; i += 1) expect((await send('000000')).statusCode).toBe(400);
    // Five failures: locked, even with the right code.
    const locked = await send(await codeAt(secret, new Date()));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // The right password does not unlock it.
    expect((await postLogin(t.app, { username: user.username, password: user.password }, freshIp())).statusCode).toBe(
      429,
    );
  });

  it('takes each recovery code once', async () => {
    const { user, recoveryCodes } = await withAuthenticator();
    const first = await challengeOf(user);
    // Typed in capitals without its dashes.
    const typed = recoveryCodes[0]!.toUpperCase().replace(/-/g, '');
    const ok = await call('POST', '/auth/login/two-factor', undefined, {
      challengeToken: first.challengeToken,
      recoveryCode: typed,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const second = await challengeOf(user);
    const spent = await call('POST', '/auth/login/two-factor', undefined, {
      challengeToken: second.challengeToken,
      recoveryCode: recoveryCodes[0],
    });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toBe(TwoFactorMessage.RECOVERY_CODE_WRONG);

    const token = ok.json().data.token as string;
    expect((await call('GET', '/auth/two-factor', token)).json().data).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
      required: false,
    });
  });

  it('holds admins and editors without a second factor until they set one up, not viewers', async () => {
    const editor = await createUser(t.db.database.db, { role: 'editor' });
    const viewer = await createUser(t.db.database.db, { role: 'viewer' });
    expect((await call('PUT', '/auth/two-factor/policy', admin.token, { requireTwoFactor: true })).statusCode).toBe(
      200,
    );
    try {
      const viewerLogin = await postLogin(t.app, { username: viewer.username, password: viewer.password });
      expect(viewerLogin.json().data.token).toEqual(expect.any(String));

      const challenge = await challengeOf(editor);
      expect(challenge.secondStep).toBe('enrol');
      // An enrolment challenge is not a code challenge.
      expect(
        (
          await call('POST', '/auth/login/two-factor', undefined, {
            challengeToken: challenge.challengeToken,
            code: '123456',
          })
        ).statusCode,
      ).toBe(401);
      const setup = await call('POST', '/auth/login/two-factor/setup', undefined, {
        challengeToken: challenge.challengeToken,
      });
      expect(setup.statusCode, setup.body).toBe(200);
      const secret = setup.json().data.secret as string;
      const done = await call('POST', '/auth/login/two-factor/enable', undefined, {
        challengeToken: challenge.challengeToken,
        code: await codeAt(secret, new Date()),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({ token: expect.any(String), recoveryCodes: expect.any(Array) });
      const token = done.json().data.token as string;
      // Required for the role: it cannot be turned off.
      const off = await call('POST', '/auth/two-factor/disable', token, { password: editor.password });
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toBe(TwoFactorMessage.REQUIRED_FOR_ROLE);
      // Editors may not change the policy.
      expect((await call('PUT', '/auth/two-factor/policy', token, { requireTwoFactor: false })).statusCode).toBe(403);
    } finally {
      await call('PUT', '/auth/two-factor/policy', admin.token, { requireTwoFactor: false });
    }
  });

  it('is reset by an admin and turned off by its owner with the password', async () => {
    const { user, secret } = await withAuthenticator('viewer');
    const reset = await call('DELETE', `/auth/users/${user.id}/two-factor`, admin.token);
    expect(reset.statusCode, reset.body).toBe(200);
    const plain = await postLogin(t.app, { username: user.username, password: user.password });
    const token = plain.json().data.token as string;
    expect(token).toEqual(expect.any(String));
    expect(secret).toBeTruthy();

    const setup = await call('POST', '/auth/two-factor/setup', token);
    const again = setup.json().data.secret as string;
    expect(again).not.toBe(secret);
    await call('POST', '/auth/two-factor/enable', token, { code: await codeAt(again, new Date()) });
    const wrongPassword = await call('POST', '/auth/two-factor/disable', token, { password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(400);
    const off = await call('POST', '/auth/two-factor/disable', token, { password: user.password });
    expect(off.statusCode, off.body).toBe(200);
    expect((await postLogin(t.app, { username: user.username, password: user.password })).json().data.token).toEqual(
      expect.any(String),
    );
    const notMine = await call('DELETE', `/auth/users/${user.id}/two-factor`, token);
    expect(notMine.statusCode).toBe(403);
  });
});
