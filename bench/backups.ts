/**
 * `npm run bench -- --backups`: backup and restore of the demo site plus 2,000 posts and 1 GB of
 * uploaded files (incompressible, like photos), through the built commands that admins and cron use
 * (`npm run backup`, `npm run restore -- FILE --yes`: dist/cli.js), each in its own process whose resident
 * memory is sampled every 20 ms (VmHWM: the peak). The archive streams, so the peak should not grow with the uploads.
 * BENCH_BACKUP_UPLOAD_MB (default 1024) sets the uploads' size. Results go to bench/results/backups.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoContent } from '../src/server/seed/seed';
import { machine, machineLine, repoRoot, writeResults } from './environment';
import { readMemory } from './process-memory';
import { seedPublishedPosts } from './seed-posts';
import { fixed, table } from './table';

const UPLOAD_MB = Number(process.env.BENCH_BACKUP_UPLOAD_MB ?? 1024);
const POSTS = 2000;
const FILE_MB = 4;

interface Run {
  step: string;
  seconds: number;
  peakRssMiB: number;
  output: string;
}

/** Runs a command of the built CLI (dist/cli.js) in its own process; its peak RSS is sampled while it runs. */
function runCommand(step: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'dist', 'cli.js'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let peak = 0;
    const sample = setInterval(() => {
      try {
        peak = Math.max(peak, readMemory(child.pid!).peakRssMiB);
      } catch {
        // the process just ended
      }
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sample);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) reject(new Error(`${step} exited with ${code}:\n${output}`));
      else resolve({ step, seconds, peakRssMiB: peak, output: output.trim() });
    });
  });
}

export async function runBackupBench(): Promise<void> {
  const loadBefore = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-bench-backups-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  try {
    const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
    try {
      await migrateToLatest(database.db);
      await seedDemoContent(database.db);
      await seedPublishedPosts(database.db, POSTS);
    } finally {
      await database.close();
    }
    // Under files/: the folders of the uploads store that a backup holds (ADR 0030).
    const uploads = path.join(dataDir, 'uploads', 'files');
    mkdirSync(uploads, { recursive: true });
    for (let i = 0; i < UPLOAD_MB / FILE_MB; i++) {
      writeFileSync(path.join(uploads, `photo-${i}.jpg`), randomBytes(FILE_MB * 1024 * 1024));
    }
    console.log(`\nBackups: demo site + ${POSTS} posts + ${UPLOAD_MB} MB of uploads (${UPLOAD_MB / FILE_MB} files)`);

    const backup = await runCommand('backup', ['backup'], env);
    const archive = backup.output.split('\n').find((line) => line.endsWith('.tar.gz'));
    if (!archive) throw new Error(`no archive path in the backup's output:\n${backup.output}`);
    const archiveMiB = statSync(archive).size / 1024 / 1024;
    const restore = await runCommand('restore', ['restore', archive, '--yes'], env);

    const rows = [['step', 'seconds', 'MB/s', 'peak RSS MiB']];
    for (const run of [backup, restore]) {
      rows.push([run.step, fixed(run.seconds, 1), fixed(archiveMiB / run.seconds, 0), fixed(run.peakRssMiB, 0)]);
    }
    console.log(table(rows, (column) => column > 0));
    console.log(`Archive: ${fixed(archiveMiB, 0)} MiB. ${machineLine()}`);
    const file = writeResults('backups.json', {
      machine: machine(loadBefore),
      uploadsMB: UPLOAD_MB,
      posts: POSTS,
      archiveMiB,
      runs: [backup, restore].map(({ step, seconds, peakRssMiB }) => ({ step, seconds, peakRssMiB })),
    });
    console.log(`Results: ${file}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
