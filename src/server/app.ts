import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, ErrorMessage, type ApiErrorBody } from '../shared/errors';
import type { Config } from './config';
import { createDatabase, type Database } from './db/database';
import { backupsRoutes } from './features/backups/backups.routes';
import { blogAdminRoutes } from './features/blog/blog-admin.routes';
import { blogCommentRoutes } from './features/blog/blog-comments.routes';
import { BLOG_IFRAME_ALLOW_LIST } from './features/blog/blog-html';
import { blogPublicRoutes } from './features/blog/blog.routes';
import { certificatesRoutes } from './features/certificates/certificates.routes';
import { certificateVerifyLimitPlugin } from './features/certificates/verify-limit';
import { companyRoutes } from './features/company/company.routes';
import { getCompanyProfile } from './features/company/company.service';
import { siteContentAdminRoutes } from './features/site-content/content-admin.routes';
import { siteContentPublicRoutes } from './features/site-content/site-content.routes';
import { contactLimitPlugin } from './features/contacts/contact-limit';
import { contactFollowUpRoutes } from './features/contacts/contact-follow-ups.routes';
import { contactReplyRoutes } from './features/contacts/contact-replies.routes';
import { contactsRoutes } from './features/contacts/contacts.routes';
import { contactMails } from './features/contacts/contact-mails';
import { feedsRoutes } from './features/feeds/feeds.routes';
import { healthRoutes } from './features/health/health.routes';
import { redirectsPlugin } from './pages/redirects';
import { redirectsRoutes } from './features/redirects/redirects.routes';
import { portfolioAdminRoutes } from './features/portfolio/portfolio-admin.routes';
import { portfolioRevisionRoutes } from './features/portfolio/portfolio-revisions.routes';
import { blogRevisionRoutes } from './features/blog/blog-revisions.routes';
import { siteContentRevisionRoutes } from './features/site-content/content-revisions.routes';
import { autosavesRoutes } from './features/autosaves/autosaves.routes';
import { portfolioPublicRoutes } from './features/portfolio/portfolio.routes';
import { projectImages } from './features/portfolio/project-images.service';
import { newsletterRoutes } from './features/newsletter/newsletter.routes';
import { newsletterPageRoutes } from './features/newsletter/newsletter-pages.routes';
import { activityRoutes } from './features/analytics/activity.routes';
import { analyticsAdminRoutes } from './features/analytics/analytics-admin.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { appSettingsRoutes } from './features/users/app-settings.routes';
import { authRoutes } from './features/users/auth.routes';
import { setPasswordHashing } from './features/users/password';
import { findUserWithOpenSession } from './features/users/users.repository';
import { portfolioUploadRoutes } from './features/uploads/portfolio-upload.routes';
import { demoImageRoutes } from './features/uploads/demo-images.routes';
import { uploadRoutes } from './features/uploads/uploads.routes';
import { passkeyRoutes } from './features/users/passkeys.routes';
import { twoFactorRoutes } from './features/users/two-factor.routes';
import { usersRoutes } from './features/users/users.routes';
import { activityLogPlugin } from './http/activity-log';
import { authPlugin } from './http/auth';
import { proxySanityPlugin } from './http/proxy-sanity';
import { schedulerPlugin } from './jobs/scheduler';
import { isPagePath } from './pages/page-path';
import { systemSettingsPlugin } from './http/system-settings';
import { STANDALONE_PAGE_CSP, standalonePage } from './pages/standalone-page';
import { systemRoutes } from './features/system/system.routes';
import { clientErrorHandler } from './http/client-errors';
import { errorHandlerPlugin } from './http/error-handler';
import { gracefulShutdownPlugin } from './http/graceful-shutdown';
import { setupCheckPlugin } from './pages/setup-check';
import { setupPagePlugin } from './pages/setup-page';
import { instanceBusPlugin } from './instances/instance-bus';
import { textInputPlugin } from './http/text-input';
import { mailerPlugin } from './jobs/mailer';
import { pageCachePlugin } from './pages/page-cache';
import { rateLimitOptions } from './http/rate-limit-store';
import { securityHeadersPlugin } from './http/security-headers';
import { redisPlugin } from './instances/redis';
import { requestLogPlugin } from './http/request-log';
import { staffAlertsPlugin } from './features/notifications/staff-alerts-plugin';
import { uploadsPlugin } from './http/uploads';
import { ASSETS_PREFIX, webPlugin, type WebMode } from './pages/web';
import { loggerOptions, type LogStream } from './process-log';
import { siteFigures } from './site-figures';
import { uploadReferenceRemovers, uploadReferences } from './upload-references';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening DATABASE_URL (tests pass their own). Not closed by the app. */
  database?: Database;
  /** 'build' serves the production build, 'dev' runs Vite in middleware mode, false serves no pages. */
  web?: WebMode;
  /** Logger override: false silences it (tests); a stream receives the JSON log lines (tests that read them). */
  logger?: boolean | LogStream;
  /** The process's logger (server.ts), which was there before the app; its level is the app's. */
  loggerInstance?: FastifyBaseLogger;
}

