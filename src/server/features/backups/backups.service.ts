import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  BACKUP_SCHEDULE_DEFAULT,
  BACKUPS_KEEP,
  BACKUPS_MAX_AGE_DAYS,
  BackupMessage,
  backupScheduleInputSchema,
  type Backup,
  type BackupKind,
  type BackupSchedule,
  type BackupScheduleInput,
  type RestoreResult,
} from '../../../shared/contracts/backups';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { APP_VERSION } from '../../app-version';
import type { Config } from '../../config';
import type { DialectName } from '../../db/database';
import { latestMigrationName } from '../../db/migrator';
import type { DB } from '../../db/schema';
import { retryWriteConflicts } from '../../db/write-conflicts';
import { AppError } from '../../plugins/errors';
import { claimJob, ensureJobRow, releaseJob } from '../../plugins/job-leases.repository';
import { BackupFormatError, readStagedRows, verifyArchive, writeArchive, type TableSource } from './backup-archive';
import { BACKED_UP_TABLES, EMPTIED_ON_RESTORE, type BackedUpTable } from './backup-tables';
import {
  countCompleted,
  deleteAllRows,
  deleteBackupRow,
  extendLease,
  findBackup,
  insertBackup,
  insertRows,
  latestCompleted,
  listBackups,
  readSetting,
  readTablePage,
  resetIdentity,
  updateBackup,
  writeSetting,
  type BackupRow,
} from './backups.repository';
import { copyToBucket } from './offsite-copy';

/*
 * Backups of the whole site (ADR 0018): create, list, restore, import, delete, retention, the automatic
 * schedule and the off-site copy. Used by the API routes, the scheduler job and the command-line scripts.
 */

export interface BackupLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupContext {
  db: Kysely<DB>;
  dialect: DialectName;
  config: Pick<Config, 'backupDir' | 'uploadDir' | 'backupS3'>;
  log: BackupLog;
}

export const SCHEDULE_SETTING = 'backups.auto';
const PAGE_ROWS = 500;
/** Rows per INSERT: far below every database's limit on bound parameters for our widest table. */
const INSERT_ROWS = 100;
const FILENAME = /^backup-[0-9tz-]+-[a-z]+-[0-9a-f]{8}\.tar\.gz$/;

/**
 * One backup or restore at a time, across instances: two restores interleaving would mix two sites, and a
 * backup taken during a restore would hold half of each. An in-process flag answers at once; a lease row
 * (job_leases, as the scheduler's) covers other instances and the command line. The lease is short and
 * renewed while the work runs, so a process that died frees it within minutes.
 */
const LOCK = 'backups-exclusive';
const LOCK_MS = 5 * 60_000;
const LOCK_RENEW_MS = 60_000;
const lockOwner = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
let busy = false;
async function exclusively<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (busy) throw new AppError(409, ErrorCode.CONFLICT, BackupMessage.BUSY);
  busy = true;
  let renew: NodeJS.Timeout | undefined;
  try {
    const now = new Date();
    await ensureJobRow(db, LOCK);
    const claimed = await retryWriteConflicts(() =>
      claimJob(db, {
        name: LOCK,
        owner: lockOwner,
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + LOCK_MS).toISOString(),
        notStartedSince: null,
      }),
    );
    if (!claimed) throw new AppError(409, ErrorCode.CONFLICT, BackupMessage.BUSY);
    renew = setInterval(() => {
      const until = new Date(Date.now() + LOCK_MS).toISOString();
      extendLease(db, LOCK, lockOwner, until).catch(() => {});
    }, LOCK_RENEW_MS);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await releaseJob(db, { name: LOCK, owner: lockOwner, now: new Date().toISOString(), error: null }).catch(
        () => {},
      );
    }
  } finally {
    busy = false;
  }
}

export function toBackup(row: BackupRow): Backup {
  return {
    id: Number(row.id),
    filename: row.filename,
    type: row.type,
    status: row.status,
    size: Number(row.size),
    version: row.version,
    rowCount: Number(row.row_count),
    fileCount: Number(row.file_count),
    sha256: row.sha256,
    error: row.error,
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: row.created_at,
    completedAt: row.completed_at,
    copiedAt: row.copied_at,
  };
}

const archivePath = (ctx: BackupContext, filename: string) => {
  if (!FILENAME.test(filename)) throw new Error(`not a backup file name: ${filename}`);
  return path.join(ctx.config.backupDir, filename);
};

