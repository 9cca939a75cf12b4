import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import type { ListedObject } from './file-storage';
import { LocalDiskStorage, TEMPORARY_SUFFIX } from './local-disk';
import { S3Storage, sha256OfFile } from './s3-storage';

/*
 * The migration command's work (scripts/storage.ts, ADR 0030): copies a local installation's stored files
 * (UPLOAD_DIR files/ and thumbnails/, BACKUP_DIR archives) into the bucket named by STORAGE_S3_*, back from
 * it, or compares both sides. Resumable (an object already there with the same size and SHA-256 is
 * skipped) and never deletes anything: the old place keeps serving until the configuration is switched.
 */

export type MigrationCommand = 'push' | 'pull' | 'verify';
export const MIGRATION_COMMANDS: readonly MigrationCommand[] = ['push', 'pull', 'verify'];

export class MigrationConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationConfigError';
  }
}

/** One kind of stored file: its local folder, its place in the bucket and which keys belong to it. */
interface Area {
  name: string;
  local: LocalDiskStorage;
  localDir: string;
  remote: S3Storage;
  remoteUrl: string;
  list(storage: LocalDiskStorage | S3Storage): Promise<ListedObject[]>;
}

export interface AreaReport {
  area: string;
  local: number;
  bucket: number;
  copied: number;
  skipped: number;
  /** verify: on one side only, or different (size or SHA-256). push/pull: copies that failed. */
  missingInBucket: string[];
  missingLocally: string[];
  different: string[];
  failed: string[];
}

export const hasDifferences = (reports: readonly AreaReport[], command: MigrationCommand) =>
  reports.some(
    (r) =>
      r.failed.length > 0 ||
      (command === 'verify' && r.missingInBucket.length + r.missingLocally.length + r.different.length > 0),
  );

function areasOf(config: Config): Area[] {
  const s3 = config.storageS3;
  if (!s3) {
    throw new MigrationConfigError(
      'STORAGE_S3_BUCKET is not set: name the bucket (and STORAGE_S3_ENDPOINT, STORAGE_S3_REGION, ' +
        'STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY, STORAGE_S3_PREFIX as needed) to copy the files to or from.',
    );
  }
  const where = (prefix: string) => `s3://${s3.bucket}/${prefix}`;
  const backupsPrefix = `${s3.prefix}backups/`;
  return [
    {
      name: 'uploads',
      local: new LocalDiskStorage(config.uploadDir),
      localDir: config.uploadDir,
      remote: new S3Storage(s3, s3.prefix, { immutable: true }),
      remoteUrl: where(s3.prefix),
      list: async (storage) => [...(await storage.list('files')), ...(await storage.list('thumbnails'))],
    },
    {
      name: 'backups',
      local: new LocalDiskStorage(config.backupDir),
      localDir: config.backupDir,
      remote: new S3Storage(s3, backupsPrefix),
      remoteUrl: where(backupsPrefix),
      // Archives lie at the top of the folder; anything in sub-folders is not ours.
      list: async (storage) => (await storage.list('')).filter((o) => !o.key.includes('/')),
    },
  ];
}

