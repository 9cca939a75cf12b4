/**
 * `npm run bench -- --instances`: the site as several instances behind a load balancer (ADR 0030).
 *
 * Two processes of the production build (dist/server.js) share a fresh PostgreSQL database
 * (BENCH_POSTGRES_URL or TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres; created and
 * dropped), a bucket in a local s3rver (temp folder), and a Redis database number of their own (REDIS_URL,
 * default redis://127.0.0.1:6379; claimed empty, flushed at the end), with JWT_SECRET, PUBLIC_URL and
 * STORAGE_S3_*; each has its own DATA_DIR and port. No proxy: autocannon spreads its connections over both
 * addresses (connection i goes to instance i mod 2), and the rolling restart's client picks them in turn.
 *
 * 1. `/`, `/blog` and an article, cached and with the cache switched off: one instance vs both, with the same
 *    connections (BENCH_INSTANCES_CONNECTIONS, default 50): req/s, p99 and the gain of two processes.
 * 2. Uploads (POST /api/uploads/single, a photo, as the admin) and the quote form (POST /api/contacts, each
 *    from an X-Forwarded-For address of its own, TRUST_PROXY=127.0.0.1) through both.
 * 3. Cross-instance purge: BENCH_PURGE_ROUNDS (default 50) times, the tagline changed on A, B polled until
 *    its cached `/` shows it (COHERENCE_POLL_SECONDS=3600: only the instance bus can explain it).
 * 4. A rolling restart under mixed load (bench/rolling-restart.ts).
 *
 * It measures; the exit code is 1 when a target is missed (purge p99 over 1 s, a request the balancer could
 * not save, an acknowledged write or upload missing afterwards, load errors) or a part failed. Results go to
 * bench/results/instances.json. Loopback only; every loop is bounded. BENCH_BUILD_DIR runs another
 * checkout's build (e.g. a `git archive` of a commit, built, with node_modules linked) instead of this one's.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Request } from 'autocannon';
import { fromNewAddresses, nextAddress } from './api-bench';
import { machine, machineLine, percentile, repoRoot, writeResults } from './environment';
import { jsonSpec, multipartImage, outcomeOf, parseJson, request, signIn } from './instance-client';
import { buildDir, createInstance, type Instance } from './instance-process';
import { busTransport, startServices, type Services } from './instance-services';
import {
  average,
  gain,
  pagesTable,
  purgeLines,
  rollingLines,
  writesTable,
  type PageRow,
  type PurgeFigures,
} from './instances-report';
import { failures, figures, settings, type LoadFigures } from './load';
import { photo } from './photo';
import { rollingRestart, totalTally } from './rolling-restart';
import { articlePath } from './targets';

/** Cached pages, as --pages loads them; with the cache off, BENCH_CONNECTIONS (20), as --uncached does. */
const connections = Number(process.env.BENCH_INSTANCES_CONNECTIONS) || 50;
const uncachedConnections = settings.connections;
/** Each upload makes its sizes (AVIF, WebP) on the instance's image queue: more connections only wait. */
const uploadConnections = Number(process.env.BENCH_INSTANCES_UPLOAD_CONNECTIONS) || 4;
/** The photo uploaded (as the admin's editor would send a picture for a post). */
const PHOTO = { width: 640, height: 480 };
const purgeRounds = Number(process.env.BENCH_PURGE_ROUNDS) || 50;
const PURGE_TARGET_P99_MS = 1_000;
/** A change not seen on B after this long counts as missed. */
const PURGE_GIVE_UP_MS = 5_000;
const pages = ['/', '/blog', articlePath];

// ------------------------------------------------------------------------------------------ load

