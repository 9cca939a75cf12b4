import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { insertReturningId } from '../../db/insert-id';
import { likeContains, pageWithTotal } from '../../db/query-helpers';
import type { DB, UserRole, UserStatus, UsersTable } from '../../db/schema';

export async function countAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Active admins other than `exceptId`: the last-admin rule asks whether one would remain. */
export async function countOtherActiveAdmins(db: Kysely<DB>, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Sign-in accepts the username (any case) or the e-mail address. */
export async function findUserByLogin(db: Kysely<DB>, identifier: string) {
  const lowered = identifier.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', lowered), eb('email', '=', lowered)]))
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * The user behind an access token, provided the session (refresh-token family) it was issued for is
 * still open: logging out, a password change or disabling the account ends it at the next request.
 */
export async function findUserWithOpenSession(db: Kysely<DB>, userId: number, familyId: string, now: string) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .where('users.id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('auth_sessions')
          .select(sql.lit(1).as('one'))
          .where('auth_sessions.family_id', '=', familyId)
          .where('auth_sessions.user_id', '=', userId)
          .where('auth_sessions.revoked_at', 'is', null)
          .where('auth_sessions.expires_at', '>', now),
      ),
    )
    .executeTakeFirst();
}

export async function usernameTaken(db: Kysely<DB>, username: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function emailTaken(db: Kysely<DB>, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Kysely<DB>, user: Insertable<UsersTable>): Promise<number> {
  return insertReturningId(db, 'users', { ...user, email: user.email.toLowerCase() });
}

export async function updateUser(db: Kysely<DB>, id: number, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export interface UserListFilter {
  search?: string;
  role?: UserRole;
  status?: UserStatus;
}

export async function listUsers(db: Kysely<DB>, filter: UserListFilter, page: number, limit: number) {
  let query = db.selectFrom('users');
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['username']), 'like', pattern), eb('email', 'like', pattern)]),
    );
  }
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.status) query = query.where('status', '=', filter.status);
  return pageWithTotal(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page, limit);
}

/** `base`, or `base2`, `base3`… whichever username is not taken yet. */
export async function freeUsername(db: Kysely<DB>, base: string): Promise<string> {
  const clean = base.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'admin';
  const taken = new Set(
    (await db.selectFrom('users').select('username').where('username', 'like', `${clean}%`).execute()).map(
      (r) => r.username,
    ),
  );
  let candidate = clean;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${clean}${n}`;
  return candidate;
}
