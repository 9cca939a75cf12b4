import path from 'node:path';
import { pathToFileURL } from 'node:url';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { blogListQuerySchema } from '../../shared/contracts/blog';
import { isCertificateNumber, normalizeCertificateNumber } from '../../shared/contracts/certificates';
import { portfolioListQuerySchema } from '../../shared/contracts/portfolio';
import type { FieldError } from '../../shared/errors';
import type {
  CertificateVerifyOutcome,
  ContactPageOutcome,
  WebBlogContext,
  WebCertificatesContext,
  WebContactsContext,
  WebLoadContext,
  WebPortfolioContext,
} from '../../shared/load-context';
import { isTransientConflict, isUnstorableValue } from '../db/write-conflicts';
import { getPost, listCategories, listComments, listPosts, listRelatedPosts } from '../features/blog/blog.service';
import { verifyCertificate } from '../features/certificates/certificates.service';
import { getCompanyProfile, getSeoSettings } from '../features/company/company.service';
import { submitContact } from '../features/contacts/contacts.service';
import { landingContent } from '../features/site-content/site-content.service';
import * as portfolio from '../features/portfolio/portfolio.service';
import { isDatabaseUnreachable } from './error-handler';
import { AppError } from './errors';
import { storableFields } from './text-input';

export type WebMode = 'build' | 'dev' | false;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Query keys a public page may pass to the post list (never `published`: visitors see published posts only). */
export const PUBLIC_LIST_KEYS = [
  'page',
  'limit',
  'search',
  'category',
  'tag',
  'featured',
  'sort',
  'readTime',
  'dateRange',
  'exclude',
];

function blogContextFor(app: FastifyInstance): WebBlogContext {
  const db = () => app.database.db;
  const orNull = async <T>(read: Promise<T>): Promise<T | null> => {
    try {
      return await read;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    }
  };
  return {
    listPosts: (query) => {
      const picked = Object.fromEntries(Object.entries(query).filter(([key]) => PUBLIC_LIST_KEYS.includes(key)));
      return listPosts(db(), blogListQuerySchema.parse(picked));
    },
    listCategories: () => listCategories(db()),
    getPost: (slugOrId) => orNull(getPost(db(), slugOrId)),
    listRelatedPosts: (slugOrId, limit) => listRelatedPosts(db(), slugOrId, limit),
    listComments: (slugOrId) => listComments(db(), slugOrId),
  };
}

/** Query keys a public page may pass to the project list (never `published`: visitors see published ones only). */
export const PUBLIC_PROJECT_LIST_KEYS = [
  'page',
  'limit',
  'search',
  'industry',
  'category',
  'technology',
  'sort',
  'exclude',
];

function portfolioContextFor(app: FastifyInstance): WebPortfolioContext {
  const db = () => app.database.db;
  const visitor = { staff: false };
  return {
    listProjects: (query) => {
      const picked = Object.fromEntries(
        Object.entries(query).filter(([key]) => PUBLIC_PROJECT_LIST_KEYS.includes(key)),
      );
      return portfolio.listProjects(db(), portfolioListQuerySchema.parse(picked), visitor);
    },
    listCategories: () => portfolio.listCategories(db()),
    listFeatured: (limit) => portfolio.listFeaturedProjects(db(), limit),
    getProject: async (slugOrId) => {
      try {
        return await portfolio.getProject(db(), slugOrId, visitor);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
  };
}

/** The quote form's body as a page receives it: a small urlencoded form. */
export const CONTACT_FORM_BODY_LIMIT = 64 * 1024;

/**
 * The quote form sent without JavaScript: the limit of POST /api/contacts (one count per submission,
 * answered with the page rather than JSON), the NUL rule, then submitContact, which stores the request
 * and its staff alerts and wakes the mail worker.
 */
function contactsContextFor(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): WebContactsContext {
  const refused = (status: 400 | 429 | 500 | 503, errors: FieldError[] = []): ContactPageOutcome => ({
    ok: false,
    status,
    errors,
  });
  return {
    async submit(fields) {
      if (!(await app.contactSubmitAllowed(request, reply))) return refused(429);
      try {
        await submitContact(app.database.db, app.staffAlerts, storableFields({ ...fields }), request.log);
        return { ok: true };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) return refused(400, error.errors ?? []);
        if (isUnstorableValue(error)) return refused(400);
        if (isDatabaseUnreachable(error)) {
          request.log.error({ err: error }, 'contact form: database unreachable');
          return refused(503);
        }
        if (!isTransientConflict(error)) request.log.error({ err: error }, 'contact form failed');
        return refused(500);
      }
    },
  };
}

/**
 * The verification page's lookup: the limit of GET /api/certificates/verify/{number} (one count per lookup,
 * answered with the page rather than JSON), the same normalising, format check and service.
 */
export function certificatesContextFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): WebCertificatesContext {
  return {
    async verify(number): Promise<CertificateVerifyOutcome> {
      if (!(await app.certificateVerifyAllowed(request, reply))) return { status: 'rate_limited' };
      const normalized = normalizeCertificateNumber(number);
      if (!isCertificateNumber(normalized)) return { status: 'invalid' };
      try {
        const certificate = await verifyCertificate(app.database.db, normalized);
        return certificate ? { status: 'verified', certificate } : { status: 'not_found' };
      } catch (error) {
        request.log.error({ err: error }, 'certificate verification failed');
        return { status: 'failed' };
      }
    },
  };
}

