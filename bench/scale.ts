/**
 * `npm run bench -- --scale`: how the blog holds up with many posts. The same paths (bench/targets.ts,
 * scaleTargets) are loaded on two SQLite databases prepared here before the production server starts:
 * the demo content alone, and the demo content plus generated published posts up to SCALE_POST_COUNT.
 * No bare-server baseline: the figure that counts is large / small. Results go to
 * bench/results/scale.json (git-ignored). A path that does not answer 2xx is skipped and reported.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoContent } from '../src/server/seed/seed';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { failures, load, settings, type LoadFigures } from './load';
import { fetchRaw } from './raw-response';
import { seedPublishedPosts } from './seed-posts';
import { fixed, table } from './table';
import { SCALE_POST_COUNT, SCALE_SEARCH_TERM, scaleTargets, type Target } from './targets';

interface Dataset {
  label: string;
  publishedPosts: number;
  /** Seconds spent preparing the database (migrations, demo content, generated posts). */
  prepareSeconds: number;
}

interface Measured {
  target: Target;
  /** Per dataset label: figures, or why the path could not be measured. */
  runs: Record<string, { status: number; bodyBytes: number; figures: LoadFigures } | { skipped: string }>;
}

/**
 * Builds the database the server will open (DATA_DIR/app.db, as config.ts names it): schema, demo
 * content, then generated posts until `publishedTarget` posts are published.
 */
async function prepareDatabase(dataDir: string, publishedTarget: number | undefined): Promise<number> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    await migrateToLatest(database.db);
    await seedDemoContent(database.db);
    const countPublished = async () =>
      Number(
        (
          await database.db
            .selectFrom('blog_posts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('published', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const published = await countPublished();
    if (publishedTarget !== undefined && publishedTarget > published) {
      await seedPublishedPosts(database.db, publishedTarget - published);
    }
    return await countPublished(); // awaited here: the finally block closes the database
  } finally {
    await database.close();
  }
}

async function measureDataset(
  label: string,
  publishedTarget: number | undefined,
  measured: Measured[],
  track: (site: RunningSite | undefined) => void,
): Promise<Dataset> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const started = Date.now();
  console.log(`Preparing the "${label}" database in ${dataDir}…`);
  const publishedPosts = await prepareDatabase(dataDir, publishedTarget);
  const prepareSeconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(`  ${publishedPosts} published posts (${prepareSeconds} s); starting the production build…`);
  const site = await startSite({ LOG_LEVEL: 'warn' }, { dataDir });
  track(site);
  try {
    for (const [index, target] of scaleTargets.entries()) {
      const entry = (measured[index] ??= { target, runs: {} });
      const first = await fetchRaw(site.baseUrl, target.path, settings.headers);
      if (first.status < 200 || first.status > 299) {
        entry.runs[label] = { skipped: `answered ${first.status}` };
        console.warn(`  SKIPPED ${target.path}: answered ${first.status}`);
        continue;
      }
      console.log(`  Loading ${target.path}…`);
      const figures = await load(new URL(target.path, site.baseUrl).href);
      entry.runs[label] = { status: first.status, bodyBytes: first.body.length, figures };
    }
  } catch (error) {
    console.error(`Server output:\n${site.output()}`);
    throw error;
  } finally {
    await site.stop();
    track(undefined);
  }
  return { label, publishedPosts, prepareSeconds };
}

function cells(run: Measured['runs'][string] | undefined): string[] {
  if (!run) return ['-', '-', '-'];
  if ('skipped' in run) return [run.skipped, '', ''];
  const f = run.figures;
  return [fixed(f.reqPerSec, 0), `${f.latencyP50Ms} ms`, `${f.latencyP99Ms} ms`];
}

function report(datasets: [Dataset, Dataset], measured: Measured[]): string {
  const [small, large] = datasets;
  const head = (d: Dataset) => [`req/s @${d.publishedPosts}`, `p50 @${d.publishedPosts}`, `p99 @${d.publishedPosts}`];
  const rows = measured.map(({ target, runs }) => {
    const a = runs[small.label];
    const b = runs[large.label];
    const ratio =
      a && b && 'figures' in a && 'figures' in b && a.figures.reqPerSec > 0
        ? fixed(b.figures.reqPerSec / a.figures.reqPerSec, 2)
        : '-';
    return [target.name, target.path, ...cells(a), ...cells(b), ratio];
  });
  const warnings = measured.flatMap(({ target, runs }) =>
    Object.entries(runs).flatMap(([label, run]) =>
      'skipped' in run
        ? [`SKIPPED ${target.path} with ${label}: ${run.skipped}`]
        : failures(run.figures) > 0
          ? [
              `WARNING ${target.path} with ${label}: ${run.figures.errors} errors, ${run.figures.timeouts} timeouts, ${run.figures.non2xx} non-2xx`,
            ]
          : [],
    ),
  );
  return [
    machineLine(),
    `Load: ${settings.connections} connections, ${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up, accept-encoding "${settings.headers['accept-encoding']}"`,
    `Databases: SQLite; ${datasets.map((d) => `"${d.label}" ${d.publishedPosts} published posts (prepared in ${d.prepareSeconds} s)`).join(', ')}; search term "${SCALE_SEARCH_TERM}"`,
    '',
    table(
      [
        ['target', 'path', ...head(small), ...head(large), `req/s ${large.publishedPosts}/${small.publishedPosts}`],
        ...rows,
      ],
      (column) => column >= 2,
    ),
    ...(warnings.length > 0 ? ['', ...warnings] : []),
  ].join('\n');
}

export async function runScaleBench(): Promise<void> {
  process.chdir(repoRoot); // startSite runs dist/server.js relative to the working directory
  let running: RunningSite | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void Promise.allSettled([running?.stop()]).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const track = (site: RunningSite | undefined) => (running = site);

  const loadAverageBefore = os.loadavg();
  const measured: Measured[] = [];
  const small = await measureDataset('demo content', undefined, measured, track);
  const large = await measureDataset(`${SCALE_POST_COUNT} posts`, SCALE_POST_COUNT, measured, track);

  console.log(`\n${report([small, large], measured)}\n`);
  const file = writeResults('scale.json', {
    ...machine(loadAverageBefore),
    settings: { ...settings, database: 'sqlite (prepared DATA_DIR per dataset)', searchTerm: SCALE_SEARCH_TERM },
    datasets: [small, large],
    targets: measured,
  });
  console.log(`Written to ${file}`);

  const bad = measured.some(({ runs }) =>
    Object.values(runs).some((run) => 'skipped' in run || failures(run.figures) > 0),
  );
  if (bad) process.exitCode = 1;
}