function newFilename(type: BackupKind, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').toLowerCase();
  return `backup-${stamp}-${type}-${randomBytes(4).toString('hex')}.tar.gz`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

function tableSource(db: Kysely<DB>, { name, key, computed }: BackedUpTable): TableSource {
  return {
    name,
    async *rows() {
      let after: unknown[] | null = null;
      for (;;) {
        const page = await readTablePage(db, name, key, after, PAGE_ROWS, computed);
        yield* page;
        if (page.length < PAGE_ROWS) return;
        const last = page[page.length - 1] as Record<string, unknown>;
        after = key.map((column) => last[column]);
      }
    },
  };
}

/** Creates a backup of the whole site now: a row while it runs, the archive, retention, then the off-site copy. */
export async function createBackup(
  ctx: BackupContext,
  options: { type: BackupKind; userId: number | null; now?: Date },
): Promise<Backup> {
  return exclusively(ctx.db, async () => {
    const now = options.now ?? new Date();
    const filename = newFilename(options.type, now);
    await mkdir(ctx.config.backupDir, { recursive: true, mode: 0o700 });
    const id = await retryWriteConflicts(() =>
      insertBackup(ctx.db, {
        filename,
        type: options.type,
        version: APP_VERSION,
        createdBy: options.userId,
        now: now.toISOString(),
      }),
    );
    const target = archivePath(ctx, filename);
    const partial = `${target}.partial`;
    try {
      const result = await writeArchive(partial, {
        header: {
          appVersion: APP_VERSION,
          schemaVersion: latestMigrationName(),
          createdAt: now.toISOString(),
          type: options.type,
          dialect: ctx.dialect,
        },
        tables: BACKED_UP_TABLES.map((t) => tableSource(ctx.db, t)),
        uploadRoot: ctx.config.uploadDir,
      });
      await rename(partial, target);
      await updateBackup(ctx.db, id, {
        status: 'completed',
        size: result.size,
        sha256: result.sha256,
        row_count: result.manifest.rowCount,
        file_count: result.manifest.fileCount,
        completed_at: new Date().toISOString(),
      });
      ctx.log.info(
        { backup: filename, rows: result.manifest.rowCount, files: result.manifest.fileCount, bytes: result.size },
        'backup created',
      );
    } catch (error) {
      await rm(partial, { force: true }).catch(() => {});
      await updateBackup(ctx.db, id, { status: 'failed', error: errorText(error) }).catch(() => {});
      ctx.log.error({ err: error, backup: filename }, 'backup failed');
      throw new AppError(
        500,
        ErrorCode.INTERNAL_ERROR,
        formatMessage(BackupMessage.BACKUP_FAILED, { error: errorText(error) }),
      );
    }
    await pruneBackups(ctx, new Date());
    await copyOffsite(ctx, id, filename);
    return toBackup((await findBackup(ctx.db, id)) as BackupRow);
  });
}

async function copyOffsite(ctx: BackupContext, id: number, filename: string): Promise<void> {
  const s3 = ctx.config.backupS3;
  if (!s3) return;
  try {
    const key = await copyToBucket(s3, archivePath(ctx, filename), filename);
    await updateBackup(ctx.db, id, { copied_at: new Date().toISOString(), error: null });
    ctx.log.info({ backup: filename, bucket: s3.bucket, key }, 'backup copied off-site');
  } catch (error) {
    // The backup itself is fine; the list shows why the copy is missing, and the next backup tries again.
    await updateBackup(ctx.db, id, { error: `Off-site copy failed: ${errorText(error)}` }).catch(() => {});
    ctx.log.error({ err: error, backup: filename }, 'the off-site copy of a backup failed');
  }
}

/**
 * Retention (spec 02 section 9): the newest BACKUPS_KEEP completed backups are kept unless older than
 * BACKUPS_MAX_AGE_DAYS; failed ones go after the same age. Returns the removed ids.
 */
export async function pruneBackups(ctx: BackupContext, now: Date): Promise<number[]> {
  const oldest = new Date(now.getTime() - BACKUPS_MAX_AGE_DAYS * 86_400_000).toISOString();
  const rows = await listBackups(ctx.db);
  let kept = 0;
  const removed: number[] = [];
  for (const row of rows) {
    if (row.status === 'running' || row.status === 'pending') continue;
    const tooOld = row.created_at < oldest;
    const keep = row.status === 'completed' && !tooOld && kept < BACKUPS_KEEP;
    if (keep) {
      kept += 1;
      continue;
    }
    if (row.status === 'failed' && !tooOld) continue;
    await removeBackup(ctx, row);
    removed.push(Number(row.id));
  }
  if (removed.length > 0) ctx.log.info({ removed }, 'old backups removed');
  return removed;
}

async function removeBackup(ctx: BackupContext, row: BackupRow): Promise<void> {
  await rm(archivePath(ctx, row.filename), { force: true });
  await deleteBackupRow(ctx.db, Number(row.id));
}

export async function listAll(ctx: BackupContext): Promise<Backup[]> {
  return (await listBackups(ctx.db)).map(toBackup);
}

/** The completed backup with this id and its file, or the catalogue's "Backup not found". */
export async function completedBackup(ctx: BackupContext, id: number): Promise<{ row: BackupRow; file: string }> {
  const row = await findBackup(ctx.db, id);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, BackupMessage.NOT_FOUND);
  if (row.status !== 'completed') throw new AppError(409, ErrorCode.CONFLICT, BackupMessage.NOT_COMPLETED);
  const file = archivePath(ctx, row.filename);
  try {
    await stat(file);
  } catch {
    throw new AppError(404, ErrorCode.NOT_FOUND, BackupMessage.NOT_FOUND);
  }
  return { row, file };
}