function loadContextFor(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): AppLoadContext {
  const nonces = (reply as FastifyReply & { cspNonce?: { script: string } | null }).cspNonce;
  const context: WebLoadContext = {
    cspNonce: nonces?.script,
    publicUrl: app.config.publicUrl,
    getCompanyProfile: () => getCompanyProfile(app.database.db),
    getSeoSettings: () => getSeoSettings(app.database.db),
    getLandingContent: () =>
      landingContent(app.database.db, (section, error) =>
        request.log.error({ err: error }, `landing ${section} failed to load`),
      ),
    blog: blogContextFor(app),
    portfolio: portfolioContextFor(app),
    contacts: contactsContextFor(app, request, reply),
    certificates: certificatesContextFor(app, request, reply),
  };
  return context as AppLoadContext;
}

function toWebRequest(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Request {
  // The canonical origin comes from configuration, so a forged Host header cannot change links.
  const url = new URL(request.url, app.config.publicUrl);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  // HEAD is rendered as GET so that its status and headers are the page's; Fastify's HEAD route drops the body.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (method === 'POST' && typeof request.body === 'string') {
    // The body as parsed (text): its length is no longer the one announced.
    headers.delete('content-length');
    headers.delete('transfer-encoding');
    return new Request(url, { method, headers, body: request.body, signal: controller.signal });
  }
  return new Request(url, { method, headers, signal: controller.signal });
}

/**
 * Serves every non-API path through React Router's request handler: the Vite dev server in
 * development, the production build (static assets plus the server bundle) otherwise. ADR 0002.
 */
export const webPlugin = fp<{ mode: Exclude<WebMode, false> }>(async (app, { mode }) => {
  let getBuild: () => Promise<ServerBuild>;
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const buildDir = path.resolve('build');
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
    const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
    getBuild = async () => build;
  }

  const handle = createRequestHandler(getBuild, mode === 'dev' ? 'development' : 'production');

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await handle(toWebRequest(app, request, reply), loadContextFor(app, request, reply));
    // Copy status and headers ourselves: onSend hooks (compression) replace a Response payload
    // before Fastify would read them from it.
    reply.status(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    return reply.send(response.body);
  };

  // GET only: Fastify exposes HEAD for every GET route (exposeHeadRoutes) and sends its headers without
  // the body. A route of our own for HEAD would answer React Router's empty HEAD body as JSON `null`.
  app.route({
    method: 'GET',
    url: '/*',
    schema: { hide: true },
    // The edge text check (plugins/text-input.ts) answers the API with a 400; a visitor gets a page.
    config: { page: true },
    handler: async (request, reply) => {
      // No page address holds a NUL, and no loader may pass one to a database: the visitor is sent to
      // the address without it (which a cache can keep), rather than shown a JSON refusal.
      // Leading slashes collapse to one, so that //host%00 cannot become a redirect to another site.
      if (/%00/i.test(request.url)) {
        return reply.redirect(request.url.replace(/%00/gi, '').replace(/^[/\\]+/, '/'), 301);
      }
      return render(request, reply);
    },
  });

  // The quote form without JavaScript posts to the home page (/?index: React Router's index route), whose
  // action answers with the page. Its form parser lives in this scope only: the API takes JSON.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CONTACT_FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: 'POST',
      url: '/',
      schema: { hide: true },
      config: { page: true },
      handler: async (request, reply) => {
        // As for GET: no NUL reaches a loader through the address (the fields are checked by the action).
        if (/%00/i.test(request.url)) return reply.redirect('/', 303);
        return render(request, reply);
      },
    });
  });
});
