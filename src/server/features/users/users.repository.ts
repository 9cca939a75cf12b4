import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema';

export async function countAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: Kysely<DB>, user: Insertable<UsersTable>): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .execute();
}

export async function updateUser(db: Kysely<DB>, id: number, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
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
