import { z } from '../zod';
import { pageQueryFields, pageTotalsFields } from './common';

/*
 * Sign-in, users and roles: the payloads of /api/auth/*.
 * The same schemas validate on the server and in the admin forms, with the same messages.
 */

export const roles = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof roles)[number];
export const userStatuses = ['active', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** The permissions a route can require (besides 'public'); see permissionsByRole. */
export const permissions = ['read', 'content', 'users', 'settings', 'backups'] as const;
export type Permission = (typeof permissions)[number];

/** What each role may do; the server guard and the admin screens read the same table. */
export const permissionsByRole: Record<Role, readonly string[]> = {
  admin: ['read', 'content', 'users', 'settings', 'backups'],
  editor: ['read', 'content'],
  viewer: ['read'],
};

export const AuthMessage = {
  LOGIN_SUCCESS: 'Login successful! Welcome back.',
  INVALID_CREDENTIALS: 'Invalid username or password',
  ACCOUNT_DISABLED: 'This account has been disabled. Please contact an administrator.',
  TOO_MANY_ATTEMPTS: 'Too many failed login attempts. Please try again in {seconds} seconds.',
  SESSION_EXPIRED: 'Session expired. Please login again.',
  LOGGED_OUT: 'Logged out successfully',
  NO_TOKEN: 'No token found',
  USERNAME_REQUIRED: 'Username is required',
  PASSWORD_REQUIRED: 'Password is required',
  EMAIL_REQUIRED: 'Please enter your email address',
  EMAIL_INVALID: 'Please enter a valid email address',
  RESET_LINK_SENT: 'Password reset link has been sent to your email.',
  RESET_TOKEN_INVALID: 'This password reset link is invalid or has expired.',
  PASSWORD_RESET: 'Your password has been reset. You can now sign in.',
  VERIFY_TOKEN_INVALID: 'This verification link is invalid or has expired.',
  EMAIL_VERIFIED: 'Your e-mail address has been verified.',
  CURRENT_PASSWORD_REQUIRED: 'Current password is required',
  CURRENT_PASSWORD_WRONG: 'Current password is incorrect',
  NEW_PASSWORD_REQUIRED: 'New password is required',
  NEW_PASSWORD_TOO_SHORT: 'New password must be at least 8 characters long',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  PASSWORD_CHANGED: 'Password changed successfully!',
  PROFILE_UPDATED: 'Profile updated successfully',
  USER_CREATED: 'User created successfully',
  USER_UPDATED: 'User updated successfully',
  USER_DELETED: 'User deleted successfully',
  USERNAME_TAKEN: 'That username is already taken',
  EMAIL_TAKEN: 'An account with that e-mail already exists',
  LAST_ADMIN: 'The last active admin cannot be demoted, disabled or deleted.',
  CANNOT_CHANGE_SELF: 'You cannot change your own role or status, or delete yourself.',
  USER_NOT_FOUND: 'User not found',
  NEEDS_JAVASCRIPT: 'The admin runs in your browser: turn on JavaScript and reload this page to sign in.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

const password = z
  .string({ error: AuthMessage.NEW_PASSWORD_REQUIRED })
  .min(1, AuthMessage.NEW_PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, AuthMessage.NEW_PASSWORD_TOO_SHORT)
  .max(256);
/**
 * The address of the first admin when ADMIN_EMAIL is not set: the server stores it although it is not an
 * address a form accepts (no domain with a dot), so what checks stored rows must accept it too.
 */
export const DEFAULT_FIRST_ADMIN_EMAIL = 'admin@localhost';

const email = z
  .string({ error: AuthMessage.EMAIL_REQUIRED })
  .trim()
  .min(1, AuthMessage.EMAIL_REQUIRED)
  .pipe(z.email(AuthMessage.EMAIL_INVALID).max(320));
const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters long')
  .max(100)
  .regex(/^[a-zA-Z0-9._-]+$/, 'Username may contain letters, digits, dots, dashes and underscores');

/** POST /auth/login: `username` may be the username or the e-mail; one old client sends `email`. */
export const loginRequestSchema = z
  .object({
    username: z.string().trim().max(320).optional(),
    email: z.string().trim().max(320).optional(),
    password: z.string({ error: AuthMessage.PASSWORD_REQUIRED }).min(1, AuthMessage.PASSWORD_REQUIRED).max(256),
  })
  .refine((body) => Boolean(body.username || body.email), {
    message: AuthMessage.USERNAME_REQUIRED,
    path: ['username'],
  });

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1, AuthMessage.NO_TOKEN).max(512) });
export const logoutRequestSchema = z.object({ refreshToken: z.string().max(512).optional() });
export const forgotPasswordRequestSchema = z.object({ email });
export const resetPasswordRequestSchema = z.object({ token: z.string().min(1).max(512), newPassword: password });
export const verifyEmailRequestSchema = z.object({ token: z.string().min(1).max(512) });

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: AuthMessage.CURRENT_PASSWORD_REQUIRED })
    .min(1, AuthMessage.CURRENT_PASSWORD_REQUIRED)
    .max(256),
  newPassword: password,
});

/** The settings form adds the confirmation, checked in the browser only. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: AuthMessage.PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

export const updateProfileRequestSchema = z.object({ username: username.optional(), email: email.optional() });

/** POST /auth/register (admin only): creates a staff user. */
export const registerRequestSchema = z.object({
  username,
  email,
  password,
  role: z.enum(roles).default('viewer'),
});

export const listUsersQuerySchema = z.object({
  ...pageQueryFields(10, 100),
  search: z.string().trim().max(200).optional(),
  role: z.enum(roles).optional(),
  status: z.enum(userStatuses).optional(),
});

export const userStatusRequestSchema = z.object({ status: z.enum(userStatuses) });
export const userRoleRequestSchema = z.object({ role: z.enum(roles) });

/** A staff user as the API shows it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  permissions: z.array(z.string()),
  active: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLogin: z.string().nullable(),
});

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export const loginResponseDataSchema = tokenPairSchema.extend({ user: publicUserSchema });

export const userResponseDataSchema = z.object({ user: publicUserSchema });
export const listUsersResponseDataSchema = z.object({
  users: z.array(publicUserSchema),
  ...pageTotalsFields,
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type PublicUser = z.infer<typeof publicUserSchema>;
export type LoginResponseData = z.infer<typeof loginResponseDataSchema>;
export type ListUsersResponseData = z.infer<typeof listUsersResponseDataSchema>;
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
