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
    expect(await upsertAdmin(t.database.db, { email: 'ops@example.com', password: 'second-long-password' })).toBe(
      'updated',
    );
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
