import { SignJWT, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsByRole, roles, type Role } from '../shared/contracts/auth';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Access } from './http/auth';
import { bearer, createEndedSession, createSignedIn, type Session } from './testing/auth-helpers';
import { useTestApp } from './testing/test-app';
import { createTestDatabase, testDialects } from './testing/test-database';

/**
 * Every API route that anyone may call without signing in, written out here: a new route is checked
 * by the guard test below unless it is added to this list on purpose.
 */
const PUBLIC_API_ROUTES = [
  'GET /api/health',
  'DELETE /api/system/site-pass',
  // Its signed link is the credential (a browser download carries no bearer token).
  'GET /api/backups/:id/file',
  'GET /api/ready',
  'GET /api/company',
  'GET /api/company/seo',
  'GET /api/services',
  'GET /api/team',
  'GET /api/testimonials',
  'GET /api/packages',
  'GET /api/internships',
  'GET /api/tech-stack',
  'GET /api/blog/posts',
  'GET /api/blog/posts/:slugOrId',
  'GET /api/blog/posts/:slugOrId/related',
  'POST /api/blog/posts/:slugOrId/like',
  'POST /api/blog/posts/:slugOrId/view',
  'GET /api/blog/posts/:slugOrId/comments',
  'POST /api/blog/posts/:slugOrId/comments',
  'GET /api/blog/categories',
  'GET /api/blog/tags',
  'GET /api/blog/stats',
  'POST /api/blog/search',
  'GET /api/portfolio/projects',
  'GET /api/portfolio/projects/:slugOrId',
  'GET /api/portfolio/featured',
  'GET /api/portfolio/projects/featured',
  'GET /api/portfolio/recent',
  'GET /api/portfolio/projects/recent',
  'GET /api/portfolio/related/:slugOrId',
  'GET /api/portfolio/projects/related/:slugOrId',
  'GET /api/portfolio/categories',
  'GET /api/portfolio/category/:category',
  'GET /api/portfolio/stats',
  'POST /api/portfolio/projects/:slugOrId/like',
  'POST /api/portfolio/projects/search',
  'POST /api/auth/login',
  'POST /api/auth/login/two-factor',
  'POST /api/auth/login/two-factor/setup',
  'POST /api/auth/login/two-factor/enable',
  'POST /api/auth/passkeys/authentication-options',
  'POST /api/auth/passkeys/authenticate',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'POST /api/newsletter/subscribe',
  'POST /api/contacts',
  'GET /api/certificates/verify/:number',
  'POST /api/analytics/pageview',
  'POST /api/analytics/event',
];
/**
 * The public routes that read an optional bearer token (staff are answered differently, or not counted):
 * a token they are given must be good, else 401 invalid_token (ADR 0006, amendment). Every other public
 * route ignores the Authorization header, so a stale token in a visitor's browser changes nothing there.
 * A body that passes validation for the POST ones, so the token is what is judged (other POSTs get {}).
 */
const TOKEN_READING_PUBLIC_ROUTES: Record<string, object | undefined> = {
  'GET /api/blog/posts': undefined,
  'GET /api/blog/posts/:slugOrId': undefined,
  'POST /api/blog/posts/:slugOrId/view': undefined,
  'GET /api/blog/categories': undefined,
  'GET /api/blog/tags': undefined,
  'GET /api/blog/stats': undefined,
  'POST /api/blog/search': { query: 'anything' },
  'GET /api/portfolio/projects': undefined,
  'GET /api/portfolio/projects/:slugOrId': undefined,
  'GET /api/portfolio/related/:slugOrId': undefined,
  'GET /api/portfolio/projects/related/:slugOrId': undefined,
  'GET /api/portfolio/stats': undefined,
  'POST /api/portfolio/projects/search': { query: 'anything' },
  'POST /api/analytics/pageview': { page_url: '/' },
  'POST /api/analytics/event': { event_type: 'like', page_url: '/blog/x' },
};
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
// The catch-all that turns unknown API paths into JSON 404s.
const isCatchAll = (url: string) => url === '/api/*';

