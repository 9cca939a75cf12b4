import { constants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
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
