import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { ensureFirstAdmin, upsertAdmin } from './first-admin';
import { verifyPassword } from './password';

describe.each(testDialects)('first admin on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.drop();
  });

  const admins = () => t.database.db.selectFrom('users').selectAll().where('role', '=', 'admin').execute();

  it('creates one admin with a generated password, stored only as an argon2id hash', async () => {
    const result = await ensureFirstAdmin(t.database.db, {});
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toMatch(/^[\w-]{16}$/);
    const [admin] = await admins();
    expect(admin?.email).toBe('admin@localhost');
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(admin?.password_hash).not.toContain(result.generatedPassword);
    expect(await verifyPassword(admin!.password_hash, result.generatedPassword!)).toBe(true);
  });

  it('does nothing once an admin exists, even with other settings', async () => {
    const result = await ensureFirstAdmin(t.database.db, {
      email: 'other@example.com',
      password: 'a-configured-password',
    });
    expect(result).toEqual({ created: false });
    expect(await admins()).toHaveLength(1);
  });

  it('create-admin makes a new admin or resets an existing account', async () => {
    expect(await upsertAdmin(t.database.db, { email: 'Ops@Example.com', password: 'first-long-password' })).toBe(
      'created',
    );
    await t.database.db
      .updateTable('users')
      .set({ role: 'viewer', status: 'disabled' })
      .where('email', '=', 'ops@example.com')
      .execute();
    // Locked out, with an authenticator on a lost phone, recovery codes and a passkey on it.
    const { id } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ops@example.com')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('user_totp')
      .values({ user_id: id, secret: 'v1.sealed', confirmed_at: now, last_time_step: null, created_at: now })
      .execute();
    await t.database.db
      .insertInto('user_recovery_codes')
      .values({ user_id: id, code_hash: 'f'.repeat(64), used_at: null, created_at: now })
      .execute();
    await t.database.db
      .insertInto('webauthn_credentials')
      .values({
        user_id: id,
        credential_id: 'lost-device',
        public_key: 'pQECAyYgASFYIA',
        name: 'Lost phone',
        created_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('login_attempts')
      .values({ key: `account:${id}`, failures: 9, locked_until: '2999-01-01T00:00:00.000Z', last_failure_at: now })
      .execute();
    expect(await upsertAdmin(t.database.db, { email: 'ops@example.com', password: 'second-long-password' })).toBe(
      'updated',
    );
    for (const table of ['user_totp', 'user_recovery_codes', 'webauthn_credentials'] as const) {
      expect(await t.database.db.selectFrom(table).select('id').where('user_id', '=', id).execute()).toEqual([]);
    }
    expect(await t.database.db.selectFrom('login_attempts').select('key').execute()).toEqual([]);
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ops@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'admin', status: 'active', username: 'ops' });
    expect(await verifyPassword(user.password_hash, 'second-long-password')).toBe(true);
    expect(await verifyPassword(user.password_hash, 'first-long-password')).toBe(false);
  });
});

describe('first admin from configuration', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await t.drop();
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD and generates nothing', async () => {
    const result = await ensureFirstAdmin(t.database.db, {
      email: 'Boss@Example.com',
      password: 'configured-password-1',
    });
    expect(result).toEqual({ created: true, email: 'boss@example.com' });
    const user = await t.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password_hash, 'configured-password-1')).toBe(true);
  });
});

describe.each(testDialects.filter((d) => d !== 'sqlite'))('first admin raced by several instances on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('creates one admin: the others report that one exists instead of failing', async () => {
    const instances = Array.from({ length: 3 }, () => createDatabase(t.url));
    try {
      const results = await Promise.all(
        instances.map((d) => ensureFirstAdmin(d.db, { email: 'boss@example.com', password: 'configured-password-1' })),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
    }
    const admins = await t.database.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    expect(admins).toEqual([{ email: 'boss@example.com' }]);
  });
});
