import path from 'node:path';
import { loadConfig, readEnvironment } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { createBackup } from '../src/server/features/backups/backups.service';
import { createStorage } from '../src/server/storage';

/*
 * `backup`: a backup of the whole site (every table and uploaded file) into the backups store (BACKUP_DIR,
 * or the shared bucket with STORAGE_S3_*), kept and pruned like the ones made in the admin, and copied to
 * the S3 bucket when BACKUP_S3_BUCKET is set. Safe while the server runs. Prints where the archive is.
 * Exit code 1 when the backup failed.
 */
export async function run(): Promise<number> {
  const config = loadConfig(readEnvironment());
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  const log = {
    info: (object: object, message: string) => console.log(message, JSON.stringify(object)),
    error: (object: object, message: string) => console.error(message, JSON.stringify(object, ['message', 'backup'])),
  };
  try {
    await migrateToLatest(database.db);
    const backup = await createBackup(
      {
        db: database.db,
        dialect: database.dialect,
        config,
        backups: createStorage(config, 'backups'),
        uploads: createStorage(config, 'uploads'),
        log,
      },
      { type: 'manual', userId: null },
    );
    const s3 = config.storageS3;
    console.log(
      s3 ? `s3://${s3.bucket}/${s3.prefix}backups/${backup.filename}` : path.join(config.backupDir, backup.filename),
    );
    console.log(`${backup.rowCount} rows, ${backup.fileCount} files, ${backup.size} bytes, sha256 ${backup.sha256}`);
    if (backup.error) console.error(backup.error);
    return 0;
  } catch (error) {
    // With the cause of a store that could not be reached.
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    console.error(error instanceof Error ? `${error.message}${cause}` : String(error));
    return 1;
  } finally {
    await database.close();
  }
}
