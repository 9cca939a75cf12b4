import { ConfigError, loadConfig, readEnvironment } from '../src/server/config';
import { StorageUnavailableError } from '../src/server/lib/errors';
import {
  MIGRATION_COMMANDS,
  MigrationConfigError,
  hasDifferences,
  runStorageMigration,
  type MigrationCommand,
} from '../src/server/storage/migration';

/*
 * `storage push | pull | verify` (npm run storage -- …, ADR 0030): moves a site's stored files to object storage.
 *   push    copies UPLOAD_DIR (files/, thumbnails/) and BACKUP_DIR archives into the STORAGE_S3_* bucket
 *   pull    copies them back from the bucket into those folders
 *   verify  compares both sides (counts, sizes, SHA-256 of every object) and fails on any difference
 * Resumable: what is already there with the same size and SHA-256 is skipped. Nothing is ever deleted:
 * the old place keeps serving until the configuration is switched and the instances restarted.
 * Exit codes: 0 done (verify: both sides the same), 1 differences or failed copies, 2 usage or configuration.
 */
const USAGE = 'usage: npm run storage -- push | pull | verify';

export async function run(args: string[]): Promise<number> {
  const command = args[0] as MigrationCommand | undefined;
  if (!command || !MIGRATION_COMMANDS.includes(command) || args.length > 1) {
    console.error(USAGE);
    return 2;
  }
  try {
    const reports = await runStorageMigration(command, loadConfig(readEnvironment()));
    const differs = hasDifferences(reports, command);
    if (command === 'verify') console.log(differs ? 'verify: the two sides differ' : 'verify: both sides are the same');
    else if (differs) console.error(`${command}: some files could not be copied; run it again to retry them`);
    else console.log(`${command}: done`);
    return differs ? 1 : 0;
  } catch (error) {
    if (error instanceof MigrationConfigError || error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof StorageUnavailableError) {
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      console.error(`the bucket cannot be used${cause}`);
      return 1;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
