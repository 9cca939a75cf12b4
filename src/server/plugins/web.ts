import path from 'node:path';
import { pathToFileURL } from 'node:url';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { WebLoadContext } from '../../shared/load-context';
import { getCompanyProfile } from '../features/company/company.service';

export type WebMode = 'build' | 'dev' | false;

const IMMUTABLE = 'public, max-age=31536000, immutable';

function loadContextFor(app: FastifyInstance, reply: FastifyReply): AppLoadContext {
  const nonces = (reply as FastifyReply & { cspNonce?: { script: string } | null }).cspNonce;
  const context: WebLoadContext = {
    cspNonce: nonces?.script,
    publicUrl: app.config.publicUrl,
    getCompanyProfile: () => getCompanyProfile(app.database.db),
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
  return new Request(url, { method: request.method, headers, signal: controller.signal });
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

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const response = await handle(toWebRequest(app, request, reply), loadContextFor(app, reply));
      // Copy status and headers ourselves: onSend hooks (compression) replace a Response payload
      // before Fastify would read them from it.
      reply.status(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      return reply.send(response.body);
    },
  });
});
