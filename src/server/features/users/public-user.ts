import { permissionsByRole, type PublicUser } from '../../../shared/contracts/auth';
import type { CurrentUser } from '../../http/auth';

/** A user as the API shows it: never the password hash. */
export function toPublicUser(user: CurrentUser): PublicUser {
  return {
    id: Number(user.id),
    username: user.username,
    email: user.email,
    role: user.role,
    status: user.status,
    permissions: [...permissionsByRole[user.role]],
    active: user.status === 'active',
    emailVerified: Number(user.email_verified) === 1,
    createdAt: user.created_at,
    updatedAt: user.updated_at,
    lastLogin: user.last_login_at,
  };
}