/** Warm-up, then the measured run; connection i goes to bases[i mod bases.length] (one histogram for all). */
async function loadThrough(
  bases: string[],
  path: string,
  connectionCount: number,
  request: { method?: string; headers?: Record<string, string>; body?: Buffer; requests?: Request[] } = {},
): Promise<LoadFigures> {
  const common = {
    // autocannon takes an array of addresses too (lib/url.js); bench/autocannon.d.ts declares a string.
    url: bases.map((base) => `${base}${path}`) as unknown as string,
    connections: connectionCount,
    pipelining: settings.pipelining,
    headers: { ...settings.headers, ...request.headers },
    // Absent, not undefined: autocannon's defaults (GET, no body) apply only to keys left out.
    ...(request.method ? { method: request.method } : {}),
    ...(request.body ? { body: request.body as unknown as string } : {}),
    ...(request.requests ? { requests: request.requests } : {}),
  } satisfies Options;
  await autocannon({ ...common, duration: settings.warmupSeconds });
  return figures(await autocannon({ ...common, duration: settings.durationSeconds }));
}

async function putCache(instances: Instance[], token: string, cacheEnabled: boolean) {
  // Each instance is told itself, so the figures do not depend on the bus (measured on its own below).
  for (const instance of instances) {
    const reply = await request(
      instance.baseUrl,
      jsonSpec(
        'PUT',
        '/api/system/settings',
        { maintenanceMode: false, maintenanceMessage: '', debugMode: false, cacheEnabled },
        token,
      ),
    );
    if (reply.status !== 200) throw new Error(`cache switch on ${instance.name}: ${outcomeOf(reply)}`);
  }
}

async function measurePages(instances: Instance[], token: string, log: (line: string) => void): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  const bases = instances.map((i) => i.baseUrl);
  for (const mode of ['cached', 'cache off'] as const) {
    await putCache(instances, token, mode === 'cached');
    for (const page of pages) {
      for (const base of bases) {
        const reply = await request(base, { path: page, headers: settings.headers });
        if (reply.status !== 200) throw new Error(`${base}${page} answered ${outcomeOf(reply)}`);
      }
      log(`${page} (${mode}): one instance, then both…`);
      const count = mode === 'cached' ? connections : uncachedConnections;
      const one = await loadThrough(bases.slice(0, 1), page, count);
      const two = await loadThrough(bases, page, count);
      const gainPercent = one.reqPerSec > 0 ? (two.reqPerSec / one.reqPerSec - 1) * 100 : Number.NaN;
      const loadAverage1m = Math.round(os.loadavg()[0]! * 100) / 100;
      rows.push({ path: page, mode, connections: count, one, two, gainPercent, loadAverage1m });
    }
  }
  await putCache(instances, token, true);
  return rows;
}

async function measureWrites(instances: Instance[], token: string, log: (line: string) => void) {
  const bases = instances.map((i) => i.baseUrl);
  const { body, contentType } = await multipartImage(await photo(PHOTO.width, PHOTO.height), 'bench-photo.jpg');
  log(`uploads (${uploadConnections} connections) through both…`);
  const uploads = await loadThrough(bases, '/api/uploads/single', uploadConnections, {
    requests: [
      {
        method: 'POST',
        path: '/api/uploads/single',
        body: body as unknown as string,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': nextAddress() } }),
      },
    ],
  });
  log(`quote form (${settings.connections} connections) through both…`);
  const submission = JSON.stringify({
    first_name: 'Bench',
    last_name: 'Visitor',
    email: 'bench.visitor@example.com',
    message: 'We would like a quote for a new company website with a blog and a contact form.',
  });
  const contacts = await loadThrough(bases, '/api/contacts', settings.connections, {
    requests: fromNewAddresses('POST', '/api/contacts', submission),
  });
  return { uploads, contacts, uploadBytes: body.length };
}

