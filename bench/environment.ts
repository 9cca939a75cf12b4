/** Where a bench ran: recorded with every result file, because the figures depend on it. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
