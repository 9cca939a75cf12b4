import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { roles, type Role, type UserStatus } from '../../shared/contracts/auth';
import type { DB } from '../db/schema';
import { hashPassword } from '../features/users/password';

export const TEST_PASSWORD = 'correct horse battery';

let sequence = 0;
/** A distinct value per call within a test file: client addresses, usernames. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${process.pid % 1000}x${sequence}`;
}

/** A client address of its own, so that per-address limits of one test do not touch another. */
export function freshIp(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** Inserts a user straight into the database (the API under test is not used to set up). */
export async function createUser(
  db: Kysely<DB>,
  options: { role?: Role; status?: UserStatus; password?: string; username?: string } = {},
): Promise<TestUser> {
  const username = options.username ?? unique('user');
  const email = `${username.toLowerCase()}@example.test`;
  const password = options.password ?? TEST_PASSWORD;
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      username,
      email,
      // Cheap whatever the app's setting: how the hash was made does not change how it is checked.
      password_hash: await hashPassword(password, 'test'),
      role: options.role ?? 'viewer',
      status: options.status ?? 'active',
      email_verified: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: Number(row.id), username, email, password };
}

export function postLogin(
  app: FastifyInstance,
  body: Record<string, unknown>,
  ip: string = freshIp(),
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip, headers });
}

export interface Session {
  token: string;
  refreshToken: string;
  user: TestUser;
}

export async function signIn(app: FastifyInstance, user: TestUser): Promise<Session> {
  const res = await postLogin(app, { username: user.username, password: user.password });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.username} failed: ${res.statusCode} ${res.body}`);
  const { token, refreshToken } = res.json().data as { token: string; refreshToken: string };
  return { token, refreshToken, user };
}

export async function createSignedIn(
  app: FastifyInstance,
  db: Kysely<DB>,
  options: { role?: Role; status?: UserStatus } = {},
): Promise<Session> {
  return signIn(app, await createUser(db, options));
}

/**
 * A user signed in and then signed out on the server (a logout in another tab, a revoked session): the access
 * token is still signed and unexpired, but its session is over.
 */
export async function createEndedSession(
  app: FastifyInstance,
  db: Kysely<DB>,
  options: { role?: Role } = {},
): Promise<Session> {
  const session = await createSignedIn(app, db, options);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: { refreshToken: session.refreshToken },
  });
  if (res.statusCode !== 200) throw new Error(`sign-out failed: ${res.statusCode} ${res.body}`);
  return session;
}

/** One signed-in user of each role. */
export async function createStaff(app: FastifyInstance, db: Kysely<DB>): Promise<Record<Role, Session>> {
  const staff = {} as Record<Role, Session>;
  for (const role of roles) staff[role] = await createSignedIn(app, db, { role });
  return staff;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls of `/api…` with a bearer token (or none), each from an address of its own unless one is given. */
export function tokenCaller(app: () => FastifyInstance) {
  return (method: ApiMethod, url: string, token?: string, body?: object, ip = freshIp()) =>
    app().inject({ method, url: `/api${url}`, payload: body, headers: token ? bearer(token) : {}, remoteAddress: ip });
}

/**
 * Calls of `/api…` as a staff member: `as()` unless a session (or null, anonymous) is given, read when the
 * call is made, each from an address of its own (no lockout or rate limit carries over). `ok` expects a 2xx
 * and answers its data.
 */
export function apiCaller(app: () => FastifyInstance, as: () => Session | null) {
  const call = (method: ApiMethod, url: string, payload?: object, session: Session | null = as()) =>
    app().inject({
      method,
      url: `/api${url}`,
      ...(payload === undefined ? {} : { payload }),
      headers: session ? bearer(session.token) : {},
      remoteAddress: freshIp(),
    });
  const ok = async (method: ApiMethod, url: string, payload?: object, session: Session | null = as()) => {
    const res = await call(method, url, payload, session);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };
  return { call, ok };
}
