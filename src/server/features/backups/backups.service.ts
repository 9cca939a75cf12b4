import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
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
} from '../../../shared/contracts/backups';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { APP_VERSION } from '../../app-version';
import type { Config } from '../../config';
import type { DialectName } from '../../db/database';
import { latestMigrationName } from '../../db/migrator';
import type { DB } from '../../db/schema';
import { retryWriteConflicts } from '../../db/write-conflicts';
import { AppError, StorageUnavailableError } from '../../lib/errors';
import type { FileStorage, StoredObject } from '../../storage';
import { BackupFormatError, writeArchive } from './backup-archive';
import { verifyArchive } from './backup-archive-read';
import { exclusively, isBusyError } from './backup-lock';
import { backupFailure, failedRowText } from './backup-failures';
import { BACKED_UP_TABLES, type BackedUpTable } from './backup-tables';
import type { TableSource } from './backup-table-parts';
import {
  countCompleted,
  deleteBackupRow,
  failInterrupted,
  findBackup,
  insertBackup,
  latestCompleted,
  listBackups,
  readSetting,
  readTablePage,
  updateBackup,
  writeSetting,
  type BackupRow,
} from './backups.repository';
import { copyToBucket } from './offsite-copy';

/*
 * Backups of the whole site (ADR 0018): create, list, import, delete, retention, the automatic schedule and
 * the off-site copy; restoring is backup-restore.ts. Archives live in the backups store and uploaded files
 * in the uploads store, so every instance sees the same ones (ADR 0030). Used by the API routes, the
 * scheduler job and the command-line scripts.
 */

export interface BackupLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupContext {
  db: Kysely<DB>;
  dialect: DialectName;
  /** BACKUP_DIR is local scratch space here (dot folders), for archives being written, imported or restored. */
  config: Pick<Config, 'backupDir' | 'backupS3'>;
  /** Where the archives are kept, by file name: BACKUP_DIR or the bucket every instance shares (ADR 0030). */
  backups: FileStorage;
  /** The uploaded files (files/…, thumbnails/…) that a backup holds and a restore replaces. */
  uploads: FileStorage;
  log: BackupLog;
  /** Opens the local archive file a backup writes (default: a new file on disk); tests simulate a full disk. */
  openArchiveFile?: (file: string) => Writable;
}

export const SCHEDULE_SETTING = 'backups.auto';
const PAGE_ROWS = 500;
const FILENAME = /^backup-[0-9tz-]+-[a-z]+-[0-9a-f]{8}\.tar\.gz$/;

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

/** The archive's key in the backups store: its file name, which only we make. */
export function archiveKey(filename: string): string {
  if (!FILENAME.test(filename)) throw new Error(`not a backup file name: ${filename}`);
  return filename;
}

function newFilename(type: BackupKind, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').toLowerCase();
  return `backup-${stamp}-${type}-${randomBytes(4).toString('hex')}.tar.gz`;
}

export const errorText = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  const cause = error instanceof StorageUnavailableError && error.cause instanceof Error ? error.cause.message : '';
  return (cause ? `${text} (${cause})` : text).slice(0, 1000);
};

const SCRATCH = /^\.(?:backup|restore)-[0-9a-f]{12}$/;
const IMPORT_SPOOL = /^\.import-[0-9a-f]{16}\.partial$/;
/** An import spool untouched this long was left by a process that stopped (one being written is touched). */
const STALE_SPOOL_MS = 60 * 60_000;

/**
 * A private folder for one run's local files (the archive being written, a restore's staging), under
 * BACKUP_DIR: on the file system of a local backups store, so storing the archive there is a rename. Called
 * under the backups lock, it first removes what runs that stopped half way left: no other run is going on.
 */