async function hashStream(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** The SHA-256 of a bucket object: its recorded one when `trustRecorded`, else read through. */
async function remoteSha256(remote: S3Storage, key: string, trustRecorded: boolean): Promise<string | null> {
  if (trustRecorded) {
    const info = await remote.stat(key);
    if (info?.sha256) return info.sha256;
  }
  const object = await remote.get(key);
  return object ? hashStream(object.stream) : null;
}

/** Runs `work` over the items, a few at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const CONCURRENCY = 4;
const emptyReport = (area: string, local: number, bucket: number): AreaReport => ({
  area,
  local,
  bucket,
  copied: 0,
  skipped: 0,
  missingInBucket: [],
  missingLocally: [],
  different: [],
  failed: [],
});

async function push(area: Area, say: (line: string) => void): Promise<AreaReport> {
  const [local, remote] = await Promise.all([area.list(area.local), area.list(area.remote)]);
  const inBucket = new Map(remote.map((o) => [o.key, o]));
  const report = emptyReport(area.name, local.length, remote.length);
  await eachLimited(local, CONCURRENCY, async (object) => {
    try {
      const file = area.local.fileOf(object.key);
      const sha256 = await sha256OfFile(file);
      const there = inBucket.get(object.key);
      if (there && there.size === object.size && (await remoteSha256(area.remote, object.key, true)) === sha256) {
        report.skipped += 1;
        return;
      }
      await area.remote.putFile(object.key, file, { sha256 });
      report.copied += 1;
      say(`  copied ${object.key} (${object.size} bytes)`);
    } catch (error) {
      report.failed.push(object.key);
      say(`  FAILED ${object.key}: ${reason(error)}`);
    }
  });
  return report;
}

async function pull(area: Area, say: (line: string) => void): Promise<AreaReport> {
  const [local, remote] = await Promise.all([area.list(area.local), area.list(area.remote)]);
  const onDisk = new Map(local.map((o) => [o.key, o]));
  const report = emptyReport(area.name, local.length, remote.length);
  await mkdir(area.localDir, { recursive: true });
  await eachLimited(remote, CONCURRENCY, async (object) => {
    // Received beside its place (a rename puts it there), named as a temporary file that sweeps remove.
    const spool = path.join(area.localDir, `.pull-${randomBytes(8).toString('hex')}${TEMPORARY_SUFFIX}`);
    try {
      const recorded = (await area.remote.stat(object.key))?.sha256;
      const here = onDisk.get(object.key);
      if (here && here.size === object.size) {
        const sha256 = await sha256OfFile(area.local.fileOf(object.key));
        if (sha256 === (recorded ?? (await remoteSha256(area.remote, object.key, false)))) {
          report.skipped += 1;
          return;
        }
      }
      const stored = await area.remote.get(object.key);
      if (!stored) throw new Error('removed from the bucket meanwhile');
      const hash = createHash('sha256');
      await pipeline(
        stored.stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(spool, { flags: 'wx', mode: 0o644 }),
      );
      const sha256 = hash.digest('hex');
      if (recorded && recorded !== sha256) throw new Error(`its SHA-256 is ${sha256}, the bucket recorded ${recorded}`);
      await area.local.putFile(object.key, spool, { move: true });
      report.copied += 1;
      say(`  copied ${object.key} (${object.size} bytes)`);
    } catch (error) {
      report.failed.push(object.key);
      say(`  FAILED ${object.key}: ${reason(error)}`);
    } finally {
      await rm(spool, { force: true });
    }
  });
  return report;
}

/** Compares both sides object by object: sizes, then the SHA-256 of both, each read through. */
async function verify(area: Area, say: (line: string) => void): Promise<AreaReport> {
  const [local, remote] = await Promise.all([area.list(area.local), area.list(area.remote)]);
  const report = emptyReport(area.name, local.length, remote.length);
  const inBucket = new Map(remote.map((o) => [o.key, o]));
  const onDisk = new Set(local.map((o) => o.key));
  report.missingLocally = remote.filter((o) => !onDisk.has(o.key)).map((o) => o.key);
  const both = local.filter((o) => {
    if (inBucket.has(o.key)) return true;
    report.missingInBucket.push(o.key);
    return false;
  });
  await eachLimited(both, CONCURRENCY, async (object) => {
    try {
      const there = inBucket.get(object.key) as ListedObject;
      if (there.size !== object.size) {
        report.different.push(object.key);
        say(`  DIFFERENT ${object.key}: ${object.size} bytes here, ${there.size} in the bucket`);
        return;
      }
      const [mine, theirs] = await Promise.all([
        sha256OfFile(area.local.fileOf(object.key)),
        remoteSha256(area.remote, object.key, false),
      ]);
      if (mine === theirs) report.skipped += 1;
      else {
        report.different.push(object.key);
        say(`  DIFFERENT ${object.key}: SHA-256 ${mine} here, ${theirs} in the bucket`);
      }
    } catch (error) {
      report.failed.push(object.key);
      say(`  FAILED ${object.key}: ${reason(error)}`);
    }
  });
  for (const key of report.missingInBucket) say(`  MISSING in the bucket: ${key}`);
  for (const key of report.missingLocally) say(`  MISSING locally: ${key}`);
  return report;
}

function reason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}

function summary(command: MigrationCommand, r: AreaReport): string {
  const counts = `${r.local} here, ${r.bucket} in the bucket`;
  if (command === 'verify') {
    const same = `${r.skipped} the same`;
    return `  ${counts}: ${same}, ${r.different.length} different, ${r.missingInBucket.length} missing in the bucket, ${r.missingLocally.length} missing locally${r.failed.length ? `, ${r.failed.length} could not be read` : ''}`;
  }
  return `  ${counts}: ${r.copied} copied, ${r.skipped} already there, ${r.failed.length} failed`;
}

/**
 * Runs one command over uploads and backups, writing its progress through `say`. Throws
 * MigrationConfigError without a bucket, StorageUnavailableError when the bucket cannot be used.
 */
export async function runStorageMigration(
  command: MigrationCommand,
  config: Config,
  say: (line: string) => void = console.log,
): Promise<AreaReport[]> {
  const areas = areasOf(config);
  await areas[0]!.remote.check();
  const reports: AreaReport[] = [];
  for (const area of areas) {
    const arrow = command === 'pull' ? '←' : command === 'push' ? '→' : '↔';
    say(`${command} ${area.name}: ${area.localDir} ${arrow} ${area.remoteUrl}`);
    const run = command === 'push' ? push : command === 'pull' ? pull : verify;
    const report = await run(area, say);
    say(summary(command, report));
    reports.push(report);
  }
  return reports;
}
