import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope, ok } from '../../../shared/contracts/common';
import { permissionsByRole } from '../../../shared/contracts/auth';
import {
  portfolioCategoriesDataSchema,
  portfolioCategoryParamsSchema,
  portfolioLimitQuerySchema,
  portfolioListDataSchema,
  portfolioListQuerySchema,
  portfolioProjectParamsSchema,
  portfolioSearchRequestSchema,
  portfolioStatsDataSchema,
  projectDetailDataSchema,
  projectLikeDataSchema,
  projectListDataSchema,
} from '../../../shared/contracts/portfolio';
import {
  PORTFOLIO_CATEGORY_COUNT,
  PORTFOLIO_FEATURED_COUNT,
  PORTFOLIO_MAX_PAGE_SIZE,
  PORTFOLIO_MAX_RELATED,
  PORTFOLIO_MAX_SHORT_LIST,
  PORTFOLIO_RECENT_COUNT,
  PORTFOLIO_RELATED_COUNT,
} from '../../../shared/contracts/portfolio.values';
import { optionalUser } from '../../http/auth';
import { NO_PAGES } from '../../pages/page-purges';
import { projectTag } from '../../pages/page-tags';
import {
  getProject,
  getStats,
  likeProject,
  listCategories,
  listFeaturedProjects,
  listProjects,
  listProjectsOfCategory,
  listRecentProjects,
  listRelated,
  searchProjects,
  visitorKey,
  type Viewer,
} from './portfolio.service';

const tags = ['portfolio'];
const config = { access: 'public' } as const;
/** Per client address (request.ip honours only trusted proxies). */
export const PROJECT_LIKE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
export const PROJECT_SEARCH_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

/** Staff (any signed-in role that may read) see unpublished projects; a presented token that is not good is a 401. */
async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  if (!request.headers.authorization) return { staff: false };
  const user = await optionalUser(request);
  return { staff: user !== null && permissionsByRole[user.role].includes('read') };
}

/** Public reads may be cached briefly by browsers and proxies. */
function publicCache(reply: FastifyReply): void {
  reply.header('cache-control', PUBLIC_CACHE);
}

/** Answers that depend on who asks: shared caches key them by the token, and staff answers are never stored. */
function cacheFor(reply: FastifyReply, viewer: Viewer): void {
  reply.header('vary', 'Authorization');
  reply.header('cache-control', viewer.staff ? 'private, no-store' : PUBLIC_CACHE);
}

