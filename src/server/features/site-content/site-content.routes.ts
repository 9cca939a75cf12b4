import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  internshipCardSchema,
  pricingPackageCardSchema,
  serviceCardSchema,
  serviceListQuerySchema,
  teamMemberCardSchema,
  techStackGroupSchema,
  testimonialCardSchema,
} from '../../../shared/contracts/site-content';
import { z } from '../../../shared/zod';
import {
  readInternships,
  readPackages,
  readServices,
  readTeam,
  readTechStack,
  readTestimonials,
} from './site-content.service';
import { ok, successEnvelope } from '../../../shared/contracts/common';

const tags = ['site content'];
/** Public content that staff change now and then: a minute fresh, then served stale while revalidated. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';
const listOf = <T extends z.ZodType>(item: T) => ({ 200: successEnvelope(z.array(item)) });

/**
 * The landing page's content as the public API serves it: visible items in
 * their order. The page itself reads the same service through the load context.
 */
export async function siteContentPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const config = { access: 'public' as const };

  r.get(
    '/services',
    {
      config,
      schema: {
        tags,
        summary: 'The service cards',
        querystring: serviceListQuerySchema,
        response: listOf(serviceCardSchema),
      },
    },
    async (request, reply) => {
      const { featured } = request.query;
      const data = await readServices(db(), false, featured === undefined ? undefined : featured === 'true');
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(data);
    },
  );

  const lists = [
    ['/team', 'The team members', teamMemberCardSchema, readTeam],
    ['/testimonials', 'The client testimonials', testimonialCardSchema, readTestimonials],
    ['/packages', 'The pricing packages', pricingPackageCardSchema, readPackages],
    ['/internships', 'The internship programs', internshipCardSchema, readInternships],
    ['/tech-stack', 'The technology stack, by column', techStackGroupSchema, readTechStack],
  ] as const;
  for (const [url, summary, schema, read] of lists) {
    r.get(url, { config, schema: { tags, summary, response: listOf(schema) } }, async (_request, reply) => {
      const data = await read(db());
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(data);
    });
  }
}
