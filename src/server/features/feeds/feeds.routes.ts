import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors';
import type { PageTag } from '../../pages/page-tags';
import { blogRss, robotsTxt } from './feeds.service';
import { parseSitemapChild, sitemapChildXml, sitemapIndexXml } from './sitemap.service';

// compress: false: the page cache compresses what it serves (once per kept file, lightly otherwise).
const config = { access: 'public', compress: false } as const;
const schema = { hide: true };
const XML = 'application/xml; charset=utf-8';
/** A sitemap child holds up to 50,000 addresses: several MB, more than a page may weigh in the cache. */
const SITEMAP_MAX_BYTES = 16 * 1024 * 1024;

/**
 * /robots.txt, the sitemap (/sitemap.xml, an index, and its children /sitemap-*.xml) and /blog/rss.xml:
 * public, outside /api, registered before the page handler. Every address comes from PUBLIC_URL, never
 * from the request's Host header. The sitemap and the feed are kept by the page cache like the pages
 * (ADR 0035): tagged with what they list, purged by the same writes, rendered once per purge.
 */
export async function feedsRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;
  const publicUrl = app.config.publicUrl;

  /**
   * Builds under way by address: requests that come while a file is being built wait for that build,
   * cache on or off (the page cache only joins requests to a render it will keep). A sitemap child of
   * 50,000 addresses takes most of a second: ten clients must not make ten.
   */
  const building = new Map<string, Promise<string | undefined>>();
  function buildOnce(key: string, build: () => Promise<string | undefined>) {
    let promise = building.get(key);
    if (!promise) {
      promise = build().finally(() => building.delete(key));
      building.set(key, promise);
    }
    return promise;
  }

  /** Through the page cache: `key` is the address without its query, which no file here reads. */
  function cached(
    request: FastifyRequest,
    reply: FastifyReply,
    file: { key: string; type: string; tags: PageTag[]; maxBytes?: number },
    build: () => Promise<string | undefined>,
  ) {
    return app.pageCache.serve(request, reply, file.key, async () => {
      const text = await buildOnce(file.key, build);
      if (text === undefined) throw notFound();
      return {
        status: 200,
        headers: [['content-type', file.type]],
        body: Buffer.from(text, 'utf8'),
        tags: new Set(file.tags),
        complete: true,
        ...(file.maxBytes ? { maxBytes: file.maxBytes } : {}),
      };
    });
  }

  app.get('/robots.txt', { config, schema }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { config, schema }, async (request, reply) =>
    cached(request, reply, { key: '/sitemap.xml', type: XML, tags: ['posts', 'projects'] }, () =>
      sitemapIndexXml(db(), publicUrl),
    ),
  );

  app.get<{ Params: { child: string } }>('/sitemap-:child.xml', { config, schema }, async (request, reply) => {
    const child = parseSitemapChild(request.params.child);
    if (!child) throw notFound();
    const tags: PageTag[] = child.kind === 'pages' ? ['posts', 'projects'] : [child.section];
    const key = `/sitemap-${request.params.child}.xml`;
    return cached(request, reply, { key, type: XML, tags, maxBytes: SITEMAP_MAX_BYTES }, () =>
      sitemapChildXml(db(), publicUrl, child),
    );
  });

  app.get('/blog/rss.xml', { config, schema }, async (request, reply) =>
    cached(
      request,
      reply,
      { key: '/blog/rss.xml', type: 'application/rss+xml; charset=utf-8', tags: ['posts', 'company'] },
      () => blogRss(db(), publicUrl),
    ),
  );
}