/** /api/portfolio: the public portfolio (published projects only; staff with a token also see the rest). */
export async function portfolioPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  // The auth plugin already refuses to start without it; the like key is keyed by the same secret.
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('JWT secret missing: the project like key needs it');

  r.get(
    '/portfolio/projects',
    {
      config,
      schema: {
        tags,
        summary: 'Published projects, filtered, sorted and paged (staff: also unpublished ones)',
        querystring: portfolioListQuerySchema,
        response: { 200: successEnvelope(portfolioListDataSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const data = await listProjects(db(), request.query, viewer);
      cacheFor(reply, viewer);
      return ok(data);
    },
  );

  const featuredQuery = portfolioLimitQuerySchema(PORTFOLIO_FEATURED_COUNT, PORTFOLIO_MAX_SHORT_LIST);
  for (const url of ['/portfolio/featured', '/portfolio/projects/featured']) {
    r.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'Featured published projects in the staff order (landing page: 6)',
          querystring: featuredQuery,
          response: { 200: successEnvelope(projectListDataSchema) },
        },
      },
      async (request, reply) => {
        const projects = await listFeaturedProjects(db(), request.query.limit);
        publicCache(reply);
        return ok({ projects });
      },
    );
  }

  const recentQuery = portfolioLimitQuerySchema(PORTFOLIO_RECENT_COUNT, PORTFOLIO_MAX_SHORT_LIST);
  for (const url of ['/portfolio/recent', '/portfolio/projects/recent']) {
    r.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'The newest published projects',
          querystring: recentQuery,
          response: { 200: successEnvelope(projectListDataSchema) },
        },
      },
      async (request, reply) => {
        const projects = await listRecentProjects(db(), request.query.limit);
        publicCache(reply);
        return ok({ projects });
      },
    );
  }

  const relatedQuery = portfolioLimitQuerySchema(PORTFOLIO_RELATED_COUNT, PORTFOLIO_MAX_RELATED);
  for (const url of ['/portfolio/related/:slugOrId', '/portfolio/projects/related/:slugOrId']) {
    r.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'Published projects of the same industry or with shared technologies, most alike first',
          params: portfolioProjectParamsSchema,
          querystring: relatedQuery,
          response: { 200: successEnvelope(projectListDataSchema) },
        },
      },
      async (request, reply) => {
        const viewer = await viewerOf(request);
        const projects = await listRelated(db(), request.params.slugOrId, request.query.limit, viewer);
        cacheFor(reply, viewer);
        return ok({ projects });
      },
    );
  }

  r.get(
    '/portfolio/projects/:slugOrId',
    {
      config,
      schema: {
        tags,
        summary: 'One published project by slug or id, with up to 4 related projects (staff: any project)',
        params: portfolioProjectParamsSchema,
        response: { 200: successEnvelope(projectDetailDataSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const data = await getProject(db(), request.params.slugOrId, viewer);
      cacheFor(reply, viewer);
      return ok(data);
    },
  );

  r.get(
    '/portfolio/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Industries, categories and technologies of the public filter, with published project counts',
        response: { 200: successEnvelope(portfolioCategoriesDataSchema) },
      },
    },
    async (_request, reply) => {
      const data = await listCategories(db());
      publicCache(reply);
      return ok(data);
    },
  );

  r.get(
    '/portfolio/category/:category',
    {
      config,
      schema: {
        tags,
        summary: 'Published projects of a category or industry (by name or slug), newest first',
        params: portfolioCategoryParamsSchema,
        querystring: portfolioLimitQuerySchema(PORTFOLIO_CATEGORY_COUNT, PORTFOLIO_MAX_PAGE_SIZE),
        response: { 200: successEnvelope(projectListDataSchema) },
      },
    },
    async (request, reply) => {
      const projects = await listProjectsOfCategory(db(), request.params.category, request.query.limit);
      publicCache(reply);
      return ok({ projects });
    },
  );

  r.get(
    '/portfolio/stats',
    {
      config,
      schema: {
        tags,
        summary: 'Portfolio figures: published projects for visitors, every project for staff',
        response: { 200: successEnvelope(portfolioStatsDataSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const data = await getStats(db(), viewer);
      cacheFor(reply, viewer);
      return ok(data);
    },
  );

  r.post(
    '/portfolio/projects/:slugOrId/like',
    {
      // That project, on this instance only: the others show the count refreshed within the TTL.
      config: {
        access: 'public',
        rateLimit: PROJECT_LIKE_RATE_LIMIT,
        purges: (params) => [projectTag(params.slugOrId!)],
        purgeLocal: true,
      },
      schema: {
        tags,
        summary: 'Like a published project; one like per visitor, repeats are not counted',
        params: portfolioProjectParamsSchema,
        response: { 200: successEnvelope(projectLikeDataSchema) },
      },
    },
    async (request) => {
      const visitor = visitorKey(request.ip, request.headers['user-agent'], secret);
      const data = await likeProject(db(), request.params.slugOrId, visitor);
      return ok(data);
    },
  );

  r.post(
    '/portfolio/projects/search',
    {
      // A search sent by POST changes nothing.
      config: { access: 'public', rateLimit: PROJECT_SEARCH_RATE_LIMIT, purges: NO_PAGES },
      schema: {
        tags,
        summary:
          'Search projects (title, descriptions, client, industry, category, technologies) with the list filters',
        body: portfolioSearchRequestSchema,
        response: { 200: successEnvelope(portfolioListDataSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const data = await searchProjects(db(), request.body, viewer);
      reply.header('cache-control', 'no-store');
      return ok(data);
    },
  );
}
