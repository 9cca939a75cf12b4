/*
 * The container image, built and run as an operator would (`npm run test:container`, README "Deploying"):
 *
 *   1. builds the Dockerfile with Docker or Podman, on the official Node image when a registry answers,
 *      otherwise on stand-ins made from Debian packages and this machine's Node (local-base.sh), and says so;
 *   2. against a fresh PostgreSQL database, a local S3-compatible store (s3rver) and Redis: migrates once with
 *      the image's CLI, starts the app with a read-only root filesystem and /data as a volume, waits for
 *      /api/ready, signs in, uploads an image (which lands in the bucket), reads pages and the upload, checks
 *      the image's health check and that the log is JSON lines, then stops it with SIGTERM and expects exit 0;
 *   3. starts the image on a /data it cannot write and expects the clear refusal, not a stack trace;
 *   4. reports the image's size, what dominates it, and the cold start to ready.
 *
 * Exits 0 when every check passed, 1 otherwise. Needs root for Podman and for the Debian stand-ins.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { freePort } from '../../src/server/testing/ports';
import { waitUntilReady } from '../e2e/support/harness';
import { bytesOf, call, signInAdmin, startServices, uploadFile } from '../e2e/support/instances';
import { engineMust, engineRun, findEngine, must, run, settleRuntime, type Engine } from './engine';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IMAGE = 'localhost/studio-site:test';
const OFFICIAL = { node: 'docker.io/library/node:20-bookworm-slim', debian: 'docker.io/library/debian:bookworm-slim' };
const STAND_IN = {
  node: 'localhost/studio-base/node:20-bookworm-slim',
  debian: 'localhost/studio-base/debian:bookworm-slim',
};
const SIZE_TARGET_MB = 250;

const report: string[] = [];
const note = (line: string) => {
  report.push(line);
  console.log(`  ${line}`);
};
const step = (title: string) => console.log(`\n==> ${title}`);
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
  console.log(`  ok: ${message}`);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function bases(engine: Engine): Promise<{ node: string; debian: string }> {
  const pulled = await Promise.all(
    Object.values(OFFICIAL).map((image) => run('timeout', ['90', engine.name, ...engine.global, 'pull', image])),
  );
  if (pulled.every((r) => r.status === 0)) {
    note(`bases: the official ${OFFICIAL.node} and ${OFFICIAL.debian}`);
    return OFFICIAL;
  }
  note('bases: no container registry answered: stand-ins built from Debian packages and this Node (local-base.sh)');
  const existing = await engineRun(engine, ['image', 'exists', STAND_IN.node]);
  if (engine.name !== 'podman' || existing.status !== 0) {
    await must('bash', [path.join(root, 'tests/container/local-base.sh'), engine.name, STAND_IN.debian, STAND_IN.node]);
  }
  return STAND_IN;
}

async function build(engine: Engine, base: { node: string; debian: string }) {
  const started = Date.now();
  // Docker-format images keep HEALTHCHECK (the OCI format has no field for it); host networking lets the
  // build reach the npm registry and Debian's mirror wherever the host does.
  const format = engine.name === 'podman' ? ['--format', 'docker'] : [];
  await engineMust(
    engine,
    [
      'build',
      ...format,
      '--network',
      'host',
      ...engine.limits,
      '--build-arg',
      `NODE_IMAGE=${base.node}`,
      '--build-arg',
      `RUNTIME_IMAGE=${base.debian}`,
      '-t',
      IMAGE,
      root,
    ],
    { echo: process.env.VERBOSE === '1' },
  );
  note(`build: ${seconds(Date.now() - started)}`);
}

async function sizeReport(engine: Engine) {
  const bytes = Number(await engineMust(engine, ['image', 'inspect', '--format', '{{.Size}}', IMAGE]));
  const mb = bytes / 1e6;
  note(`image size: ${mb.toFixed(0)} MB (target ≤ ${SIZE_TARGET_MB} MB: ${mb <= SIZE_TARGET_MB ? 'met' : 'NOT met'})`);
  const du = await engineMust(engine, [
    'run',
    '--rm',
    ...engine.limits,
    '--entrypoint',
    'sh',
    IMAGE,
    '-c',
    'du -sm /usr/local/bin/node /app/node_modules /app/build /app/dist /usr /var 2>/dev/null; ' +
      'du -sm /app/node_modules/* /app/node_modules/@*/* 2>/dev/null | sort -rn | head -8',
  ]);
  note(`what dominates (MB):\n${du.replace(/^/gm, '    ')}`);
  return mb;
}

