import { beforeAll, describe, expect, it } from 'vitest';
import { AuthMessage, publicUserSchema } from '../../../shared/contracts/auth';
import { bearer, createSignedIn, createUser, postLogin, unique, type Session } from '../../testing/auth-helpers';
import { eventually } from '../../testing/eventually';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

describe.each(testDialects)('user administration (/api/auth) on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  let admin: Session;

  beforeAll(async () => {
    admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/auth${url}`, headers: bearer(token), payload: payload as object });

  it('registers a staff user (201) who can sign in, and mails a verification link', async () => {
    const username = unique('new');
    const res = await call('POST', '/register', admin.token, {
      username,
      email: `${username}@Example.test`,
      password: 'a-good-password',
      role: 'editor',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(AuthMessage.USER_CREATED);
    const user = publicUserSchema.parse(res.json().data.user);
    expect(user).toMatchObject({ username, role: 'editor', status: 'active', emailVerified: false });
    expect((await postLogin(t.app, { username, password: 'a-good-password' })).statusCode).toBe(200);

    const duplicate = await call('POST', '/register', admin.token, {
      username: username.toUpperCase(),
      email: 'other@example.test',
      password: 'a-good-password',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(AuthMessage.USERNAME_TAKEN);
    const duplicateEmail = await call('POST', '/register', admin.token, {
      username: unique('other'),
      email: `${username}@example.test`,
      password: 'a-good-password',
    });
    expect(duplicateEmail.statusCode).toBe(409);
    expect(duplicateEmail.json().message).toBe(AuthMessage.EMAIL_TAKEN);
    const short = await call('POST', '/register', admin.token, {
      username: unique('x'),
      email: 'a@b.co',
      password: 'x',
    });
    expect(short.statusCode).toBe(400);

    const mail = await eventually(
      () =>
        db()
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', `${username.toLowerCase()}@example.test`)
          .executeTakeFirst(),
      5000,
    );
    expect(mail.text_body).toContain(`${t.config.publicUrl}/admin/verify-email?token=`);
  });

  it('lists users with paging, search and filters', async () => {
    const tag = unique('list');
    for (let i = 0; i < 3; i += 1)
      await createUser(db(), { username: `${tag}_${i}`, role: i === 0 ? 'editor' : 'viewer' });
    await createUser(db(), { username: `${tag}_off`, status: 'disabled' });

    const res = await call('GET', `/users?search=${tag}&limit=2&page=1`, admin.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      total: 4,
      page: 1,
      pages: 2,
      pagination: { page: 1, limit: 2, total: 4, totalPages: 2 },
    });
    expect(data.users).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain('password');

    const page2 = (await call('GET', `/users?search=${tag}&limit=2&page=2`, admin.token)).json().data;
    expect(page2.users).toHaveLength(2);
    const names = [...data.users, ...page2.users].map((u: { username: string }) => u.username).sort();
    expect(names).toEqual([`${tag}_0`, `${tag}_1`, `${tag}_2`, `${tag}_off`]);

    const editors = (await call('GET', `/users?search=${tag}&role=editor`, admin.token)).json().data;
    expect(editors.users.map((u: { username: string }) => u.username)).toEqual([`${tag}_0`]);
    const disabled = (await call('GET', `/users?search=${tag.toUpperCase()}&status=disabled`, admin.token)).json().data;
    expect(disabled.users.map((u: { username: string }) => u.username)).toEqual([`${tag}_off`]);
    // LIKE wildcards in the search are literal.
    expect((await call('GET', '/users?search=%25', admin.token)).json().data.total).toBe(0);
    expect((await call('GET', '/users?limit=500', admin.token)).statusCode).toBe(400);
  });

  it("refuses a viewer's and an editor's administrative writes", async () => {
    const viewer = await createSignedIn(t.app, db(), { role: 'viewer' });
    const editor = await createSignedIn(t.app, db(), { role: 'editor' });
    const target = await createUser(db());
    for (const session of [viewer, editor]) {
      const res = await call('PATCH', `/users/${target.id}/role`, session.token, { role: 'admin' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'You do not have permission to do this.',
      });
      expect((await call('GET', '/users', session.token)).statusCode).toBe(403);
      expect(
        (
          await call('POST', '/register', session.token, {
            username: unique('z'),
            email: 'z@z.zz',
            password: 'zzzzzzzz',
          })
        ).statusCode,
      ).toBe(403);
    }
    const row = await db().selectFrom('users').select('role').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('viewer');
  });

  it("a disabled user's still-valid token is refused at the next request, and their sessions end", async () => {
    const session = await createSignedIn(t.app, db(), { role: 'editor' });
    expect((await call('GET', '/me', session.token)).statusCode).toBe(200);
    const res = await call('PATCH', `/users/${session.user.id}/status`, admin.token, { status: 'disabled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: AuthMessage.USER_UPDATED,
      data: { user: { status: 'disabled', active: false } },
    });
    expect((await call('GET', '/me', session.token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // Re-enabled, the old session stays ended: the user signs in again.
    await call('PATCH', `/users/${session.user.id}/status`, admin.token, { status: 'active' });
    expect((await call('GET', '/me', session.token)).statusCode).toBe(401);
    expect(
      (await postLogin(t.app, { username: session.user.username, password: session.user.password })).statusCode,
    ).toBe(200);
  });

  it('a role change takes effect at the next request of the same token', async () => {
    const session = await createSignedIn(t.app, db(), { role: 'viewer' });
    expect((await call('GET', '/users', session.token)).statusCode).toBe(403);
    const res = await call('PATCH', `/users/${session.user.id}/role`, admin.token, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      role: 'admin',
      permissions: ['read', 'content', 'users', 'settings', 'backups'],
    });
    expect((await call('GET', '/users', session.token)).statusCode).toBe(200);
    await call('PATCH', `/users/${session.user.id}/role`, admin.token, { role: 'editor' });
    expect((await call('GET', '/users', session.token)).statusCode).toBe(403);
    expect((await call('GET', '/me', session.token)).json().data.user.role).toBe('editor');
  });

  const selfChanges = () =>
    [
      ['PATCH', `/users/${admin.user.id}/role`, { role: 'viewer' }],
      ['PATCH', `/users/${admin.user.id}/status`, { status: 'disabled' }],
      ['DELETE', `/users/${admin.user.id}`, undefined],
    ] as const;

  it('an admin cannot change their own role or status, nor delete themselves', async () => {
    await createUser(db(), { role: 'admin' });
    for (const [method, url, body] of selfChanges()) {
      const res = await call(method, url, admin.token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 'CONFLICT', message: AuthMessage.CANNOT_CHANGE_SELF });
    }
    expect((await call('GET', '/me', admin.token)).json().data.user).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('another admin can be demoted, disabled and deleted while an active admin remains', async () => {
    for (const [method, suffix, body] of [
      ['PATCH', '/role', { role: 'editor' }],
      ['PATCH', '/status', { status: 'disabled' }],
      ['DELETE', '', undefined],
    ] as const) {
      const other = await createSignedIn(t.app, db(), { role: 'admin' });
      const res = await call(method, `/users/${other.user.id}${suffix}`, admin.token, body);
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/me', other.token)).statusCode).toBe(
        method === 'PATCH' && suffix === '/role' ? 200 : 401,
      );
    }
    const deleted = await createUser(db(), { role: 'viewer' });
    const res = await call('DELETE', `/users/${deleted.id}`, admin.token);
    expect(res.json()).toEqual({ success: true, data: null, message: AuthMessage.USER_DELETED });
    expect(await db().selectFrom('users').select('id').where('id', '=', deleted.id).execute()).toEqual([]);
    expect((await call('DELETE', `/users/${deleted.id}`, admin.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/users/${deleted.id}`, admin.token)).json().message).toBe(AuthMessage.USER_NOT_FOUND);
  });

  it('the last active admin cannot be demoted, disabled or deleted', async () => {
    // A disabled admin does not count: make the signed-in admin the only active one.
    await db()
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('role', '=', 'admin')
      .where('id', '<>', admin.user.id)
      .execute();
    for (const [method, url, body] of selfChanges()) {
      const res = await call(method, url, admin.token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 'CONFLICT', message: AuthMessage.LAST_ADMIN });
    }
    expect((await call('GET', '/me', admin.token)).json().data.user).toMatchObject({ role: 'admin', status: 'active' });
  });
});