describe.each(testDialects)('the guard on every API route (%s)', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const sessions = {} as Record<Role, Session>;

  beforeAll(async () => {
    for (const role of roles) sessions[role] = await createSignedIn(t.app, t.db.database.db, { role });
  });

  const apiRoutes = () =>
    t.app.routeAccess.filter((r) => r.url.startsWith('/api/') && !isDocs(r.url) && !isCatchAll(r.url));
  const guarded = () => apiRoutes().filter((r) => r.access !== 'public');
  const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:(\w+)/g, '999999'),
      headers,
      remoteAddress: '10.250.0.1',
    });

  async function sign(
    claims: Record<string, unknown>,
    options: { audience?: string; issuer?: string; exp?: number; secret?: string } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(options.issuer ?? t.config.publicUrl)
      .setAudience(options.audience ?? 'admin')
      .setIssuedAt(now - 60)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(new TextEncoder().encode(options.secret ?? t.config.jwtSecret));
  }

  it('knows the routes: the public ones are exactly the listed ones, docs and catch-all aside', () => {
    const publicOnes = apiRoutes()
      .filter((r) => r.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicOnes.sort()).toEqual([...PUBLIC_API_ROUTES].sort());
    expect(guarded().length).toBeGreaterThanOrEqual(10);
    expect(t.app.routeAccess.filter((r) => isDocs(r.url)).every((r) => r.access === 'public')).toBe(true);
  });

  it('answers 401 without a token, and with an expired, tampered, unsigned or foreign token', async () => {
    const adminToken = sessions.admin.token;
    const claims = decodeJwt(adminToken);
    const base = { role: 'admin', sid: claims.sid, sub: claims.sub };
    const [, payload] = adminToken.split('.') as [string, string, string];
    const [viewerHeader, , viewerSignature] = sessions.viewer.token.split('.') as [string, string, string];
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const flipped = adminToken.slice(0, -2) + (adminToken.endsWith('AA') ? 'BB' : 'AA');
    const now = Math.floor(Date.now() / 1000);
    const bad: Record<string, string> = {
      expired: await sign(base, { exp: now - 5 }),
      tamperedSignature: flipped,
      // A viewer's token re-pointed at the admin's account and session, keeping the viewer's signature.
      tamperedPayload: [
        viewerHeader,
        Buffer.from(JSON.stringify({ ...decodeJwt(sessions.viewer.token), sub: claims.sub, sid: claims.sid })).toString(
          'base64url',
        ),
        viewerSignature,
      ].join('.'),
      algNone: `${noneHeader}.${payload}.`,
      wrongAudience: await sign(base, { audience: 'public' }),
      wrongIssuer: await sign(base, { issuer: 'https://evil.example' }),
      wrongSecret: await sign(base, { secret: 'another-secret-that-is-long-enough-000000' }),
      noSession: await sign({ ...base, sid: 'not-a-session' }),
      garbage: 'not.a.jwt',
    };
    for (const route of guarded()) {
      const none = await call(route);
      expect(none.statusCode, `${route.method} ${route.url} without token`).toBe(401);
      if (route.method !== 'HEAD') expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect((await call(route, { authorization: 'Basic abc' })).statusCode).toBe(401);
      for (const [name, token] of Object.entries(bad)) {
        const res = await call(route, bearer(token));
        expect(res.statusCode, `${route.method} ${route.url} with ${name} token`).toBe(401);
      }
    }
  });

  it('says why in WWW-Authenticate: Bearer without a token, Bearer error="invalid_token" with a bad one', async () => {
    const ended = await createEndedSession(t.app, t.db.database.db, { role: 'admin' });
    for (const route of guarded().filter((r) => r.method !== 'HEAD')) {
      const label = `${route.method} ${route.url}`;
      expect((await call(route)).headers['www-authenticate'], label).toBe('Bearer');
      for (const token of ['not.a.jwt', ended.token]) {
        const res = await call(route, bearer(token));
        expect(res.statusCode, label).toBe(401);
        expect(res.headers['www-authenticate'], label).toBe('Bearer error="invalid_token"');
      }
    }
  });

  it('refuses a bad token on the public routes that read one, and the other public routes ignore it', async () => {
    const listed = Object.keys(TOKEN_READING_PUBLIC_ROUTES);
    const publicOnes = apiRoutes().filter((r) => r.access === 'public' && r.method !== 'HEAD');
    for (const name of listed) expect(publicOnes.map((r) => `${r.method} ${r.url}`)).toContain(name);
    // A session ended on the server: its access token is still signed and unexpired.
    const ended = await createEndedSession(t.app, t.db.database.db, { role: 'admin' });
    let ip = 0;
    const send = (route: { method: string; url: string }, token?: string) => {
      const body = TOKEN_READING_PUBLIC_ROUTES[`${route.method} ${route.url}`];
      return t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '999999'),
        headers: { 'user-agent': BROWSER, ...(token ? bearer(token) : {}) },
        remoteAddress: `10.251.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
        ...(route.method === 'POST' ? { payload: body ?? {} } : {}),
      });
    };
    for (const route of publicOnes) {
      const label = `${route.method} ${route.url}`;
      const visitor = await send(route);
      expect(visitor.statusCode, `${label} without a token`).not.toBe(401);
      for (const token of ['not.a.jwt', ended.token]) {
        const res = await send(route, token);
        if (listed.includes(label)) {
          expect(res.statusCode, `${label} with a bad token`).toBe(401);
          expect(res.headers['www-authenticate'], label).toBe('Bearer error="invalid_token"');
          expect(res.json()).toMatchObject({
            code: 'UNAUTHENTICATED',
            message: 'Session expired. Please login again.',
          });
        } else {
          expect(res.statusCode, `${label} with a bad token`).toBe(visitor.statusCode);
        }
      }
    }
  });

  it('answers 403 to a role below the route level and lets the right roles through', async () => {
    for (const route of guarded()) {
      for (const role of roles) {
        const res = await call(route, bearer(sessions[role].token));
        const label = `${route.method} ${route.url} as ${role}`;
        if (permissionsByRole[role].includes(route.access as Exclude<Access, 'public'>)) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
          if (route.method !== 'HEAD') expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
        }
      }
    }
  });
});

describe('routes that declare no access level', () => {
  it('stop the app from starting, naming the route', async () => {
    const db = await createTestDatabase('sqlite');
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' }),
      { database: db.database, logger: false },
    );
    app.get('/api/forgotten', async () => ({ success: true, data: 'secret' }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten declares|access level.*GET \/api\/forgotten/);
    await app.close().catch(() => undefined);
    await db.drop();
  });

  it('and an app without a JWT secret does not build', async () => {
    const db = await createTestDatabase('sqlite');
    await expect(
      buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { database: db.database, logger: false }),
    ).rejects.toThrow(/JWT secret missing/);
    await db.drop();
  });
});
