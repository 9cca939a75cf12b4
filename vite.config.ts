import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import packageJson from './package.json' with { type: 'json' };
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

/** React, React DOM and React Router: on every page, and changed by upgrades only. */
const FRAMEWORK_MODULE = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;
/** The browser entry and the root route: what every page loads, admin included. */
const ALWAYS_LOADED_ENTRY = /\/src\/web\/(entry\.client|root)\.tsx(\?|$)/;
/** A public page's route module (its route chunks included). */
const PUBLIC_ROUTE = /\/src\/web\/routes\/[^/]+\.tsx(\?|$)/;

/**
 * The modules every page loads go into two chunks instead of some twenty files of a few hundred bytes each
 * (issue 15): `framework` (React, React DOM, React Router) and `site` (everything the browser entry and the
 * root route import statically, which every page loads anyway, so no page gets code it would not have had;
 * Rollup also moves a manual chunk's unassigned dependencies into it, and these have none outside).
 * A third chunk, `pages`, holds the modules that two public pages or more import statically (cards, badges,
 * the like buttons' store, small value modules): an article loaded 17 files before its first paint, 11 now,
 * and Lighthouse's simulated slow 4G pays a round trip for each (ADR 0026). A page may get a few KB it does
 * not use. Modules only one page imports, the admin's, and those loaded lazily (the parts hydrated when
 * visible, ADR 0024) keep Rollup's own splitting.
 */
function alwaysLoadedChunks(): Plugin {
  let chunkOf: ((id: string) => string | undefined) | undefined;
  const manualChunks: Rollup.GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
    if (FRAMEWORK_MODULE.test(id)) return 'framework';
    if (!chunkOf) {
      const entries = (pattern: RegExp) =>
        [...getModuleIds()].filter((m) => pattern.test(m) && getModuleInfo(m)?.isEntry);
      /** What `from` imports statically, directly or not, short of `framework` and the modules in `past`. */
      const staticImports = (from: string[], past: ReadonlySet<string>) => {
        const found = new Set<string>();
        const queue = from.flatMap((m) => getModuleInfo(m)?.importedIds ?? []);
        for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
          // The framework's own imports (React Router's cookie parsers) go with it, or the chunks would import each other.
          if (found.has(next) || past.has(next) || FRAMEWORK_MODULE.test(next)) continue;
          found.add(next);
          queue.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
        return found;
      };
      const alwaysLoaded = staticImports(entries(ALWAYS_LOADED_ENTRY), new Set());
      // Each public page counted once, its route module and route chunks together.
      const routesByPage = new Map<string, string[]>();
      for (const route of entries(PUBLIC_ROUTE)) {
        const page = route.replace(/\?.*$/, '');
        routesByPage.set(page, [...(routesByPage.get(page) ?? []), route]);
      }
      const pagesUsing = new Map<string, number>();
      for (const routes of routesByPage.values()) {
        for (const m of staticImports(routes, alwaysLoaded)) pagesUsing.set(m, (pagesUsing.get(m) ?? 0) + 1);
      }
      chunkOf = (m) => {
        if (/\.css(\?|$)/.test(m) || getModuleInfo(m)?.isEntry) return undefined;
        if (alwaysLoaded.has(m)) return 'site';
        return (pagesUsing.get(m) ?? 0) >= 2 ? 'pages' : undefined;
      };
    }
    return chunkOf(id);
  };
  return {
    name: 'always-loaded-chunks',
    apply: 'build',
    configEnvironment(name) {
      return name === 'client' ? { build: { rollupOptions: { output: { manualChunks } } } } : undefined;
    },
  };
}

/** Packages that only the admin's lazily loaded parts use: the post editor (TipTap) and the views chart. */
const BROWSER_ONLY_PACKAGE = /^(@tiptap\/[^/]+|recharts)(\/.*)?$/;
const BROWSER_ONLY_PREFIX = '\0browser-only:';

/**
 * The admin renders in the browser only (routes/admin/layout.tsx), so the server build never runs the editor
 * or the chart: it gets a stand-in for their packages, which then stay out of a production install
 * (devDependencies). Calling anything of a stand-in throws, naming the package.
 */
function browserOnlyPackages(): Plugin {
  return {
    name: 'browser-only-packages',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    resolveId(id) {
      return BROWSER_ONLY_PACKAGE.test(id) ? `${BROWSER_ONLY_PREFIX}${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(BROWSER_ONLY_PREFIX)) return undefined;
      const message = `${id.slice(BROWSER_ONLY_PREFIX.length)} is browser-only: the server build has a stand-in`;
      return {
        // Any named import is a property of the default export (Rollup's syntheticNamedExports).
        code: `const unavailable = () => { throw new Error(${JSON.stringify(message)}); };
export default new Proxy(unavailable, { get: () => unavailable });`,
        syntheticNamedExports: true,
      };
    },
  };
}

/** Brotli at its highest quality and gzip -9, as the compression plugin makes the other assets. */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 11 };
const GZIP_LEVEL = 9;

/**
 * React Router writes the route manifest (`assets/manifest-<version>.js`, every page loads it) while the
 * server bundle is built, after the compression plugin has done the browser's files: it gets its .br and
 * .gz here, so that the server sends it precompressed like the rest of /assets.
 */
function precompressRouteManifest(): Plugin {
  return {
    name: 'precompress-route-manifest',
    apply: 'build',
    async closeBundle() {
      if (this.environment.name !== 'ssr') return;
      const assets = path.resolve(this.environment.config.root, 'build/client/assets');
      for (const name of await readdir(assets)) {
        if (!/^manifest-[\w-]+\.js$/.test(name)) continue;
        const file = path.join(assets, name);
        const code = await readFile(file);
        await writeFile(`${file}.br`, brotliCompressSync(code, { params: BROTLI_PARAMS }));
        await writeFile(`${file}.gz`, gzipSync(code, { level: GZIP_LEVEL }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    browserOnlyPackages(),
    alwaysLoadedChunks(),
    iconSprite(),
    tailwindcss(),
    reactRouter(),
    precompressRouteManifest(),
    // Hashed assets compressed once, at build, as hard as brotli and gzip go; the server sends these files
    // (fastify-static preCompressed) instead of compressing each download again (issue 15).
    // (It runs for the server bundle too, whose three .br/.gz files nobody reads: the plugin cannot be
    // limited to one environment.)
    compression({
      include: /^assets\/.+\.(js|css|svg)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: BROTLI_PARAMS }),
        defineAlgorithm('gzip', { level: GZIP_LEVEL }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: { assetsInlineLimit: 0 },
  // The server's page build bundles every package but those production installs (package.json
  // `dependencies`, loaded from node_modules at run time), as scripts/bundle-server.mjs does (ADR 0031).
  ssr: { noExternal: true, external: Object.keys(packageJson.dependencies) },
  environments: {
    // Terser's second compress pass and top-level mangling in ES modules take ~3 % off what every visitor
    // downloads (gzip) against esbuild's minifier (issue 15); the server bundle stays unminified.
    client: { build: { minify: 'terser', terserOptions: { module: true, compress: { passes: 2 } } } },
  },
});