// ------------------------------------------------------------------------------------------ purge latency

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function purgeLatency(instances: Instance[], token: string, services: Services): Promise<PurgeFigures> {
  const [a, b] = instances as [Instance, Instance];
  const company = await request(a.baseUrl, { path: '/api/company' });
  if (company.status !== 200) throw new Error(`GET /api/company answered ${outcomeOf(company)}`);
  const profile = parseJson<{
    data: Record<string, unknown> & { socialLinks: Array<{ platform: string; url: string }> };
  }>(company).data;
  const write = {
    ...profile,
    socialLinks: profile.socialLinks.map(({ platform, url }) => ({ platform, url })),
  };
  const runId = randomBytes(3).toString('hex');
  const latencies: number[] = [];
  let missed = 0;
  for (let round = 1; round <= purgeRounds; round += 1) {
    // B keeps `/` with the old tagline (the second request is a hit).
    for (let i = 0; i < 2; i += 1) await request(b.baseUrl, { path: '/' });
    const marker = `Purge check ${runId} ${round}`;
    const reply = await request(a.baseUrl, jsonSpec('PUT', '/api/company', { ...write, tagline: marker }, token));
    if (reply.status !== 200) throw new Error(`PUT /api/company on A answered ${outcomeOf(reply)}`);
    const acknowledged = performance.now();
    let seenAfter: number | undefined;
    while (performance.now() - acknowledged < PURGE_GIVE_UP_MS) {
      const page = await request(b.baseUrl, { path: '/' });
      if (page.body?.includes(marker)) {
        seenAfter = performance.now() - acknowledged;
        break;
      }
      await sleep(5);
    }
    if (seenAfter === undefined) missed += 1;
    else latencies.push(Math.round(seenAfter * 10) / 10);
  }
  return {
    rounds: purgeRounds,
    giveUpMs: PURGE_GIVE_UP_MS,
    latencies: latencies.sort((x, y) => x - y),
    missed,
    transport: await busTransport(services),
  };
}

// ------------------------------------------------------------------------------------------ the run

