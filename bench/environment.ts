/** Where a bench ran: recorded with every result file, because the figures depend on it. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DialectName } from '../src/server/db/database';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');

function gitRevision(): string | undefined {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} (uncommitted changes)` : commit;
  } catch {
    return undefined;
  }
}

export function machine(loadAverageBefore: number[]) {
  return {
    date: new Date().toISOString(),
    git: gitRevision(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    // Other work on the machine skews the figures; a high load average means: run again.
    loadAverage: { before: loadAverageBefore, after: os.loadavg() },
  };
}

export function machineLine(): string {
  return `Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)} (1 min); the bench shares them`;
}

/** Writes bench/results/<name> (git-ignored) and returns its path relative to the repository. */
export function writeResults(name: string, output: unknown): string {
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, name);
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  return path.relative(repoRoot, file);
}

/** Marks the line of bench/upload-8mp.ts --json output that `npm run bench` reads. */
export const UPLOAD_FIGURES_PREFIX = 'upload-8mp-json ';

/**
 * The databases a bench runs on: SQLite always; PostgreSQL and MySQL/MariaDB when BENCH_POSTGRES_URL /
 * BENCH_MYSQL_URL (or the tests' TEST_POSTGRES_URL / TEST_MYSQL_URL) name a server. createTestDatabase
 * reads the tests' names, so the bench's own are copied there.
 */
export function benchDialects(): DialectName[] {
  if (process.env.BENCH_POSTGRES_URL) process.env.TEST_POSTGRES_URL = process.env.BENCH_POSTGRES_URL;
  if (process.env.BENCH_MYSQL_URL) process.env.TEST_MYSQL_URL = process.env.BENCH_MYSQL_URL;
  return [
    'sqlite',
    ...(process.env.TEST_POSTGRES_URL ? (['postgres'] as const) : []),
    ...(process.env.TEST_MYSQL_URL ? (['mysql'] as const) : []),
  ];
}

/** The value below which a share `p` (0 to 1) of the sorted timings lies. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
