import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * The folder holding the file or folder `from` (a path or a file: URL) that is this app's root: the nearest
 * one with a package.json named like the app's. Throws when there is none.
 */
export function findAppRoot(from: string): string {
  const start = from.startsWith('file:') ? fileURLToPath(from) : path.resolve(from);
  for (let dir = start; ;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === packageJson.name
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${packageJson.name} above ${start}`);
    dir = parent;
  }
}

/**
 * Where the app is installed, found from the running code rather than the working directory: the production
 * bundles run from dist/ (the root is its parent), tsx and Vitest from src/server/. What the app ships
 * (build/, node_modules/) is found from here; what an operator configures (.env, DATA_DIR) is not.
 */
export const APP_ROOT: string = findAppRoot(import.meta.url);
