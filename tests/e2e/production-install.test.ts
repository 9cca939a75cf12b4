import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_ENV, ADMIN_PASSWORD } from './support/admin';
import { callApi } from './support/admin-site';
import { startSite, type RunningSite } from './support/harness';

/*
 * The app deployed like a Node application: the built server started from any working directory,
 * and a production-only install (`npm run build`, then `npm prune --omit=dev`) that migrates, seeds, serves
 * and signs in with Node alone: no tsx, Vite or TypeScript at run time.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const temporary: string[] = [];
const sites: RunningSite[] = [];

function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

afterAll(async () => {
  for (const site of sites) await site.stop();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** GET of a path of the site: its status, type and body. */
async function get(site: RunningSite, url: string) {
  const response = await fetch(new URL(url, site.baseUrl), { redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

describe('the built server started from another working directory', () => {
  it('is ready, and serves pages and the built assets', async () => {
    const site = await startSite({}, { cwd: temporaryDir('site-cwd-'), server: path.join(ROOT, 'dist', 'server.js') });
    sites.push(site);

    const home = await get(site, '/');
    expect(home.status).toBe(200);
    expect(home.type).toMatch(/^text\/html/);
    const asset = /(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/.exec(home.body)?.[1];
    expect(asset).toBeDefined();
    const built = await get(site, asset!);
    expect(built.status).toBe(200);
    expect(built.body.length).toBeGreaterThan(0);
  });
});

describe('a production-only install', () => {
  let app: string;
  let dataDir: string;

  beforeAll(async () => {
    app = temporaryDir('site-production-');
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(ROOT, file), path.join(app, file));
    for (const dir of ['dist', 'build']) cpSync(path.join(ROOT, dir), path.join(app, dir), { recursive: true });
    // Hard links: a copy in moments, no download and no native rebuild. npm may rewrite its record of the
    // tree in place, which would change the repository's: the copy goes without it and npm reads the folders.
    await run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(app, 'node_modules')]);
    rmSync(path.join(app, 'node_modules', '.package-lock.json'), { force: true });
    await run('npm', ['prune', '--omit=dev'], {
      cwd: app,
      env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
    });
    dataDir = temporaryDir('site-production-data-');
  });

  it('holds the runtime dependencies and none of the bundled or build-only packages', () => {
    // Every `dependencies` entry is loaded at run time; every other package is bundled into dist/ and build/
    // at build (scripts/bundle-server.mjs, ADR 0031), and so absent here.
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies))
      expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(true);
    // TypeScript stays: npm keeps an optional peer of a production package (@react-router/node's) that is
    // also a devDependency ("devOptional"), and `--omit=optional` would take sharp's native binary with it.
    for (const name of [
      'fastify',
      'kysely',
      'zod',
      'date-fns',
      '@aws-sdk/client-s3',
      'pg',
      'mysql2',
      'ioredis',
      'tsx',
      'vite',
      'esbuild',
      'playwright-core',
      'vitest',
      'lucide-react',
      'recharts',
      '@tiptap/react',
    ])
      expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(false);
  });

  it('migrates and seeds with the built CLI, then serves the site and signs the first admin in', async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir };
    const migrate = await run(process.execPath, ['dist/cli.js', 'migrate'], { cwd: app, env });
    expect(migrate.stdout).toMatch(/^applied /m);
    const seed = await run(process.execPath, ['dist/cli.js', 'seed'], { cwd: app, env });
    expect(seed.stdout).toContain('demo content loaded');

    const site = await startSite({ ...ADMIN_ENV, SEED_DEMO: 'false' }, { cwd: app, dataDir });
    sites.push(site);
    for (const page of ['/', '/blog', '/admin/login']) {
      const answer = await get(site, page);
      expect([page, answer.status]).toEqual([page, 200]);
      expect(answer.type).toMatch(/^text\/html/);
    }
    // The seeded posts are there.
    expect((await get(site, '/blog')).body).toMatch(/href="\/blog\/[\w-]+"/);

    const login = await callApi(site.baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.json().data).toMatchObject({ user: { email: ADMIN_EMAIL, role: 'admin' } });
    expect(login.json().data.token).toEqual(expect.any(String));
  });
});
