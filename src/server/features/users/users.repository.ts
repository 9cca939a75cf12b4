import type { Insertable, Kysely } from 'kysely';
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
