import { createReadStream } from 'node:fs';
import { mkdir, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BackupMessage, type RestoreResult } from '../../../shared/contracts/backups';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { latestMigrationName } from '../../db/migrator';
import { AppError } from '../../lib/errors';
import { isDatabaseUnreachable } from '../../http/error-handler';
import { isValidStorageKey } from '../../storage';
import { BackupFormatError, listStoredUploads, type BackupManifest } from './backup-archive';
import { readStagedRows, verifyArchive } from './backup-archive-read';
import { exclusively } from './backup-lock';
import { checkRow, loadTableRules } from './backup-row-checks';
import { loadForeignKeys, ReferenceCheck } from './backup-row-references';
import { BACKED_UP_TABLES, EMPTIED_ON_RESTORE } from './backup-tables';
import { deleteAllRows, insertRows, resetIdentity } from './backups.repository';
import { archiveKey, completedRow, formatError, scratchFolder, type BackupContext } from './backups.service';

/*
 * Restoring a backup (ADR 0018), from the backups store or a local file, into the database and the uploads
 * store (local folder or bucket alike, ADR 0030). The order never leaves a row naming a missing file:
 *   1. the whole archive is read and checked into local staging: anything wrong refuses it, nothing changed;
 *   2. the backup's files are written to the uploads store (next to the current ones);
 *   3. every table's rows are replaced in one transaction;
 *   4. the stored files the backup does not have are deleted.
 */

const REFUSED =
  "the database refused the backup's rows (a row repeats a unique value or refers to a row that is not there); nothing was changed";

/**
 * Reads every staged row and checks it (backup-row-checks.ts) and its references to other rows
 * (backup-row-references.ts); the first refused row refuses the archive. Rows are read once, and those of
 * a table that refers to a table read after it (none, in the archive's order of parents first) twice.
 */
async function checkStagedRows(ctx: BackupContext, manifest: BackupManifest, stagedDb: string): Promise<void> {
  const rules = await loadTableRules(ctx.db, ctx.dialect);
  const references = new ReferenceCheck(
    await loadForeignKeys(ctx.db, ctx.dialect),
    BACKED_UP_TABLES.filter((spec) => manifest.tables.some((t) => t.name === spec.name)),
  );
  const eachRow = async (
    table: BackupManifest['tables'][number],
    see: (row: Record<string, unknown>, index: number) => void,
  ) => {
    let index = 0;
    for (const part of table.parts) {
      const file = path.join(stagedDb, ...part.path.split('/').slice(1));
      try {
        for await (const row of readStagedRows(file)) see(row, (index += 1));
      } catch (error) {
        if (error instanceof SyntaxError)
          throw new BackupFormatError(`table ${table.name}, row ${index + 1}: not JSON`);
        throw error;
      }
    }
  };
  for (const table of manifest.tables) {
    references.start(table.name);
    await eachRow(table, (row, index) => {
      checkRow(rules, table.name, row, index);
      references.see(table.name, row, index);
    });
  }
  const later = new Set(references.deferredTables());
  for (const table of manifest.tables.filter((t) => later.has(t.name))) {
    await eachRow(table, (row, index) => references.checkLater(table.name, row, index));
  }
}

const DISK_MARGIN_BYTES = 64 * 1024 * 1024;
async function roomFor(folder: string): Promise<number> {
  const fs = await statfs(folder);
  return Math.max(0, fs.bavail * fs.bsize - DISK_MARGIN_BYTES);
}

/** Rows per INSERT: far below every database's limit on bound parameters for our widest table. */
const INSERT_ROWS = 100;
const UPLOADS_PREFIX = 'uploads/';

/** Restores one of the listed backups. */
export async function restoreBackup(ctx: BackupContext, id: number): Promise<RestoreResult> {
  const row = await completedRow(ctx, id);
  return restoreFromStore(ctx, row.filename);
}

/** Restores the archive of this name in the backups store ("Backup not found" when there is none). */
export async function restoreFromStore(ctx: BackupContext, filename: string): Promise<RestoreResult> {
  return restoreArchive(ctx, async () => {
    const object = await ctx.backups.get(archiveKey(filename));
    if (!object) throw new AppError(404, ErrorCode.NOT_FOUND, BackupMessage.NOT_FOUND);
    return object.stream;
  });
}

/** Restores an archive on local disk (the command line's FILE). */
export async function restoreFromFile(ctx: BackupContext, file: string): Promise<RestoreResult> {
  return restoreArchive(ctx, async () => createReadStream(file));
}

/**
 * Replaces every row and uploaded file by the archive's, in the order above, holding the backups lock.
 * The archive is read once, as a stream: it is never copied whole to local disk.
 */
