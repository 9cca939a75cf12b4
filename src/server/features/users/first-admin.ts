import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_FIRST_ADMIN_EMAIL } from '../../../shared/contracts/auth';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/write-conflicts';
import { hashPassword } from './password';
import { countAdmins, findUserByEmail, freeUsername, insertUser, updateUser } from './users.repository';

export interface FirstAdminResult {
  created: boolean;
  email?: string;
  /** Set only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * The first admin account is never a fixed password: it comes from ADMIN_EMAIL / ADMIN_PASSWORD,
 * or a random password is generated and returned so that the caller prints it once.
 *
 * Start-up calls it under the bootstrap lease (bootstrap.ts). Should instances still race, one of them
 * creates the admin and the others report `created: false`: they look again after the slow password
 * hash, promote an existing account only while it is not an admin yet, and take a unique-key violation
 * on the e-mail or user name, with an admin now there, as the other instance's creation. So no instance
 * prints a password that another one has replaced.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  options: { email?: string; password?: string },
): Promise<FirstAdminResult> {
  if ((await countAdmins(db)) > 0) return { created: false };
  const email = (options.email ?? DEFAULT_FIRST_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(options.password ?? (generatedPassword as string));
  if ((await countAdmins(db)) > 0) return { created: false };

  const now = new Date().toISOString();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const promoted = await db
      .updateTable('users')
      .set({ password_hash: passwordHash, role: 'admin', status: 'active', updated_at: now })
      .where('id', '=', existing.id)
      .where('role', '<>', 'admin')
      .executeTakeFirst();
    if (Number(promoted.numUpdatedRows) === 0) return { created: false };
  } else {
    try {
      await insertAdminUser(db, { email, passwordHash, username: await freeUsername(db, 'admin'), now });
    } catch (error) {
      if (isUniqueViolation(error) && (await countAdmins(db)) > 0) return { created: false };
      throw error;
    }
  }
  return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
}

/** Creates an active admin with this e-mail, or turns the existing account into one with a new password. */
export async function upsertAdmin(
  db: Kysely<DB>,
  options: { email: string; password: string; username?: string },
): Promise<'created' | 'updated'> {
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(options.password);
  const existing = await findUserByEmail(db, options.email);
  if (existing) {
    await updateUser(db, existing.id, {
      password_hash: passwordHash,
      role: 'admin',
      status: 'active',
      updated_at: now,
    });
    return 'updated';
  }
  const username = options.username ?? (await freeUsername(db, options.email.split('@')[0] ?? 'admin'));
  await insertAdminUser(db, { email: options.email, passwordHash, username, now });
  return 'created';
}

async function insertAdminUser(
  db: Kysely<DB>,
  admin: { email: string; passwordHash: string; username: string; now: string },
): Promise<void> {
  await insertUser(db, {
    username: admin.username,
    email: admin.email,
    password_hash: admin.passwordHash,
    role: 'admin',
    status: 'active',
    email_verified: 1,
    created_at: admin.now,
    updated_at: admin.now,
  });
}
