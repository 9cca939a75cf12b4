import { describe, expect, it } from 'vitest';
import { AuthMessage } from '../../../shared/contracts/auth';
import { PasskeyMessage } from '../../../shared/contracts/passkeys';
import { createSignedIn, createUser, freshIp, signIn, tokenCaller, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { TestAuthenticator } from '../../testing/test-authenticator';
import { testDialects } from '../../testing/test-database';

/*
 * Passkeys (ADR 0043) on each database, answered by a software authenticator that the real
 * @simplewebauthn/server verifies: registration from one's own settings, a usernameless sign-in that opens
 * a session as a password sign-in does, challenges answered once, and every refusal a 4xx.
 */

const ORIGIN = 'https://admin.example.test';

describe.each(testDialects)('passkeys on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { PUBLIC_URL: ORIGIN } });

  const call = tokenCaller(() => t.app);

  async function registered(session: Session, name = 'MacBook Touch ID') {
    const authenticator = new TestAuthenticator(ORIGIN);
    const options = await call('POST', '/auth/passkeys/registration-options', session.token);
    expect(options.statusCode, options.body).toBe(200);
    const data = options.json().data;
    expect(data).toMatchObject({
      rp: { id: 'admin.example.test' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const res = await call('POST', '/auth/passkeys', session.token, { name, response: authenticator.register(data) });
    expect(res.statusCode, res.body).toBe(200);
    return { authenticator, passkey: res.json().data as { id: number; name: string; lastUsedAt: string | null } };
  }

  const signInOptions = async () => {
    const res = await call('POST', '/auth/passkeys/authentication-options');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { challenge: string; allowCredentials?: unknown[]; userVerification: string };
  };

  const authenticate = (response: object, ip = freshIp()) =>
    call('POST', '/auth/passkeys/authenticate', undefined, { response }, ip);

  it('registers a passkey, then signs in with it alone, counting its uses', async () => {
    const session = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
    const { authenticator, passkey } = await registered(session);
    expect(passkey).toMatchObject({ name: 'MacBook Touch ID', lastUsedAt: null });

    const options = await signInOptions();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await authenticate(authenticator.authenticate(options));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: { id: session.user.id, username: session.user.username },
    });
    // The session works.
    const me = await call('GET', '/auth/passkeys', res.json().data.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.passkeys).toEqual([
      expect.objectContaining({ id: passkey.id, name: 'MacBook Touch ID', lastUsedAt: expect.any(String) }),
    ]);
    const row = await t.db.database.db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
    expect(JSON.parse(row.transports)).toEqual(['internal']);

    // A second sign-in counts on; an answer with a counter that went backwards is refused (a cloned key).
    const second = await authenticate(authenticator.authenticate(await signInOptions()));
    expect(second.statusCode, second.body).toBe(200);
    authenticator.counter = 0;
    const cloned = await authenticate(authenticator.authenticate(await signInOptions()));
    expect(cloned.statusCode).toBe(401);

    const activity = await t.db.database.db
      .selectFrom('activity_log')
      .select('action')
      .where('item', '=', session.user.username)
      .execute();
    expect(activity.map((a) => a.action)).toEqual(expect.arrayContaining(['Added a passkey', 'Signed in']));
    expect(activity.filter((a) => a.action === 'Signed in')).toHaveLength(3);
  });

  it('refuses wrong, replayed and foreign challenges, unknown passkeys and other origins with a 4xx', async () => {
    const session = await createSignedIn(t.app, t.db.database.db);
    const { authenticator } = await registered(session);

    // A challenge the server never issued.
    const made = await authenticate(authenticator.authenticate({ challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' }));
    expect(made.statusCode).toBe(401);
    expect(made.json().message).toBe(PasskeyMessage.CHALLENGE_EXPIRED);

    // Answered once only.
    const options = await signInOptions();
    const first = authenticator.authenticate(options);
    expect((await authenticate(first)).statusCode).toBe(200);
    const replayed = await authenticate(authenticator.authenticate(options));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(PasskeyMessage.CHALLENGE_EXPIRED);

    // A registration's challenge does not sign in, nor a sign-in's register.
    const registration = (await call('POST', '/auth/passkeys/registration-options', session.token)).json().data;
    expect((await authenticate(authenticator.authenticate(registration))).statusCode).toBe(401);
    const other = new TestAuthenticator(ORIGIN);
    const crossed = await call('POST', '/auth/passkeys', session.token, {
      name: 'Crossed',
      response: other.register({ challenge: (await signInOptions()).challenge }),
    });
    expect(crossed.statusCode).toBe(401);
    // Someone else's registration challenge.
    const stranger = await createSignedIn(t.app, t.db.database.db);
    const theirs = (await call('POST', '/auth/passkeys/registration-options', stranger.token)).json().data;
    expect(
      (await call('POST', '/auth/passkeys', session.token, { name: 'x', response: other.register(theirs) })).statusCode,
    ).toBe(401);

    // A passkey this site does not know.
    const unknown = await authenticate(new TestAuthenticator(ORIGIN).authenticate(await signInOptions()));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(PasskeyMessage.UNKNOWN_PASSKEY);

    // Another site's page (phishing) and a response that is not one.
    const phished = await authenticate(
      authenticator.authenticate(await signInOptions(), { origin: 'https://evil.test' }),
    );
    expect(phished.statusCode).toBe(401);
    expect(phished.json().message).toBe(PasskeyMessage.SIGN_IN_FAILED);
    const unverified = await authenticate(authenticator.authenticate(await signInOptions(), { unverified: true }));
    expect(unverified.statusCode).toBe(401);
    const garbled = authenticator.authenticate(await signInOptions());
    garbled.response.signature = garbled.response.signature.split('').reverse().join('');
    expect((await authenticate(garbled)).statusCode).toBe(401);
    const notJson = authenticator.authenticate(await signInOptions());
    notJson.response.clientDataJSON = Buffer.from('not json').toString('base64url');
    expect((await authenticate(notJson)).statusCode).toBe(400);

    // A registration on another origin, or without user verification, is refused too.
    const elsewhere = (await call('POST', '/auth/passkeys/registration-options', session.token)).json().data;
    const wrongOrigin = await call('POST', '/auth/passkeys', session.token, {
      name: 'Phished',
      response: new TestAuthenticator(ORIGIN).register(elsewhere, { origin: 'https://evil.test' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().message).toBe(PasskeyMessage.REGISTRATION_FAILED);
    const uvOptions = (await call('POST', '/auth/passkeys/registration-options', session.token)).json().data;
    const noUv = await call('POST', '/auth/passkeys', session.token, {
      name: 'No PIN',
      response: new TestAuthenticator(ORIGIN).register(uvOptions, { unverified: true }),
    });
    expect(noUv.statusCode).toBe(400);
    // The same passkey twice.
    const again = (await call('POST', '/auth/passkeys/registration-options', session.token)).json().data;
    const twice = await call('POST', '/auth/passkeys', session.token, {
      name: 'Twice',
      response: authenticator.register(again),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('counts wrong answers of a known passkey towards the lockout, and refuses a disabled account', async () => {
    const session = await createSignedIn(t.app, t.db.database.db);
    const { authenticator } = await registered(session);
    for (let i = 0; i < 5; i += 1) {
      const res = await authenticate(
        authenticator.authenticate(await signInOptions(), { origin: 'https://evil.test' }),
      );
      expect(res.statusCode).toBe(401);
    }
    const locked = await authenticate(authenticator.authenticate(await signInOptions()));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();

    const disabled = await createSignedIn(t.app, t.db.database.db);
    const own = await registered(disabled);
    await t.db.database.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('id', '=', disabled.user.id)
      .execute();
    const refused = await authenticate(own.authenticator.authenticate(await signInOptions()));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AuthMessage.ACCOUNT_DISABLED);
  });

  it('lets anyone signed in (a viewer too) list, rename and delete only their own passkeys', async () => {
    const viewer = await createSignedIn(t.app, t.db.database.db, { role: 'viewer' });
    const { passkey, authenticator } = await registered(viewer, 'Phone');
    const other = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });

    const renamed = await call('PATCH', `/auth/passkeys/${passkey.id}`, viewer.token, { name: '  Pixel 9  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: passkey.id, name: 'Pixel 9' });
    expect((await call('PATCH', `/auth/passkeys/${passkey.id}`, viewer.token, { name: '' })).statusCode).toBe(400);
    expect((await call('PATCH', `/auth/passkeys/${passkey.id}`, other.token, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/auth/passkeys/${passkey.id}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', '/auth/passkeys', other.token)).json().data.passkeys).toEqual([]);

    expect((await call('DELETE', `/auth/passkeys/${passkey.id}`, viewer.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/auth/passkeys/${passkey.id}`, viewer.token)).statusCode).toBe(404);
    const gone = await authenticate(authenticator.authenticate(await signInOptions()));
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(PasskeyMessage.UNKNOWN_PASSKEY);

    for (const [method, url] of [
      ['GET', '/auth/passkeys'],
      ['POST', '/auth/passkeys/registration-options'],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });

  it("lets an admin remove a user's passkeys, and nobody else", async () => {
    const admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    const editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
    const { authenticator } = await registered(editor);
    await registered(editor, 'YubiKey');

    expect((await call('DELETE', `/auth/users/${editor.user.id}/passkeys`, editor.token)).statusCode).toBe(403);
    expect((await call('DELETE', '/auth/users/999999/passkeys', admin.token)).statusCode).toBe(404);
    const res = await call('DELETE', `/auth/users/${editor.user.id}/passkeys`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ user: { id: editor.user.id, username: editor.user.username }, removed: 2 });
    expect((await call('GET', '/auth/passkeys', editor.token)).json().data.passkeys).toEqual([]);
    expect((await authenticate(authenticator.authenticate(await signInOptions()))).statusCode).toBe(401);

    const logged = await t.db.database.db
      .selectFrom('activity_log')
      .select(['action', 'item'])
      .where('action', '=', 'Removed passkeys')
      .execute();
    expect(logged).toEqual([{ action: 'Removed passkeys', item: editor.user.username }]);
  });

  it('signs in with a passkey past a required second factor, and the password still asks for it', async () => {
    const admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    const user = await createUser(t.db.database.db, { role: 'editor' });
    const session = await signIn(t.app, user);
    const { authenticator } = await registered(session);
    expect((await call('PUT', '/auth/two-factor/policy', admin.token, { requireTwoFactor: true })).statusCode).toBe(
      200,
    );
    try {
      const res = await authenticate(authenticator.authenticate(await signInOptions()));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.token).toEqual(expect.any(String));
      const password = await call('POST', '/auth/login', undefined, {
        username: user.username,
        password: user.password,
      });
      expect(password.json().data).toMatchObject({ secondStep: 'enrol' });
    } finally {
      await call('PUT', '/auth/two-factor/policy', admin.token, { requireTwoFactor: false });
    }
  });
});