export async function scratchFolder(ctx: BackupContext, kind: 'backup' | 'restore'): Promise<string> {
  const root = ctx.config.backupDir;
  await mkdir(root, { recursive: true, mode: 0o700 });
  const cutoff = Date.now() - STALE_SPOOL_MS;
  for (const name of await readdir(root)) {
    const full = path.join(root, name);
    const stale =
      SCRATCH.test(name) || (IMPORT_SPOOL.test(name) && ((await stat(full).catch(() => null))?.mtimeMs ?? 0) < cutoff);
    if (stale) await rm(full, { recursive: true, force: true }).catch(() => {});
  }
  const dir = path.join(root, `.${kind}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { mode: 0o700 });
  return dir;
}

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

/**
 * Creates a backup of the whole site now: a row while it runs; the archive written to local scratch space,
 * copied off-site when configured, then moved into the backups store; retention; the finished row. An
 * unreachable store fails the backup with 503 STORAGE_UNAVAILABLE.
 */
export async function createBackup(
  ctx: BackupContext,
  options: { type: BackupKind; userId: number | null; now?: Date },
): Promise<Backup> {
  return exclusively(ctx.db, async () => {
    // Holding the lock, no backup runs anywhere: a row still "running" belongs to a process that stopped.
    await failInterrupted(ctx.db);
    const now = options.now ?? new Date();
    const filename = newFilename(options.type, now);
    const id = await retryWriteConflicts(() =>
      insertBackup(ctx.db, {
        filename,
        type: options.type,
        version: APP_VERSION,
        createdBy: options.userId,
        now: now.toISOString(),
      }),
    );
    let scratch: string | undefined;
    try {
      scratch = await scratchFolder(ctx, 'backup');
      const file = path.join(scratch, filename);
      const result = await writeArchive(file, {
        header: {
          appVersion: APP_VERSION,
          schemaVersion: latestMigrationName(),
          createdAt: now.toISOString(),
          type: options.type,
          dialect: ctx.dialect,
        },
        tables: BACKED_UP_TABLES.map((t) => tableSource(ctx.db, t)),
        uploads: ctx.uploads,
        // The table parts, dumped before the archive so that its index can give their sizes (ADR 0037).
        scratch: path.join(scratch, 'parts'),
        openFile: ctx.openArchiveFile,
      });
      // From the local file, before it moves into the store (which may be a bucket): read once more, never copied.
      const offsite = await copyOffsite(ctx, file, filename);
      await ctx.backups.putFile(archiveKey(filename), file, { move: true, sha256: result.sha256 });
      await updateBackup(ctx.db, id, {
        status: 'completed',
        size: result.size,
        sha256: result.sha256,
        row_count: result.manifest.rowCount,
        file_count: result.manifest.fileCount,
        completed_at: new Date().toISOString(),
        ...offsite,
      });
      ctx.log.info(
        { backup: filename, rows: result.manifest.rowCount, files: result.manifest.fileCount, bytes: result.size },
        'backup created',
      );
    } catch (error) {
      // The row says why, the lock is released by exclusively() and the scratch folder (with any partial
      // archive) goes in the finally below: a failed backup leaves nothing behind but its row.
      await updateBackup(ctx.db, id, { status: 'failed', error: failedRowText(error) }).catch(() => {});
      ctx.log.error({ err: error, backup: filename }, 'backup failed');
      throw backupFailure(error);
    } finally {
      if (scratch) await rm(scratch, { recursive: true, force: true }).catch(() => {});
    }
    await pruneBackups(ctx, new Date());
    return toBackup((await findBackup(ctx.db, id)) as BackupRow);
  });
}

/** The off-site copy (BACKUP_S3_*): the columns to record, its time or why it failed. */
async function copyOffsite(
  ctx: BackupContext,
  file: string,
  filename: string,
): Promise<{ copied_at?: string; error?: string }> {
  const s3 = ctx.config.backupS3;
  if (!s3) return {};
  try {
    const key = await copyToBucket(s3, file, filename);
    ctx.log.info({ backup: filename, bucket: s3.bucket, key }, 'backup copied off-site');
    return { copied_at: new Date().toISOString() };
  } catch (error) {
    // The backup itself is fine; the list shows why the copy is missing, and the next backup tries again.
    ctx.log.error({ err: error, backup: filename }, 'the off-site copy of a backup failed');
    return { error: `Off-site copy failed: ${errorText(error)}` };
  }
}

/**
 * Retention: the newest BACKUPS_KEEP completed backups are kept unless older than
 * BACKUPS_MAX_AGE_DAYS; failed ones go after the same age. Their archives are deleted from the store, then
 * their rows; one the store cannot delete now keeps its row and goes next time. Runs under the backups
 * lock (ADR 0030): once per new backup, however many instances there are. Returns the removed ids.
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
    try {
      await removeBackup(ctx, row);
      removed.push(Number(row.id));
    } catch (error) {
      ctx.log.error({ err: error, backup: row.filename }, 'an old backup could not be removed; it goes next time');
    }
  }
  if (removed.length > 0) ctx.log.info({ removed }, 'old backups removed');
  return removed;
}

/** The archive first: a row without its archive is "Backup not found", an archive without a row is lost. */
async function removeBackup(ctx: BackupContext, row: BackupRow): Promise<void> {
  if (row.status === 'completed') await ctx.backups.delete(archiveKey(row.filename));
  // An unfinished backup's archive never reached the store, or only partly: removed if it is there.
  else await ctx.backups.delete(archiveKey(row.filename)).catch(() => {});
  await deleteBackupRow(ctx.db, Number(row.id));
}

export async function listAll(ctx: BackupContext): Promise<Backup[]> {
  return (await listBackups(ctx.db)).map(toBackup);
}

const notFound = () => new AppError(404, ErrorCode.NOT_FOUND, BackupMessage.NOT_FOUND);

/** The completed backup with this id (its row), or the catalogue's "Backup not found" (404) or 409. */
export async function completedRow(ctx: BackupContext, id: number): Promise<BackupRow> {
  const row = await findBackup(ctx.db, id);
  if (!row) throw notFound();
  if (row.status !== 'completed') throw new AppError(409, ErrorCode.CONFLICT, BackupMessage.NOT_COMPLETED);
  return row;
}

/** The completed backup with this id whose archive is in the store, or "Backup not found". */
export async function completedBackup(ctx: BackupContext, id: number): Promise<BackupRow> {
  const row = await completedRow(ctx, id);
  if (!(await ctx.backups.exists(archiveKey(row.filename)))) throw notFound();
  return row;
}

/** The archive of a completed backup, opened for reading from the store, or "Backup not found". */
export async function openArchive(ctx: BackupContext, id: number): Promise<{ row: BackupRow; object: StoredObject }> {
  const row = await completedRow(ctx, id);
  const object = await ctx.backups.get(archiveKey(row.filename));
  if (!object) throw notFound();
  return { row, object };
}

/**
 * Deletes a backup's archive and row. A row still "running" is deleted when no backup holds the lock (its
 * process stopped); while one does, 409 BUSY. A failed backup has no archive: only its row goes.
 */
export async function deleteBackup(ctx: BackupContext, id: number): Promise<void> {
  const row = await findBackup(ctx.db, id);
  if (!row) throw notFound();
  if (row.status === 'running' || row.status === 'pending') {
    await exclusively(ctx.db, async () => {
      await failInterrupted(ctx.db);
      await removeBackup(ctx, row);
    });
    return;
  }
  await removeBackup(ctx, row);
}

export function formatError(error: BackupFormatError, template: string = BackupMessage.RESTORE_FAILED): AppError {
  const reason = formatMessage(BackupMessage.INVALID_FORMAT_REASON, { reason: error.reason });
  return new AppError(400, ErrorCode.BAD_REQUEST, formatMessage(template, { error: reason }), [
    { field: 'file', message: reason },
  ]);
}

/**
 * Takes in an archive made by another installation (a local file, e.g. the streamed upload): checked
 * completely, then moved into the backups store as a backup of type imported. Refused with the catalogue's
 * message when it is not a complete backup this version can restore.
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
  const id = await retryWriteConflicts(() =>
    insertBackup(ctx.db, {
      filename,
      type: 'imported',
      version: verified.manifest.appVersion,
      createdBy: userId,
      now: now.toISOString(),
    }),
  );
  try {
    await ctx.backups.putFile(archiveKey(filename), uploaded, { move: true, sha256: verified.sha256 });
  } catch (error) {
    await updateBackup(ctx.db, id, { status: 'failed', error: errorText(error) }).catch(() => {});
    throw error;
  }
  await updateBackup(ctx.db, id, {
    status: 'completed',
    size: verified.size,
    sha256: verified.sha256,
    row_count: verified.manifest.rowCount,
    file_count: verified.manifest.fileCount,
    completed_at: now.toISOString(),
  });
  // Retention under the lock; while a backup or restore holds it, that run's or the next backup's applies it.
  await exclusively(ctx.db, () => pruneBackups(ctx, now)).catch((error: unknown) => {
    if (!isBusyError(error)) throw error;
  });
  const row = await findBackup(ctx.db, id);
  if (!row) throw notFound();
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