/** A browser's navigation: it lists text/html among what it takes (fetch and API clients do not). */
const acceptsHtml = (accept: string | undefined): boolean => accept?.includes('text/html') ?? false;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  setPasswordHashing(config.passwordHashing);
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger:
            options.logger !== false &&
            loggerOptions(config.logLevel, typeof options.logger === 'object' ? options.logger : undefined),
        }),
    genReqId: () => randomUUID(),
    // One log line per request (http/request-log.ts) rather than Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'reqId', disableRequestLogging: true }),
    // A hop count trusts that many proxies in front of us; addresses/CIDRs trust exactly those.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Our own onRequest hook answers 503 while shutting down, in the error envelope (graceful-shutdown.ts).
    return503OnClosing: false,
    clientErrorHandler,
    // A URL that cannot be decoded (e.g. /%E0%A4%A) gets the same envelope as every other error; a browser
    // asking for a page there (a mistyped or cut link) gets a page that says so, with a way home.
    frameworkErrors: (error, request, reply) => {
      if (
        error.code === 'FST_ERR_BAD_URL' &&
        isPagePath(request.raw.url ?? '/') &&
        acceptsHtml(request.headers.accept)
      ) {
        void badAddressPage().then((html) =>
          (reply as FastifyReply)
            .status(400)
            .header('content-security-policy', STANDALONE_PAGE_CSP)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(html),
        );
        return;
      }
      const body: ApiErrorBody =
        error.code === 'FST_ERR_BAD_URL'
          ? { success: false, code: ErrorCode.BAD_REQUEST, message: ErrorMessage.BAD_URL }
          : { success: false, code: ErrorCode.BAD_REQUEST, message: error.message };
      void (reply as FastifyReply).status(400).send(body);
    },
  });

  /** The page for an address that cannot be read, under the company's name when it can be read. */
  async function badAddressPage(): Promise<string> {
    const brand = await getCompanyProfile(database.db).then(
      (company) => company.name,
      () => 'This site',
    );
    return standalonePage({
      brand,
      title: ErrorMessage.BAD_URL_TITLE,
      text: ErrorMessage.BAD_URL_PAGE_TEXT,
      extraHtml: '<p><a href="/">Go Home</a></p>',
    });
  }

  const ownsDatabase = !options.database;
  const database = options.database ?? createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });

  // First: a request id for every request and one log line per answered request.
  await app.register(requestLogPlugin);
  await app.register(gracefulShutdownPlugin);
  // Warns once when forwarding headers arrive while TRUST_PROXY=false ignores them.
  await app.register(proxySanityPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  // Text no database can store is refused or cleaned here, before any route's schema or service sees it.
  await app.register(textInputPlugin);
  // Before any route: the guard refuses to register an /api route that declares no access level.
  await app.register(authPlugin, {
    loadUser: (db, userId, sessionId) => findUserWithOpenSession(db, userId, sessionId, new Date().toISOString()),
  });
  // Redis when REDIS_URL names one, then the bus that tells the other instances of a purge or a settings
  // change (Redis pub/sub, else PostgreSQL LISTEN/NOTIFY, else none: the poll alone), ADR 0030.
  await app.register(redisPlugin);
  await app.register(instanceBusPlugin);
  // Limits are per route (config.rateLimit), keyed by request.ip; exceeding one answers 429 RATE_LIMITED.
  // Counted in Redis for every instance when REDIS_URL is set, else in memory (rate-limit-store.ts).
  await app.register(rateLimit, rateLimitOptions(app));
  // The quote form's one count per client, shared by POST /api/contacts and the page form (POST /).
  await app.register(contactLimitPlugin);
  // Certificate lookups' one count per client, shared by the verify API and the verification page.
  await app.register(certificateVerifyLimitPlugin);
  // The contacts a mail is about are the contacts feature's rows: it locks them and sets their mail errors.
  await app.register(mailerPlugin, { contacts: contactMails });
  // What the site still lacks for production: the Overview's setup check and /api/ready's `setup`.
  await app.register(setupCheckPlugin);
  // Analytics roll-ups and the weekly report; later backups and sweeps (one lease per job in the database).
  await app.register(schedulerPlugin);
  // Before the staff alerts, which record visitors' contact requests and comments through it.
  await app.register(activityLogPlugin);
  await app.register(staffAlertsPlugin);

  // Permissions-Policy on every answer and no-store on the auth answers; before the page cache, whose hits
  // are answered from its own hook.
  await app.register(securityHeadersPlugin);
  // Old addresses answered with a 301 from memory, before the page cache's early answer (ADR 0039).
  await app.register(redirectsPlugin);
  // Pages for anonymous visitors from memory; every API write purges what it changes (ADR 0020). Before
  // helmet: a hit is answered with the headers kept with the page, without helmet building them again.
  await app.register(pageCachePlugin);
  // Built files (/assets: hashed scripts, styles, fonts, the icon sprite) are not documents: no page policy,
  // frame or referrer rules, only what a file needs, set where they are served (pages/web.ts). Before
  // helmet, whose own onRoute hook reads the route's `helmet` option.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ASSETS_PREFIX)) route.helmet = false;
  });
  const dev = options.web === 'dev';
  await app.register(helmet, {
    // No nonces: a page's inline scripts are allowed by their hashes, computed from the finished page so
    // that a cached page keeps a policy matching it (pages/page-csp.ts, ADR 0020).
    // Vite's dev server injects inline scripts and styles for hot reload; production allows none.
    contentSecurityPolicy: dev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            // Pages add their inline scripts' hashes, and Google's tag host when staff set an Analytics ID.
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            styleSrcAttr: ["'unsafe-inline'"],
            // blob: for the local preview of an image chosen for upload (admin image picker).
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            mediaSrc: ["'self'", 'https:'],
            // Where Google's tag sends page views, when staff set an Analytics ID (Content › SEO).
            connectSrc: [
              "'self'",
              'https://www.googletagmanager.com',
              'https://*.google-analytics.com',
              'https://*.analytics.google.com',
            ],
            fontSrc: ["'self'", 'data:'],
            // Only the video players a post may embed (the sanitiser keeps no other iframe).
            frameSrc: BLOG_IFRAME_ALLOW_LIST.map((entry) => `https://${entry.host}`),
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // Full referrers within the site (analytics), only the origin to other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // After helmet (the maintenance page adds its style's hash to the policy): maintenance, debug mode, the cache switch.
  await app.register(systemSettingsPlugin);
  // After the maintenance page: a site with no company profile yet shows "being set up" to visitors.
  await app.register(setupPagePlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(swagger, {
    openapi: { info: { title: 'Website API', version: '1.0.0' }, servers: [] },
    transform: jsonSchemaTransform,
  });
  // The OpenAPI document is built either way (app.swagger()); its pages only where config.apiDocs says
  // (off in production unless API_DOCS=true, ADR 0034): elsewhere /api/docs is the API's JSON 404.
  if (config.apiDocs) {
    await app.register(async (docs) => {
      // The API documentation is public: its routes come from the plugin, so they are declared here.
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      // Swagger UI sets inline styles from its own script; the docs show no user content, so allow them here.
      docs.addHook('onSend', async (_request, reply, payload) => {
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string') {
          reply.header('content-security-policy', csp.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"));
        }
        return payload;
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    });
  }

  // Before the API: its upload routes use the storage this plugin provides.
  await app.register(uploadsPlugin);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(companyRoutes);
      await api.register(siteContentPublicRoutes);
      await api.register(siteContentAdminRoutes);
      await api.register(blogPublicRoutes);
      await api.register(blogAdminRoutes);
      await api.register(blogCommentRoutes);
      await api.register(portfolioPublicRoutes);
      await api.register(portfolioAdminRoutes);
      await api.register(newsletterRoutes, { prefix: '/newsletter' });
      await api.register(analyticsRoutes, { prefix: '/analytics' });
      await api.register(analyticsAdminRoutes, { prefix: '/analytics', figures: siteFigures });
      await api.register(activityRoutes, { prefix: '/analytics' });
      await api.register(contactsRoutes, { prefix: '/contacts' });
      await api.register(contactReplyRoutes, { prefix: '/contacts' });
      await api.register(contactFollowUpRoutes, { prefix: '/contacts' });
      await api.register(certificatesRoutes, { prefix: '/certificates' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(systemRoutes, { prefix: '/system' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(usersRoutes, { prefix: '/auth' });
      await api.register(twoFactorRoutes, { prefix: '/auth' });
      await api.register(passkeyRoutes, { prefix: '/auth' });
      await api.register(appSettingsRoutes, { prefix: '/auth' });
      // The media library finds where an upload is used in the other features' tables, each read by its owner.
      await api.register(demoImageRoutes, { prefix: '/uploads', references: uploadReferences });
      await api.register(uploadRoutes, {
        prefix: '/uploads',
        references: uploadReferences,
        forgetReferences: uploadReferenceRemovers,
      });
      await api.register(portfolioUploadRoutes, {
        prefix: '/portfolio/upload',
        projects: projectImages,
        forgetReferences: uploadReferenceRemovers,
      });
      await api.register(backupsRoutes, { prefix: '/backups' });
      await api.register(redirectsRoutes, { prefix: '/redirects' });
      await api.register(blogRevisionRoutes);
      await api.register(portfolioRevisionRoutes);
      await api.register(siteContentRevisionRoutes);
      await api.register(autosavesRoutes, { prefix: '/autosaves' });
      // Unknown API paths are JSON 404s, never the HTML page handler.
      api.all('/*', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) =>
        reply.callNotFound(),
      );
    },
    { prefix: '/api' },
  );

  // robots.txt, sitemap.xml, blog RSS: before the page handler's catch-all.
  await app.register(feedsRoutes);
  // The newsletter's confirm and unsubscribe pages, which its mails link to (ADR 0046).
  await app.register(newsletterPageRoutes);
  if (options.web) await app.register(webPlugin, { mode: options.web });

  return app;
}
