import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_FIRST_ADMIN_EMAIL } from '../../../shared/contracts/auth';
import type { DB } from '../../db/schema';
import { isUniqueViolation, writeTransaction } from '../../db/write-conflicts';
import { readSetting, writeSetting } from '../../db/settings.repository';
import { clearLoginAttempts } from './auth.repository';
import { accountKey } from './auth.service';
import { deleteUserCredentials } from './passkeys.repository';
import { hashPassword } from './password';
import { deleteSecondFactors } from './two-factor.repository';
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
  if (generatedPassword) {
    await writeTransaction(db, (trx) =>
      writeSetting(trx, GENERATED_ADMIN_SETTING, { email, fingerprint: fingerprintOf(passwordHash) }),
    );
  }
  return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
}

/** The settings row remembering which admin got a generated password, as a fingerprint of its hash. */
export const GENERATED_ADMIN_SETTING = 'first-admin.generated';

const fingerprintOf = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex');

/**
 * The e-mail address of the first admin while it still signs in with the password generated at the first
 * start (printed once, or written to DATA_DIR/first-admin.txt); null once that password was changed.
 */
export async function adminOnGeneratedPassword(db: Kysely<DB>): Promise<string | null> {
  const stored = (await readSetting(db, GENERATED_ADMIN_SETTING)) as
    { email?: unknown; fingerprint?: unknown } | undefined;
  if (typeof stored?.email !== 'string' || typeof stored.fingerprint !== 'string') return null;
  const user = await findUserByEmail(db, stored.email);
  if (!user || user.status !== 'active' || user.role !== 'admin') return null;
  return fingerprintOf(user.password_hash) === stored.fingerprint ? stored.email : null;
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
    // The way back in for an admin who lost the password or the phone (ADR 0042): the new password alone
    // signs in, with no lock and no second factor left to ask for; a lost or stolen device's passkeys no
    // longer sign in (ADR 0043).
    await writeTransaction(db, async (trx) => {
      await updateUser(trx, existing.id, {
        password_hash: passwordHash,
        role: 'admin',
        status: 'active',
        updated_at: now,
      });
      await deleteSecondFactors(trx, existing.id);
      await deleteUserCredentials(trx, existing.id);
      await clearLoginAttempts(trx, [accountKey(existing.id)]);
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
