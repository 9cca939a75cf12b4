import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig, readEnvironment } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { restoreFromFile } from '../src/server/features/backups/backups.service';

/*
 * npm run restore -- FILE [--yes]: replaces every table and uploaded file of this site by those of a backup
 * archive (a path, or the name of a file in BACKUP_DIR). The archive is checked completely before anything
 * changes; a damaged or foreign one is refused. Everybody signs in again afterwards. Asks for confirmation
 * unless --yes is given.
 */
const { values, positionals } = parseArgs({
  options: { yes: { type: 'boolean', short: 'y', default: false } },
  allowPositionals: true,
});
const config = loadConfig(readEnvironment());
const [given] = positionals;
if (!given || positionals.length > 1) {
  console.error('usage: npm run restore -- FILE [--yes]');
  process.exit(2);
}
const file = existsSync(given) ? path.resolve(given) : path.join(config.backupDir, given);
if (!existsSync(file)) {
  console.error(`Backup not found: ${given}`);
  process.exit(2);
}
if (!values.yes) {
  if (!process.stdin.isTTY) {
    console.error('This replaces every row and uploaded file of the site. Add --yes to run without a terminal.');
    process.exit(2);
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(
    `Replace every row and uploaded file of ${config.databaseUrl.split('@').pop()} with ${path.basename(file)}? Type RESTORE: `,
  );
  prompt.close();
  if (answer.trim() !== 'RESTORE') {
    console.error('Nothing was changed.');
    process.exit(1);
  }
}

const database = createDatabase(config.databaseUrl);
const log = {
  info: (object: object, message: string) => console.log(message, JSON.stringify(object)),
  error: (_object: object, message: string) => console.error(message),
};
try {
  await migrateToLatest(database.db);
  const result = await restoreFromFile({ db: database.db, dialect: database.dialect, config, log }, file);
  console.log(
    `Restored ${result.rowCount} rows and ${result.fileCount} files from a ${result.sourceDialect} backup of ${result.createdAt}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
