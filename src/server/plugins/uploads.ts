import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves uploaded files from UPLOAD_DIR under /uploads/ (files/{name}, thumbnails/{size}/{name}).
 * Stored names are generated, so a file never changes under its name: cache it for a long time.
 * Served files can never act as a page: a sandboxing CSP and nosniff apply to every response.
 */
export const uploadsPlugin = fp(async (app) => {
  mkdirSync(app.config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    serveDotFiles: false,
    // Our own cache-control below; the plugin's default would overwrite it.
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('cross-origin-resource-policy', 'same-site');
    },
  });
});
