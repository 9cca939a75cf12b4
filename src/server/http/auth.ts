import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Kysely, Selectable } from 'kysely';
import { AuthMessage, permissions, permissionsByRole, type Permission, type Role } from '../../shared/contracts/auth';
import { ErrorCode, ErrorMessage } from '../../shared/errors';
import type { DB, UsersTable } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * The one guard of the API (ADR 0006). Every route under /api declares `config: { access }`:
 * 'public', or the permission a role needs (permissionsByRole in the shared contract). When an /api
 * route declares no access level the app refuses to start (ready() fails naming it); at run time a route
 * that somehow has none is treated as admin-only. Pages and /uploads (outside /api) are public.
 */
export type Access = 'public' | Permission;

export type CurrentUser = Selectable<UsersTable>;

export interface AccessClaims {
  userId: number;
  role: Role;
  /** The session (refresh-token family) this access token was issued for. */
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token; with allowExpired an expired but authentic token also passes. Null otherwise. */
  verify(token: string, options?: { allowExpired?: boolean }): Promise<AccessClaims | null>;
}

/**
 * Short-lived links for the browser to fetch something itself (a large download written straight to
 * disk instead of through JavaScript): signed for one purpose and one resource, on behalf of the signed-in
 * user and their session, so signing out, disabling the account or losing the permission ends them too.
 */
export interface SignedLinks {
  issue(request: FastifyRequest, purpose: string, resource: string, ttlSeconds: number): Promise<string>;
  /** The active user the link was issued to, when it is genuine, unexpired, for this purpose and resource. */
  verify(token: string, purpose: string, resource: string): Promise<CurrentUser | null>;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's whole config (what its writes purge, page-purges.ts), for the tests that check every route. */
  config: FastifyContextConfig;
}