export async function runInstancesBench(): Promise<void> {
  process.chdir(repoRoot);
  if (!existsSync(path.join(buildDir, 'dist/server.js')))
    throw new Error(`${buildDir}/dist/server.js is missing: npm run build`);
  const loadAverageBefore = os.loadavg();
  const started = Date.now();
  const log = (line: string) => console.log(`  [${Math.round((Date.now() - started) / 1000)} s] ${line}`);
  console.log(`Instances bench: two processes of ${buildDir}/dist/server.js on PostgreSQL, s3rver and Redis…`);
  const services = await startServices();
  const instances: Instance[] = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await Promise.allSettled(instances.map((i) => i.dispose()));
      await services.close();
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the instances and the services`);
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const problems: string[] = [];
  const part = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push(`FAILED ${name}: ${message.split('\n')[0]}`);
      console.error(`${name} failed: ${message}`);
      for (const instance of instances)
        console.error(`Output of ${instance.name} (last part):\n${instance.output().slice(-3000)}`);
      return undefined;
    }
  };
  try {
    for (const name of ['A', 'B']) instances.push(await createInstance(name, services.env));
    // Together, on the empty database: one migrates and seeds, the other waits its turn (ADR 0030).
    log(`starting A (${instances[0]!.baseUrl}) and B (${instances[1]!.baseUrl}) at once…`);
    const readyMs = await Promise.all(instances.map((i) => i.start()));
    log(`ready after ${readyMs.map((ms, n) => `${instances[n]!.name} ${ms} ms`).join(', ')}`);
    const token = await signIn(instances[0]!.baseUrl);

    const pageRows = (await part('pages', () => measurePages(instances, token, log))) ?? [];
    const writes = await part('uploads and quote form', () => measureWrites(instances, token, log));
    log(`cross-instance purge, ${purgeRounds} rounds…`);
    const purge = await part('cross-instance purge', () => purgeLatency(instances, token, services));
    log('rolling restart under mixed load…');
    const upload = await multipartImage(await photo(PHOTO.width, PHOTO.height), 'rolling-photo.jpg');
    const rolling = await part('rolling restart', () =>
      rollingRestart({
        instances,
        token,
        db: services.database.database.db,
        upload,
        readPaths: [...pages, '/api/blog/posts?limit=10'],
        log,
      }),
    );

    // ---- targets
    const loads: Array<[string, LoadFigures]> = [
      ...pageRows.flatMap((r): Array<[string, LoadFigures]> => [
        [`${r.path} ${r.mode} one`, r.one],
        [`${r.path} ${r.mode} both`, r.two],
      ]),
      ...(writes
        ? ([
            ['uploads', writes.uploads],
            ['quote form', writes.contacts],
          ] as Array<[string, LoadFigures]>)
        : []),
    ];
    for (const [name, f] of loads.filter(([, f]) => failures(f) > 0)) {
      problems.push(`load ${name}: ${f.errors} errors, ${f.timeouts} timeouts, ${f.non2xx} non-2xx`);
    }
    // Nothing answered within the run (a machine busy with other work): that row measured nothing.
    for (const [name] of loads.filter(([, f]) => f.requests === 0)) problems.push(`load ${name}: no request completed`);
    const targets: Array<[string, boolean | undefined]> = [
      [
        `purge p99 ≤ ${PURGE_TARGET_P99_MS} ms, every edit seen`,
        purge &&
          purge.missed === 0 &&
          purge.latencies.length > 0 &&
          percentile(purge.latencies, 0.99) <= PURGE_TARGET_P99_MS,
      ],
      ['rolling restart: failed-not-retryable = 0', rolling && totalTally(rolling.tallies).failed === 0],
      [
        'rolling restart: every acknowledged write in the database',
        rolling &&
          rolling.contacts.found === rolling.contacts.acknowledged &&
          rolling.categories.found === rolling.categories.acknowledged,
      ],
      [
        'rolling restart: every acknowledged upload served',
        rolling && rolling.uploads.served === rolling.uploads.acknowledged,
      ],
      [
        'loads without errors or non-2xx, each with answers',
        loads.every(([, f]) => failures(f) === 0 && f.requests > 0),
      ],
    ];

    const cachedGain = average(pageRows.filter((r) => r.mode === 'cached').map((r) => r.gainPercent));
    const uncachedGain = average(pageRows.filter((r) => r.mode === 'cache off').map((r) => r.gainPercent));
    console.log(
      [
        '',
        machineLine(),
        `Build: ${buildDir} (dist/server.js and build/)`,
        `Load: ${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up each; pages at ${connections} connections cached, ` +
          `${uncachedConnections} with the cache off (all to A, or half to A and half to B); PostgreSQL ${new URL(services.env.DATABASE_URL!).host}, s3rver, Redis db ${services.redis.number}`,
        '',
        pagesTable(pageRows),
        `Two processes vs one on this ${os.cpus().length}-CPU machine: ${gain(cachedGain)} cached, ${gain(uncachedGain)} with the cache off (mean of the rows)`,
        '',
        ...(writes
          ? [
              writesTable([
                [
                  `uploads (${uploadConnections} conn., ${PHOTO.width}x${PHOTO.height} photo, ${Math.round(writes.uploadBytes / 1024)} KiB)`,
                  writes.uploads,
                ],
                [`quote form (${settings.connections} conn.)`, writes.contacts],
              ]),
              '',
            ]
          : []),
        ...(purge ? [...purgeLines(purge), ''] : []),
        ...(rolling ? [...rollingLines(rolling), ''] : []),
        'Targets:',
        ...targets.map(([name, met]) => `  ${met ? 'met   ' : 'MISSED'} ${name}`),
        ...problems.map((p) => `  ${p}`),
      ].join('\n'),
    );
    const file = writeResults('instances.json', {
      ...machine(loadAverageBefore),
      settings: {
        ...settings,
        connections,
        uncachedConnections,
        uploadConnections,
        purgeRounds,
        build: buildDir,
        database: 'postgres',
        redisDb: services.redis.number,
      },
      pages: pageRows,
      gainPercent: { cached: cachedGain, uncached: uncachedGain },
      writes,
      purge,
      rolling,
      targets: Object.fromEntries(targets.map(([name, met]) => [name, Boolean(met)])),
      problems,
      seconds: Math.round((Date.now() - started) / 1000),
    });
    console.log(`\nWritten to ${file} (${Math.round((Date.now() - started) / 1000)} s)`);
    if (problems.length > 0 || targets.some(([, met]) => !met)) process.exitCode = 1;
  } catch (error) {
    for (const instance of instances) console.error(`Output of ${instance.name}:\n${instance.output()}`);
    throw error;
  } finally {
    await stopAll();
  }
}