async function restoreArchive(ctx: BackupContext, open: () => Promise<Readable>): Promise<RestoreResult> {
  return exclusively(ctx.db, async () => {
    const scratch = await scratchFolder(ctx, 'restore');
    const stage = { dbDir: path.join(scratch, 'db'), uploadsDir: path.join(scratch, 'uploads') };
    try {
      await mkdir(stage.dbDir, { recursive: true });
      await mkdir(stage.uploadsDir, { recursive: true });
      let manifest: BackupManifest;
      try {
        ({ manifest } = await verifyArchive(await open(), {
          stage,
          // What the staging disk can take, less a margin: an archive that would fill it is refused first.
          maxExpandedBytes: await roomFor(scratch),
          expectedTables: BACKED_UP_TABLES.map((t) => t.name),
          schemaVersion: latestMigrationName(),
        }));
        // Every row against its column and the API's contracts, before anything is stored or replaced.
        await checkStagedRows(ctx, manifest, stage.dbDir);
      } catch (error) {
        if (error instanceof BackupFormatError) throw formatError(error);
        throw error;
      }

      // Files no upload can be named by (an archive made by walking a folder that held other things) are
      // not part of the site: nothing could serve them.
      const files = manifest.files.map((f) => ({ key: f.path.slice(UPLOADS_PREFIX.length), sha256: f.sha256 }));
      const storableFiles = files.filter((f) => isValidStorageKey(f.key));
      const storable = storableFiles.map((f) => f.key);
      if (storable.length < files.length) {
        const skipped = files.filter((f) => !isValidStorageKey(f.key)).map((f) => f.key);
        ctx.log.info({ skipped: skipped.slice(0, 20) }, 'restore skips stray files');
      }

      const before = await listStoredUploads(ctx.uploads);
      const added = await storeFiles(ctx, storableFiles, stage.uploadsDir, new Set(before));
      try {
        await replaceRows(ctx, manifest, stage.dbDir);
      } catch (error) {
        await removeQuietly(ctx, added);
        ctx.log.error({ err: error }, 'restore failed; the database was left as it was');
        if (isDatabaseUnreachable(error)) throw error;
        // The database's own text names columns, constraints and the database: the log has it, not the answer.
        throw new AppError(409, ErrorCode.CONFLICT, formatMessage(BackupMessage.RESTORE_FAILED, { error: REFUSED }));
      }
      const inBackup = new Set(storable);
      const removed = await removeQuietly(
        ctx,
        before.filter((key) => !inBackup.has(key)),
      );

      ctx.log.info(
        { rows: manifest.rowCount, files: storable.length, removedFiles: removed, from: manifest.dialect },
        'backup restored',
      );
      return {
        rowCount: manifest.rowCount,
        fileCount: storable.length,
        sourceDialect: manifest.dialect,
        createdAt: manifest.createdAt,
      };
    } finally {
      await rm(scratch, { recursive: true, force: true }).catch(() => {});
    }
  });
}

/**
 * Writes the staged files into the uploads store (moved, not copied, where the store is local). Returns the
 * keys that were not there before; when a write fails, those are removed again and the error goes on (an
 * unreachable store: 503), with the rows untouched.
 */
async function storeFiles(
  ctx: BackupContext,
  files: { key: string; sha256: string }[],
  stagedRoot: string,
  present: Set<string>,
) {
  const added: string[] = [];
  try {
    for (const { key, sha256 } of files) {
      // The checksum the archive's check just verified: a bucket need not read the file again for it.
      await ctx.uploads.putFile(key, path.join(stagedRoot, ...key.split('/')), { move: true, sha256 });
      if (!present.has(key)) added.push(key);
    }
  } catch (error) {
    await removeQuietly(ctx, added);
    ctx.log.error({ err: error }, 'restore failed while storing files; the database was left as it was');
    throw error;
  }
  return added;
}

/**
 * Deletes these stored uploads, going on past failures: what is left is an object no row names, which the
 * uploads' orphan sweep removes later. Returns how many went.
 */
async function removeQuietly(ctx: BackupContext, keys: string[]): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    try {
      await ctx.uploads.delete(key);
      removed += 1;
    } catch (error) {
      ctx.log.error({ err: error, key }, 'a stored file could not be removed; the orphan sweep will');
    }
  }
  return removed;
}

/** One transaction: every table emptied in reverse order, then the staged rows inserted in order. */
async function replaceRows(ctx: BackupContext, manifest: BackupManifest, stagedDb: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const everything = [...BACKED_UP_TABLES.map((t) => t.name), ...EMPTIED_ON_RESTORE];
    for (const table of [...everything].reverse()) await deleteAllRows(trx, table);
    for (const table of manifest.tables) {
      for (const part of table.parts) {
        let batch: Record<string, unknown>[] = [];
        for await (const row of readStagedRows(path.join(stagedDb, ...part.path.split('/').slice(1)))) {
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
}