export interface AuthPluginOptions {
  /** The user, when the account exists and the session `sessionId` is still open; else undefined. */
  loadUser(db: Kysely<DB>, userId: number, sessionId: string): Promise<CurrentUser | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The page handler: visitors' addresses, which the edge text check leaves to it. */
    page?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user as the database has it now; null on public routes. */
    user: CurrentUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** The active user of a valid bearer token of this request, or null (no token, invalid, expired, closed). */
    userFromBearer(request: FastifyRequest): Promise<CurrentUser | null>;
    /** Every route registered after this plugin with its declared access, filled when the app is ready. */
    routeAccess: RouteAccess[];
    signedLinks: SignedLinks;
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const TOKEN_AUDIENCE = 'admin';

const unauthenticated = (message: string) => new AppError(401, ErrorCode.UNAUTHENTICATED, message);

function isApiUrl(url: string | undefined): boolean {
  return url !== undefined && (url === '/api' || url.startsWith('/api/'));
}

/** The current user of a guarded route (the guard has run); 401 if called on a public one by mistake. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthenticated(ErrorMessage.UNAUTHENTICATED);
  return request.user;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * A bearer token was presented and is not good (bad signature or claims, expired, its session ended, the
 * account disabled): 401 with RFC 6750's `invalid_token`, so the client refreshes or signs in again.
 */
const invalidToken = () =>
  new AppError(401, ErrorCode.UNAUTHENTICATED, AuthMessage.SESSION_EXPIRED, undefined, {
    'www-authenticate': 'Bearer error="invalid_token"',
  });

/**
 * On a public route that answers staff differently: the signed-in staff user when the request carries a
 * valid bearer token, null when it carries none (a visitor). A token that is presented but not good
 * (invalid, expired, its session ended) is refused with 401 invalid_token, never read as a visitor: the
 * admin would otherwise be shown the visitors' data without learning that it is signed out (ADR 0006,
 * amendment). Sets request.user when found.
 */
export async function optionalUser(request: FastifyRequest): Promise<CurrentUser | null> {
  if (request.user) return request.user;
  if (bearerToken(request) === undefined) return null;
  const user = await request.server.userFromBearer(request);
  if (!user) throw invalidToken();
  request.user = user;
  return user;
}

function allowed(role: Role, access: Access | undefined): boolean {
  if (access === 'public') return true;
  // Undeclared: admin-only (fail closed).
  if (access === undefined) return role === 'admin';
  return permissionsByRole[role].includes(access);
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthPluginOptions) => {
    const secret = app.config.jwtSecret;
    if (!secret || secret.length < 32) {
      throw new Error(
        'JWT secret missing or shorter than 32 characters: set JWT_SECRET, or pass the configuration through resolveSecrets() before buildApp()',
      );
    }
    const key = new TextEncoder().encode(secret);
    const issuer = app.config.publicUrl;

    const accessTokens: AccessTokens = {
      async sign({ userId, role, sessionId }) {
        return new SignJWT({ role, sid: sessionId })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(userId))
          .setIssuer(issuer)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
          .sign(key);
      },
      async verify(token, { allowExpired = false } = {}) {
        let payload;
        try {
          ({ payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            issuer,
            audience: TOKEN_AUDIENCE,
            requiredClaims: ['sub', 'exp', 'sid'],
          }));
        } catch (error) {
          // JWTExpired is raised only after the signature and the other claims were checked.
          if (allowExpired && error instanceof joseErrors.JWTExpired) payload = error.payload;
          else return null;
        }
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        const role = payload.role;
        if (!Number.isInteger(userId) || typeof sessionId !== 'string' || typeof role !== 'string') return null;
        if (!(role in permissionsByRole)) return null;
        return { userId, sessionId, role: role as Role };
      },
    };
    app.decorate('accessTokens', accessTokens);
    app.decorate('userFromBearer', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const claims = token ? await accessTokens.verify(token) : null;
      if (!claims) return null;
      const user = await options.loadUser(app.database.db, claims.userId, claims.sessionId);
      if (!user || user.status !== 'active') return null;
      request.sessionId = claims.sessionId;
      return user;
    });
    const signedLinks: SignedLinks = {
      async issue(request, purpose, resource, ttlSeconds) {
        const user = request.user;
        if (!user || !request.sessionId) throw unauthenticated(ErrorMessage.UNAUTHENTICATED);
        return new SignJWT({ sid: request.sessionId, res: resource })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(user.id))
          .setIssuer(issuer)
          .setAudience(`link:${purpose}`)
          .setIssuedAt()
          .setExpirationTime(`${ttlSeconds}s`)
          .sign(key);
      },
      async verify(token, purpose, resource) {
        try {
          const { payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            issuer,
            audience: `link:${purpose}`,
            requiredClaims: ['sub', 'exp', 'sid', 'res'],
          });
          const userId = Number(payload.sub);
          if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || payload.res !== resource) return null;
          const user = await options.loadUser(app.database.db, userId, payload.sid);
          return user?.status === 'active' ? user : null;
        } catch {
          return null;
        }
      },
    };
    app.decorate('signedLinks', signedLinks);
    app.decorate('routeAccess', [] as RouteAccess[]);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    // Routes are checked when the app is ready, after every onRoute hook (a plugin's context may still
    // declare the access of routes it does not own, as app.ts does for the API documentation).
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    app.addHook('onReady', async () => {
      const undeclared: string[] = [];
      for (const route of routes) {
        const access = route.config?.access;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods)
          app.routeAccess.push({ method, url: route.url, access, config: route.config ?? {} });
        if (isApiUrl(route.url) && access === undefined) undeclared.push(`${methods.join(',')} ${route.url}`);
      }
      if (undeclared.length > 0) {
        throw new Error(
          `API routes without a declared access level (add config: { access: 'public' | ${permissions.map((p) => `'${p}'`).join(' | ')} }): ${undeclared.join('; ')}`,
        );
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.routeOptions.url;
      const access = request.routeOptions.config.access;
      // No route matched (the 404 handler), or a page/static route outside the API: nothing to guard.
      if (access === 'public' || url === undefined || (access === undefined && !isApiUrl(url))) return;

      const token = bearerToken(request);
      if (!token) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthenticated(ErrorMessage.UNAUTHENTICATED);
      }
      const claims = await accessTokens.verify(token);
      if (!claims) throw invalidToken();
      // The current role and status come from the database, so changes apply at the next request.
      const user = await options.loadUser(app.database.db, claims.userId, claims.sessionId);
      if (!user || user.status !== 'active') throw invalidToken();
      request.user = user;
      request.sessionId = claims.sessionId;
      if (!allowed(user.role, access)) throw new AppError(403, ErrorCode.FORBIDDEN, ErrorMessage.FORBIDDEN);
    });
  },
  { name: 'auth' },
);
