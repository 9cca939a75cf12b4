import {
  AuthMessage,
  type ListUsersResponseData,
  type PublicUser,
  type Role,
  type UserStatus,
} from '../../../shared/contracts/auth';
import { ErrorCode } from '../../../shared/errors';
import { writeTransaction } from '../../db/write-conflicts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CurrentUser } from '../../http/auth';
import { AppError } from '../../lib/errors';
import { revokeUserSessions } from './auth.repository';
import { sendEmailVerification, type AuthContext } from './auth.service';
import { hashPassword } from './password';
import { toPublicUser } from './public-user';
import {
  countOtherActiveAdmins,
  deleteUser,
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  updateUser,
  usernameTaken,
  type UserListFilter,
} from './users.repository';

const conflict = (message: string, field?: string) =>
  new AppError(409, ErrorCode.CONFLICT, message, field ? [{ field, message }] : undefined);

export async function registerUser(
  ctx: AuthContext,
  input: { username: string; email: string; password: string; role: Role },
): Promise<PublicUser> {
  // Hashing is slow: done before the transaction, whose check and insert a concurrent registration of the
  // same name cannot split (a unique-key race retries it, and the check then answers 409).
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  const id = await writeTransaction(ctx.db, async (trx) => {
    if (await usernameTaken(trx, input.username)) throw conflict(AuthMessage.USERNAME_TAKEN, 'username');
    if (await emailTaken(trx, input.email)) throw conflict(AuthMessage.EMAIL_TAKEN, 'email');
    return insertUser(trx, {
      username: input.username,
      email: input.email,
      password_hash: passwordHash,
      role: input.role,
      status: 'active',
      email_verified: 0,
      created_at: now,
      updated_at: now,
    });
  });
  const user = await findUserById(ctx.db, id);
  if (!user) throw new Error(`user ${id} vanished after insert`);
  await sendEmailVerification(ctx, user);
  return toPublicUser(user);
}

export async function listUsersPage(
  ctx: AuthContext,
  query: UserListFilter & { page: number; limit: number },
): Promise<ListUsersResponseData> {
  const { page, limit, ...filter } = query;
  const { rows, total } = await listUsers(ctx.db, filter, page, limit);
  const pages = Math.ceil(total / limit);
  return {
    users: rows.map(toPublicUser),
    total,
    page,
    pages,
    pagination: { page, limit, total, totalPages: pages },
  };
}

/**
 * The target of an administrative change: not the acting admin, and never the last active admin
 * when the change would leave no one able to administer the site.
 */
async function targetOf(ctx: AuthContext, actor: CurrentUser, id: number, removesAdmin: boolean) {
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(404, ErrorCode.NOT_FOUND, AuthMessage.USER_NOT_FOUND);
  // Checked first so that the last admin acting on themselves learns the real reason.
  const isActiveAdmin = target.role === 'admin' && target.status === 'active';
  if (isActiveAdmin && removesAdmin && (await countOtherActiveAdmins(ctx.db, target.id)) === 0) {
    throw conflict(AuthMessage.LAST_ADMIN);
  }
  if (target.id === actor.id) throw conflict(AuthMessage.CANNOT_CHANGE_SELF);
  return target;
}

export async function setUserStatus(
  ctx: AuthContext,
  actor: CurrentUser,
  id: number,
  status: UserStatus,
): Promise<PublicUser> {
  const target = await targetOf(ctx, actor, id, status !== 'active');
  const now = new Date().toISOString();
  await updateUser(ctx.db, target.id, { status, updated_at: now });
  if (status !== 'active') await revokeUserSessions(ctx.db, target.id, now);
  return toPublicUser({ ...target, status, updated_at: now });
}

export async function setUserRole(ctx: AuthContext, actor: CurrentUser, id: number, role: Role): Promise<PublicUser> {
  const target = await targetOf(ctx, actor, id, role !== 'admin');
  const now = new Date().toISOString();
  await updateUser(ctx.db, target.id, { role, updated_at: now });
  return toPublicUser({ ...target, role, updated_at: now });
}

export async function removeUser(ctx: AuthContext, actor: CurrentUser, id: number): Promise<void> {
  const target = await targetOf(ctx, actor, id, true);
  // Sessions and tokens go with the user (ON DELETE CASCADE); authored content keeps a null author.
  await revokeUserSessions(ctx.db, target.id, new Date().toISOString());
  await deleteUser(ctx.db, target.id);
}

/** A user's username, for the recent activity of a delete; null when there is none. */
export async function usernameOf(db: Kysely<DB>, id: number): Promise<string | null> {
  return (await findUserById(db, id))?.username ?? null;
}