async function main() {
  const engine = findEngine();
  if (!engine) {
    console.error('Neither a Docker daemon nor Podman is available: nothing to test.');
    process.exit(2);
  }
  step('Bases and engine');
  const base = await bases(engine);
  await settleRuntime(engine, base.node);
  for (const line of engine.notes) note(line);

  step('Build');
  await build(engine, base);
  const sizeMb = await sizeReport(engine);

  step('Services: PostgreSQL database, s3rver bucket, Redis');
  const services = await startServices('postgres');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'container-data-'));
  // The image's user (uid 1000) owns its /data, as a named volume would be.
  chmodSync(dataDir, 0o700);
  await must('chown', ['1000:1000', dataDir]);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const name = `studio-site-test-${port}`;
  const env = { ...services.env, PUBLIC_URL: baseUrl, PORT: String(port), MIGRATE_ON_START: 'false' };
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  // Host networking: the container reaches the services on 127.0.0.1 as the test does.
  const common = ['--network', 'host', '--read-only', '--tmpfs', '/tmp', '-v', `${dataDir}:/data`, ...engine.limits];
  let failed = false;
  try {
    step('Migrate once with the built CLI');
    const migrated = await engineMust(engine, [
      'run',
      '--rm',
      ...common,
      ...envArgs,
      IMAGE,
      'node',
      'dist/cli.js',
      'migrate',
    ]);
    check(/applied /.test(migrated), 'the migrate command applied the migrations');

    step('Start (read-only root filesystem, MIGRATE_ON_START=false)');
    const started = Date.now();
    await engineMust(engine, ['run', '-d', '--name', name, ...common, ...envArgs, IMAGE]);
    const readyMs = await waitUntilReady(baseUrl, 120_000);
    note(
      `cold start to ready: ${seconds(Date.now() - started)} (container start to /api/ready 200; ${seconds(readyMs)} polling)`,
    );

    step('Use it');
    const session = await signInAdmin(baseUrl);
    check(session.token.length > 20, 'the first admin signs in');
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const upload = await uploadFile(baseUrl, session.token, png, 'container.png');
    check(upload.status === 201, `an image uploads (${upload.status})`);
    const stored = upload.json().data.file as { url: string };
    const keys = await services.bucket.keys();
    check(
      keys.some((key) => stored.url.endsWith(key.split('/').pop() as string)),
      'the upload is in the bucket',
    );
    const served = await bytesOf(baseUrl, stored.url);
    check(served.status === 200 && served.body.length > 0, `the upload is served (${stored.url})`);
    for (const page of ['/', '/blog', '/portfolio', '/admin/login']) {
      const res = await call(baseUrl, page);
      check(res.status === 200 && res.text.includes('<html'), `${page} renders (${res.status})`);
    }
    const created = await call(baseUrl, '/api/certificates', {
      method: 'POST',
      token: session.token,
      body: { certificate_number: '', recipient_name: 'Ærø Čapek', recipient_type: 'intern', issue_date: '2026-11-28' },
    });
    check(created.status === 201, `a certificate is issued (${created.status})`);
    const pdf = await bytesOf(baseUrl, `/api/certificates/${created.json().data.id}/pdf`, session.token);
    check(
      pdf.status === 200 && pdf.body.subarray(0, 5).toString() === '%PDF-',
      `its PDF is made with the image's fonts (${pdf.body.length} bytes)`,
    );
    const health = await engineRun(engine, ['healthcheck', 'run', name]);
    if (engine.name === 'podman') check(health.status === 0, "the image's HEALTHCHECK passes");

    step('Stop gracefully');
    const stopStarted = Date.now();
    await engineMust(engine, ['stop', '--time', '20', name]);
    const exit = await engineMust(engine, ['inspect', '--format', '{{.State.ExitCode}}', name]);
    note(`stop: exit ${exit} after ${seconds(Date.now() - stopStarted)}`);
    check(exit === '0', 'SIGTERM drains and exits 0');
    const logs = await engineRun(engine, ['logs', name]);
    const lines = `${logs.stdout}\n${logs.stderr}`.split('\n').filter((line) => line.trim());
    const notJson = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    check(
      notJson.length === 0,
      `every log line is JSON (${lines.length} lines)${notJson.length ? `: ${notJson[0]}` : ''}`,
    );

    step('A /data the image cannot write');
    const closed = mkdtempSync(path.join(tmpdir(), 'container-closed-'));
    chmodSync(closed, 0o755);
    const refused = await engineRun(engine, [
      'run',
      '--rm',
      ...common.map((arg) => (arg === `${dataDir}:/data` ? `${closed}:/data` : arg)),
      ...envArgs,
      IMAGE,
    ]);
    rmSync(closed, { recursive: true, force: true });
    const said = `${refused.stdout}${refused.stderr}`;
    check(refused.status === 73, `it exits 73 (EX_CANTCREAT), got ${refused.status}`);
    check(
      /not writable/.test(said) && !/\n\s+at /.test(said),
      `it says so without a stack trace: ${said.trim().slice(0, 200)}`,
    );
  } catch (error) {
    failed = true;
    console.error(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`);
    const logs = await engineRun(engine, ['logs', '--tail', '30', name]);
    if (logs.status === 0) console.error(`--- container log (last lines)\n${logs.stdout}${logs.stderr}`);
  } finally {
    await engineRun(engine, ['rm', '-f', name]);
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\nSummary\n${report.map((line) => `  ${line}`).join('\n')}`);
  if (sizeMb > SIZE_TARGET_MB) console.log(`  note: the image is over the ${SIZE_TARGET_MB} MB target`);
  console.log(failed ? '\ncontainer test: FAILED' : '\ncontainer test: passed');
  process.exit(failed ? 1 : 0);
}

await main();
