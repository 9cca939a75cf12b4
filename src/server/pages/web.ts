import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { blogListQuerySchema } from '../../shared/contracts/blog';
import { portfolioListQuerySchema } from '../../shared/contracts/portfolio';
import type { FieldError } from '../../shared/errors';
import type {
  ContactPageOutcome,
  WebBlogContext,
  WebContactsContext,
  WebLoadContext,
  WebPortfolioContext,
} from '../../shared/load-context';
import { APP_ROOT } from '../app-root';
import { isTransientConflict, isUnstorableValue } from '../db/write-conflicts';
import { listComments } from '../features/blog/blog-comments.service';
import { getPost, listCategories, listPosts, listRelatedPosts } from '../features/blog/blog.service';
import { certificatesContextFor } from '../features/certificates/verify-page-context';
import type { CompanyProfile, SeoSettings } from '../../shared/contracts/company';
import { companyForPages, getSeoSettings } from '../features/company/company.service';
import { submitContact } from '../features/contacts/contacts.service';
import { landingContent } from '../features/site-content/site-content.service';
import * as portfolio from '../features/portfolio/portfolio.service';
import { QUOTE_SENT_PARAM } from '../../shared/contracts/quote-links.values';
import { isDatabaseUnreachable } from '../http/error-handler';
import { formOrigin, refuseCrossSiteForm } from './form-origin';
import { AppError } from '../lib/errors';
import { carriesCredentials, type RenderedPage } from './page-cache';
import { pagePolicy } from './page-csp';
import { resolvedPath } from './page-path';
import { lowPriorityModulePreloads } from './page-markup';
import { postTag, projectTag, type PageTag } from './page-tags';
import { storableFields } from '../http/text-input';

export type WebMode = 'build' | 'dev' | false;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the build's hashed files are served: immutable, and without the page headers (app.ts). */
export const ASSETS_PREFIX = '/assets/';

/**
 * What a built file is sent with instead of helmet's page headers (ADR 0025): cached for a year under its
 * hashed name, its declared type only (nosniff), and readable by this site's pages only (as helmet had it).
 */
export const ASSET_HEADERS: ReadonlyArray<[string, string]> = [
  ['cache-control', IMMUTABLE],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];

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

/**
 * What a page's loaders read, recorded as they read it: the tags its cache entry carries (ADR 0020), and
 * whether every read succeeded (a page showing a section's "try again" is not kept).
 */
export interface PageReads {
  tags: Set<PageTag>;
  complete: boolean;
}

function newReads(): PageReads {
  return { tags: new Set(), complete: true };
}

/** Records the tags of a read, and a failed read. */
function tagged<T>(reads: PageReads, tags: PageTag[], read: () => Promise<T>, tagsOf?: (value: T) => PageTag[]) {
  for (const tag of tags) reads.tags.add(tag);
  let promise: Promise<T>;
  try {
    promise = read();
  } catch (error) {
    promise = Promise.reject(error);
  }
  return promise.then(
    (value) => {
      for (const tag of tagsOf?.(value) ?? []) reads.tags.add(tag);
      return value;
    },
    (error: unknown) => {
      reads.complete = false;
      throw error;
    },
  );
}