export async function deleteBackup(ctx: BackupContext, id: number): Promise<void> {
  const row = await findBackup(ctx.db, id);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, BackupMessage.NOT_FOUND);
  if (row.status === 'running') throw new AppError(409, ErrorCode.CONFLICT, BackupMessage.BUSY);
  await removeBackup(ctx, row);
}

function formatError(error: BackupFormatError, template: string = BackupMessage.RESTORE_FAILED): AppError {
  const reason = formatMessage(BackupMessage.INVALID_FORMAT_REASON, { reason: error.reason });
  return new AppError(400, ErrorCode.BAD_REQUEST, formatMessage(template, { error: reason }), [
    { field: 'file', message: reason },
  ]);
}

/** Restores one of the listed backups. */
export async function restoreBackup(ctx: BackupContext, id: number): Promise<RestoreResult> {
  const { file } = await completedBackup(ctx, id);
  return restoreFromFile(ctx, file);
}

/**
 * Replaces every row and uploaded file by the archive's. The archive is read and checked completely first
 * (into a staging folder); anything wrong refuses it before a single row or file changes. Then the rows are
 * replaced in one transaction, and the upload folder's contents are swapped for the staged ones.
 */
export async function restoreFromFile(ctx: BackupContext, file: string): Promise<RestoreResult> {
  return exclusively(ctx.db, async () => {
    const token = randomBytes(6).toString('hex');
    const stagingDb = path.join(ctx.config.backupDir, `.restore-${token}`);
    const stagingUploads = path.join(ctx.config.uploadDir, `.restore-${token}`);
    const replaced = path.join(ctx.config.uploadDir, `.replaced-${token}`);
    try {
      await mkdir(stagingDb, { recursive: true, mode: 0o700 });
      await mkdir(stagingUploads, { recursive: true });
      let verified;
      try {
        verified = await verifyArchive(file, {
          stage: { dbDir: stagingDb, uploadsDir: stagingUploads },
          expectedTables: BACKED_UP_TABLES.map((t) => t.name),
          schemaVersion: latestMigrationName(),
        });
      } catch (error) {
        if (error instanceof BackupFormatError) throw formatError(error);
        throw error;
      }
      const { manifest } = verified;

      try {
        await ctx.db.transaction().execute(async (trx) => {
          const everything = [...BACKED_UP_TABLES.map((t) => t.name), ...EMPTIED_ON_RESTORE];
          for (const table of [...everything].reverse()) await deleteAllRows(trx, table);
          for (const table of manifest.tables) {
            for (const part of table.parts) {
              let batch: Record<string, unknown>[] = [];
              for await (const row of readStagedRows(path.join(stagingDb, ...part.path.split('/').slice(1)))) {
                batch.push(row);
                if (batch.length >= INSERT_ROWS) {
                  await insertRows(trx, table.name, batch);
                  batch = [];
                }
              }
              await insertRows(trx, table.name, batch);
            }
            const spec = BACKED_UP_TABLES.find((t) => t.name === table.name);
            if (spec?.key.length === 1 && spec.key[0] === 'id') await resetIdentity(trx, ctx.dialect, table.name);
          }
        });
      } catch (error) {
        ctx.log.error({ err: error }, 'restore failed; the database was left as it was');
        throw new AppError(
          500,
          ErrorCode.INTERNAL_ERROR,
          formatMessage(BackupMessage.RESTORE_FAILED, { error: errorText(error) }),
        );
      }

      await swapUploads(ctx.config.uploadDir, stagingUploads, replaced);
      ctx.log.info({ rows: manifest.rowCount, files: manifest.fileCount, from: manifest.dialect }, 'backup restored');
      return {
        rowCount: manifest.rowCount,
        fileCount: manifest.fileCount,
        sourceDialect: manifest.dialect,
        createdAt: manifest.createdAt,
      };
    } finally {
      await rm(stagingDb, { recursive: true, force: true }).catch(() => {});
      await rm(stagingUploads, { recursive: true, force: true }).catch(() => {});
      await rm(replaced, { recursive: true, force: true }).catch(() => {});
    }
  });
}

