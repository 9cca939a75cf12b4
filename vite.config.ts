import { createRequire } from 'node:module';
import path from 'node:path';
import { constants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { iconSprite } from './scripts/icon-sprite';

/**
 * React Router's package exports point every build at its `dist/development` files (remix-run/react-router
 * #12532, #14102), whose only difference is `ENABLE_DEV_WARNINGS = true`: dev-only warnings shipped to every
 * visitor. The browser bundle takes the `dist/production` twins instead; the server keeps the package's own.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
  const entries: Record<string, string> = {
    'react-router': path.join(dist, 'production/index.mjs'),
    'react-router/dom': path.join(dist, 'production/dom-export.mjs'),
  };
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return this.environment.name === 'client' ? entries[id] : undefined;
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    iconSprite(),
    tailwindcss(),
    reactRouter(),
    // Hashed assets compressed once, at build, as hard as brotli and gzip go; the server sends these files
    // (fastify-static preCompressed) instead of compressing each download again (issue 15).
    // (It runs for the server bundle too, whose three .br/.gz files nobody reads: the plugin cannot be
    // limited to one environment.)
    compression({
      include: /^assets\/.+\.(js|css|svg)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: { assetsInlineLimit: 0 },
});
