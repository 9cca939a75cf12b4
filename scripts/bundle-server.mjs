/*
 * Bundles the server (dist/server.js) and the command line (dist/cli.js) with esbuild, run by `npm run build`
 * after React Router's build. The rule (ADR 0031): what package.json lists under `dependencies` is loaded from
 * node_modules at run time (native addons, packages that read their own files, and React with React Router,
 * which the page build shares); every other package is bundled here, so a production install
 * (`npm prune --omit=dev`) holds only the former. vite.config.ts applies the same rule to the page build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';
import packageJson from '../package.json' with { type: 'json' };

const result = await build({
  // The certificate PDF worker is started by file (certificate-pdf-pool.ts, ADR 0034): an entry of its own.
  entryPoints: ['src/server/server.ts', 'scripts/cli.ts', 'src/server/features/certificates/certificate-pdf-worker.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  // What only some sites or commands use (the S3 SDK, a database's client, the PDF maker's helpers) is a chunk
  // of its own, loaded at its first use: a site on SQLite never loads pg or mysql2 (ADR 0027).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  // A package's ES module build where it has one (as Vite resolves for the page build): a CommonJS package
  // loaded by a dynamic import() becomes a chunk whose only export is `default`, so `{ S3Client }` would be
  // missing from it.
  mainFields: ['module', 'main'],
  format: 'esm',
  target: 'node20',
  // Whitespace and syntax only: identifiers keep their names, so a stack frame inside a package (whose
  // mappings are dropped below) still names its function.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  external: [
    ...Object.keys(packageJson.dependencies),
    // Loaded only by `npm run dev` (Vite in middleware mode), never by the built server.
    'vite',
    // pg's optional native binding, which we do not use.
    'pg-native',
  ],
  // Bundled CommonJS packages call require() for Node's modules and may name __dirname, which an ES module
  // does not have.
  banner: {
    js: [
      "import { createRequire as __bundleRequire } from 'node:module';",
      "import { dirname as __bundleDirname } from 'node:path';",
      "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
      'const require = __bundleRequire(import.meta.url);',
      'const __filename = __bundleFileURLToPath(import.meta.url);',
      'const __dirname = __bundleDirname(__filename);',
    ].join(' '),
  },
});

/*
 * The source maps keep our own files' mappings; a package's code keeps one mapping where it starts on each
 * line, to the package's file without a position. `node --enable-source-maps` reads a module's whole map when
 * it loads it, and with every package's mappings that cost some 75 MB of memory per process; a stack frame
 * inside a package still names its file (and function).
 */
for (const output of Object.keys(result.metafile.outputs)) {
  if (!output.endsWith('.map')) continue;
  const map = JSON.parse(readFileSync(output, 'utf8'));
  const ours = map.sources.map((source) => !source.includes('node_modules/'));
  const lines = decode(map.mappings).map((line) => {
    const kept = [];
    let previousSource;
    for (const segment of line) {
      const source = segment.length === 1 ? undefined : segment[1];
      if (source !== undefined && !ours[source]) {
        if (source !== previousSource) kept.push([segment[0], source, 0, 0]);
      } else kept.push(segment);
      previousSource = source;
    }
    return kept;
  });
  writeFileSync(output, JSON.stringify({ ...map, mappings: encode(lines) }));
}
