import type { FastifyInstance, FastifyReply } from 'fastify';
import { blogRss, robotsTxt, sitemapXml } from './feeds.service';

const config = { access: 'public' } as const;
const schema = { hide: true };

/** Crawlers and feed readers may keep these for a few minutes. */
function send(reply: FastifyReply, type: string, body: string) {
  return reply.type(type).header('cache-control', 'public, max-age=300').send(body);
}

/**
 * /robots.txt, /sitemap.xml and /blog/rss.xml: public, outside /api, registered before the page handler.
 * Every address comes from PUBLIC_URL, never from the request's Host header.
 */
export async function feedsRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;
  const publicUrl = app.config.publicUrl;

  app.get('/robots.txt', { config, schema }, async (_request, reply) =>
    send(reply, 'text/plain; charset=utf-8', robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { config, schema }, async (_request, reply) =>
    send(reply, 'application/xml; charset=utf-8', await sitemapXml(db(), publicUrl)),
  );

  app.get('/blog/rss.xml', { config, schema }, async (_request, reply) =>
    send(reply, 'application/rss+xml; charset=utf-8', await blogRss(db(), publicUrl)),
  );
}