function blogContextFor(app: FastifyInstance, reads: PageReads): WebBlogContext {
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
    listPosts: (query) =>
      tagged(reads, ['posts'], () => {
        const picked = Object.fromEntries(Object.entries(query).filter(([key]) => PUBLIC_LIST_KEYS.includes(key)));
        return listPosts(db(), blogListQuerySchema.parse(picked), app.pageCache.counts('posts'));
      }),
    listCategories: () => tagged(reads, ['posts'], () => listCategories(db())),
    getPost: (slugOrId) =>
      tagged(
        reads,
        [postTag(slugOrId)],
        () => orNull(getPost(db(), slugOrId)),
        (post) => (post ? [postTag(post.id), postTag(post.slug)] : ['posts']),
      ),
    listRelatedPosts: (slugOrId, limit) => tagged(reads, ['posts'], () => listRelatedPosts(db(), slugOrId, limit)),
    listComments: (slugOrId) => tagged(reads, [postTag(slugOrId), 'comments'], () => listComments(db(), slugOrId)),
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

function portfolioContextFor(app: FastifyInstance, reads: PageReads): WebPortfolioContext {
  const db = () => app.database.db;
  const visitor = { staff: false };
  return {
    listProjects: (query) =>
      tagged(reads, ['projects'], () => {
        const picked = Object.fromEntries(
          Object.entries(query).filter(([key]) => PUBLIC_PROJECT_LIST_KEYS.includes(key)),
        );
        return portfolio.listProjects(db(), portfolioListQuerySchema.parse(picked), visitor);
      }),
    listCategories: () => tagged(reads, ['projects'], () => portfolio.listCategories(db())),
    listFeatured: (limit) => tagged(reads, ['projects'], () => portfolio.listFeaturedProjects(db(), limit)),
    // With its related projects: any project's change may show here.
    getProject: (slugOrId) =>
      tagged(
        reads,
        ['projects', projectTag(slugOrId)],
        async () => {
          try {
            return await portfolio.getProject(db(), slugOrId, visitor);
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 404) return null;
            throw error;
          }
        },
        (found) => (found ? [projectTag(found.project.id), projectTag(found.project.slug)] : []),
      ),
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
        await submitContact(app.database.db, app.staffAlerts, storableFields({ ...fields }), request.log, request.ip);
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

/** What every page shows, read from memory until a write changes it (the page cache's tags). */
interface SiteWideReads {
  company: () => Promise<CompanyProfile>;
  seo: () => Promise<SeoSettings>;
}

function loadContextFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  reads: PageReads,
  scriptMarker: string,
  siteWide: SiteWideReads,
): AppLoadContext {
  // Staff and signed-in requests see everything as the database has it now, like the pages they get.
  const live = carriesCredentials(request);
  const context: WebLoadContext = {
    scriptMarker,
    publicUrl: app.config.publicUrl,
    siteTimeZone: app.config.siteTimeZone,
    maintenanceMode: app.systemSettings.current().maintenanceMode,
    // A page that rendered with a part left out is not kept in the page cache.
    reportRenderError: (error) => {
      reads.complete = false;
      request.log.error({ err: error }, 'page render failed');
    },
    getCompanyProfile: () =>
      tagged(reads, ['company'], live ? () => companyForPages(app.database.db) : siteWide.company),
    getSeoSettings: () => tagged(reads, ['seo'], live ? () => getSeoSettings(app.database.db) : siteWide.seo),
    getLandingContent: () =>
      tagged(reads, ['landing'], () =>
        landingContent(app.database.db, (section, error) => {
          reads.complete = false;
          request.log.error({ err: error }, `landing ${section} failed to load`);
        }),
      ),
    blog: blogContextFor(app, reads),
    portfolio: portfolioContextFor(app, reads),
    contacts: contactsContextFor(app, request, reply),
    certificates: certificatesContextFor(app, request, reply),
  };
  return context as AppLoadContext;
}

/**
 * The Fetch Request React Router sees. A cache fill (`canonicalUrl`) is rendered as any anonymous visitor
 * would get that address: no cookies or other headers of the visitor who happened to ask first, and not
 * cancelled when that visitor leaves (others wait for the same render).
 */
function toWebRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  canonicalUrl: string | null,
): Request {
  // The canonical origin comes from configuration, so a forged Host header cannot change links.
  const url = new URL(canonicalUrl ?? request.url, app.config.publicUrl);
  // HEAD is rendered as GET so that its status and headers are the page's; Fastify's HEAD route drops the body.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (canonicalUrl !== null) return new Request(url, { method });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  if (method === 'POST' && typeof request.body === 'string') {
    // The body as parsed (text): its length is no longer the one announced.
    headers.delete('content-length');
    headers.delete('transfer-encoding');
    const origin = formOrigin(request, app.config.publicUrl);
    if (origin.kind === 'other-name') headers.set('origin', origin.origin);
    return new Request(url, { method, headers, body: request.body, signal: controller.signal });
  }
  return new Request(url, { method, headers, signal: controller.signal });
}

/** Query keys the public pages read; any other key (but the tracking ones) makes a page uncached. */
const PAGE_QUERY_KEYS = new Set([...PUBLIC_LIST_KEYS, ...PUBLIC_PROJECT_LIST_KEYS, QUOTE_SENT_PARAM, '_routes']);
/** Campaign and click identifiers: no page reads them, so they do not split the cache. */
const TRACKING_KEY = /^(utm_[a-z_]+|gclid|fbclid|msclkid|dclid|mc_cid|mc_eid|ref)$/i;
const MAX_KEY_LENGTH = 512;

/**
 * The cache key of a page address: the path and the query keys pages read, in the order given, tracking
 * keys dropped. Not sorted: the list pages answer any order but their own with a 301 to their one address
 * (so `?tag=a&sort=x` and `?sort=x&tag=a` are not two kept pages), and the key is also the address a page is
 * rendered at when it is filled, which must be the address the visitor would otherwise be sent to. Null
 * (never cached) for an address with any other key or an over-long one.
 */
export function pageCacheKey(url: string): string | null {
  if (url.length > MAX_KEY_LENGTH * 2) return null;
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (mark === -1) return path.length <= MAX_KEY_LENGTH ? path : null;
  const kept: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) {
    if (PAGE_QUERY_KEYS.has(name)) kept.push([name, value]);
    else if (!TRACKING_KEY.test(name)) return null;
  }
  const query = new URLSearchParams(kept).toString();
  const key = query ? `${path}?${query}` : path;
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/**
 * Serves every non-API path through React Router's request handler: the Vite dev server in
 * development, the production build (static assets plus the server bundle) otherwise. ADR 0002.
 */