/**
 * Moves the upload folder's entries (dot folders aside: the upload spool, stagings) out of the way and the
 * staged ones in: renames within one file system, so each entry changes at once.
 */
async function swapUploads(root: string, staged: string, replaced: string): Promise<void> {
  await mkdir(replaced, { recursive: true });
  const visible = async (dir: string) => (await readdir(dir)).filter((name) => !name.startsWith('.'));
  const moved: string[] = [];
  try {
    for (const name of await visible(root)) {
      await rename(path.join(root, name), path.join(replaced, name));
      moved.push(name);
    }
    for (const name of await visible(staged)) await rename(path.join(staged, name), path.join(root, name));
  } catch (error) {
    // Put the old files back so that the folder is never half of each.
    for (const name of await visible(root)) await rm(path.join(root, name), { recursive: true, force: true });
    for (const name of moved) await rename(path.join(replaced, name), path.join(root, name)).catch(() => {});
    throw error;
  }
}

/**
 * Takes in an archive made by another installation (already on disk, e.g. the streamed upload): checked
 * completely, then kept as a backup of type imported. Refused with the catalogue's message when it is not
 * a complete backup this version can restore.
 */
export async function importBackup(ctx: BackupContext, uploaded: string, userId: number | null): Promise<Backup> {
  let verified;
  try {
    verified = await verifyArchive(uploaded, {
      expectedTables: BACKED_UP_TABLES.map((t) => t.name),
      schemaVersion: latestMigrationName(),
    });
  } catch (error) {
    if (error instanceof BackupFormatError) throw formatError(error, BackupMessage.IMPORT_FAILED);
    throw error;
  }
  const now = new Date();
  const filename = newFilename('imported', now);
  await mkdir(ctx.config.backupDir, { recursive: true, mode: 0o700 });
  await rename(uploaded, archivePath(ctx, filename));
  const id = await retryWriteConflicts(() =>
    insertBackup(ctx.db, {
      filename,
      type: 'imported',
      version: verified.manifest.appVersion,
      createdBy: userId,
      now: now.toISOString(),
    }),
  );
  await updateBackup(ctx.db, id, {
    status: 'completed',
    size: verified.size,
    sha256: verified.sha256,
    row_count: verified.manifest.rowCount,
    file_count: verified.manifest.fileCount,
    completed_at: now.toISOString(),
  });
  await pruneBackups(ctx, now);
  const row = await findBackup(ctx.db, id);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, BackupMessage.NOT_FOUND);
  return toBackup(row);
}

// ---------------------------------------------------------------- the automatic schedule

export async function readSchedule(ctx: BackupContext): Promise<BackupScheduleInput> {
  const text = await readSetting(ctx.db, SCHEDULE_SETTING);
  if (!text) return BACKUP_SCHEDULE_DEFAULT;
  try {
    const parsed = backupScheduleInputSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : BACKUP_SCHEDULE_DEFAULT;
  } catch {
    return BACKUP_SCHEDULE_DEFAULT;
  }
}

export async function scheduleView(ctx: BackupContext): Promise<BackupSchedule> {
  const [schedule, count, last] = await Promise.all([
    readSchedule(ctx),
    countCompleted(ctx.db),
    latestCompleted(ctx.db),
  ]);
  return {
    ...schedule,
    backupCount: count,
    lastBackupAt: last?.created_at ?? null,
    offsiteCopy: !!ctx.config.backupS3,
  };
}

export async function saveSchedule(
  ctx: BackupContext,
  input: BackupScheduleInput,
  userId: number | null,
): Promise<BackupSchedule> {
  await retryWriteConflicts(() =>
    writeSetting(ctx.db, SCHEDULE_SETTING, JSON.stringify(input), userId, new Date().toISOString()),
  );
  return scheduleView(ctx);
}

/** The scheduler job: an automatic backup when they are on and the last one is `everyHours` old. */
export async function runAutoBackupIfDue(ctx: BackupContext, now: Date): Promise<Backup | null> {
  const schedule = await readSchedule(ctx);
  if (!schedule.enabled) return null;
  const last = await latestCompleted(ctx.db, 'auto');
  if (last && now.getTime() - Date.parse(last.created_at) < schedule.everyHours * 3_600_000) return null;
  return createBackup(ctx, { type: 'auto', userId: null, now });
}
