import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig, readEnvironment } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { restoreFromFile, restoreFromStore } from '../src/server/features/backups/backup-restore';
import type { BackupContext } from '../src/server/features/backups/backups.service';
import { createStorage, isValidStorageKey } from '../src/server/storage';

/*
 * `restore FILE [--yes]`: replaces every table and uploaded file of this site by those of a backup archive
 * (a path, or the name of a backup in the backups store: BACKUP_DIR, or the shared bucket with STORAGE_S3_*).
 * The archive is checked completely before anything changes; a damaged or foreign one is refused. Everybody
 * signs in again afterwards. Asks for confirmation unless --yes is given. Exit codes: 0 restored, 1 refused
 * or failed (nothing changed), 2 usage, a backup not found, or no terminal to confirm on.
 */

/** An error's message, with the cause of a store that could not be reached. */
const describe = (error: unknown) =>
  error instanceof Error
    ? error.cause instanceof Error
      ? `${error.message}: ${error.cause.message}`
      : error.message
    : String(error);

/** Whether the operator typed RESTORE (or said --yes); the exit code to stop with when not. */
async function confirmed(yes: boolean, databaseUrl: string, given: string): Promise<number | null> {
  if (yes) return null;
  if (!process.stdin.isTTY) {
    console.error('This replaces every row and uploaded file of the site. Add --yes to run without a terminal.');
    return 2;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(
    `Replace every row and uploaded file of ${databaseUrl.split('@').pop()} with ${path.basename(given)}? Type RESTORE: `,
  );
  prompt.close();
  if (answer.trim() === 'RESTORE') return null;
  console.error('Nothing was changed.');
  return 1;
}

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { yes: { type: 'boolean', short: 'y', default: false } },
    allowPositionals: true,
  });
  const config = loadConfig(readEnvironment());
  const [given] = positionals;
  if (!given || positionals.length > 1) {
    console.error('usage: npm run restore -- FILE [--yes]');
    return 2;
  }
  const backups = createStorage(config, 'backups');
  const uploads = createStorage(config, 'uploads');
  // A path is the operator's, relative to where they are.
  const local = existsSync(given) ? path.resolve(given) : null;
  let stored = false;
  if (local === null && isValidStorageKey(given)) {
    try {
      stored = await backups.exists(given);
    } catch (error) {
      console.error(`The backups store cannot be read: ${describe(error)}`);
      return 1;
    }
  }
  if (local === null && !stored) {
    console.error(`Backup not found: ${given}`);
    return 2;
  }
  const refused = await confirmed(values.yes, config.databaseUrl, given);
  if (refused !== null) return refused;

  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  const log = {
    info: (object: object, message: string) => console.log(message, JSON.stringify(object)),
    error: (_object: object, message: string) => console.error(message),
  };
  try {
    await migrateToLatest(database.db);
    const ctx: BackupContext = { db: database.db, dialect: database.dialect, config, backups, uploads, log };
    const result = local ? await restoreFromFile(ctx, local) : await restoreFromStore(ctx, given);
    console.log(
      `Restored ${result.rowCount} rows and ${result.fileCount} files from a ${result.sourceDialect} backup of ${result.createdAt}.`,
    );
    return 0;
  } catch (error) {
    console.error(describe(error));
    return 1;
  } finally {
    await database.close();
  }
}