export const webPlugin = fp<{ mode: Exclude<WebMode, false> }>(async (app, { mode }) => {
  let getBuild: () => Promise<ServerBuild>;
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: APP_ROOT, server: { middlewareMode: true }, appType: 'custom' });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    // The install's build, wherever the process was started from.
    const buildDir = path.join(APP_ROOT, 'build');
    const assetsDir = path.join(buildDir, 'client', 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // build/client/assets/*.br and *.gz, made at build (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        if (filePath.startsWith(assetsDir)) for (const [name, value] of ASSET_HEADERS) res.setHeader(name, value);
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
    const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
    getBuild = async () => build;
  }

  const handle = createRequestHandler(getBuild, mode === 'dev' ? 'development' : 'production');
  const siteWide: SiteWideReads = {
    company: app.pageCache.keep('company', () => companyForPages(app.database.db)),
    seo: app.pageCache.keep('seo', () => getSeoSettings(app.database.db)),
  };
  // Development renders every page (Vite changes code under the cache's feet).
  const cacheKey = mode === 'dev' ? () => null : pageCacheKey;
  app.pageCache.useKeys(cacheKey);

  /**
   * Renders a page to its last byte: the policy of an HTML page names the hashes of its inline scripts
   * (page-csp.ts), and the finished bytes are what the cache keeps. React Router's Response is read here,
   * its status and headers copied by the sender.
   */
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    canonicalUrl: string | null,
  ): Promise<RenderedPage> => {
    const reads = newReads();
    // Helmet's policy for this request, read before the render: when the cache refreshes a stale page in the
    // background, the reply is meanwhile answered with the stale page and carries that page's policy (and
    // its hashes would be added again at every refresh).
    const policy = reply.getHeader('content-security-policy');
    // Marks this render's own inline scripts (page-csp.ts): unguessable, and gone from the page it sends.
    const scriptMarker = randomBytes(18).toString('base64url');
    const response = await handle(
      toWebRequest(app, request, reply, canonicalUrl),
      loadContextFor(app, request, reply, reads, scriptMarker, siteWide),
    );
    let body = Buffer.from(await response.arrayBuffer());
    const headers: Array<[string, string]> = [];
    for (const [name, value] of response.headers) headers.push([name.toLowerCase(), value]);
    if (typeof policy === 'string' && response.headers.get('content-type')?.startsWith('text/html')) {
      // Read as latin1, one character per byte: no UTF-8 decoding and encoding of the whole page (page-csp.ts).
      const page = pagePolicy(policy, body.toString('latin1'), scriptMarker, 'latin1');
      headers.push(['content-security-policy', page.policy]);
      body = Buffer.from(lowPriorityModulePreloads(page.html), 'latin1');
    }
    return { status: response.status, headers, body, tags: reads.tags, complete: reads.complete };
  };

  // GET only: Fastify exposes HEAD for every GET route (exposeHeadRoutes) and sends its headers without
  // the body. A route of our own for HEAD would answer React Router's empty HEAD body as JSON `null`.
  app.route({
    method: 'GET',
    url: '/*',
    schema: { hide: true },
    // The edge text check (http/text-input.ts) answers the API with a 400; a visitor gets a page.
    // Pages are compressed by the page cache (once per cached page, lightly when not cached).
    config: { page: true, compress: false },
    handler: async (request, reply) => {
      // No page address holds a NUL, and no loader may pass one to a database: the visitor is sent to
      // the address without it (which a cache can keep), rather than shown a JSON refusal.
      // Leading slashes collapse to one, so that //host%00 cannot become a redirect to another site.
      if (/%00/i.test(request.url)) {
        return reply.redirect(request.url.replace(/%00/gi, '').replace(/^[/\\]+/, '/'), 301);
      }
      // A path with dot segments (/admin/../blog, /assets/%2e%2e/) is sent to the page a browser resolves it
      // to, so that the page cache, maintenance and the admin's routes see one address per page.
      const path = request.url.split('?')[0];
      const resolved = resolvedPath(request.url);
      if (resolved !== path) return reply.redirect(`${resolved}${request.url.slice(path?.length ?? 0)}`, 301);
      return app.pageCache.serve(request, reply, cacheKey(request.url), (canonicalUrl) =>
        render(request, reply, canonicalUrl),
      );
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
        if (formOrigin(request, app.config.publicUrl).kind === 'cross-site') {
          return refuseCrossSiteForm(reply, (await companyForPages(app.database.db)).name);
        }
        // Never cached (nor served from the cache): an answer to this visitor's form.
        const page = await render(request, reply, null);
        reply.status(page.status);
        for (const [name, value] of page.headers) reply.header(name, value);
        return reply.send(page.body.length > 0 ? page.body : undefined);
      },
    });
  });
});
