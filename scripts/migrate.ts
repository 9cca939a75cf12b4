import { loadConfig, readEnvironment } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest, SchemaError } from '../src/server/db/migrator';

/*
 * `migrate`: applies this release's pending migrations (Kysely's Migrator; safe to run from several places at
 * once). The step a rollout runs once before replacing instances started with MIGRATE_ON_START=false
 * (ADR 0030). Exit code 1 when the database's migrations cannot be applied.
 */
export async function run(): Promise<number> {
  const config = loadConfig(readEnvironment());
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  try {
    const { results, status } = await migrateToLatest(database.db);
    const applied = results ?? [];
    for (const result of applied) console.log(`applied ${result.migrationName}`);
    if (status.state === 'ahead') {
      console.log(
        `the database is ahead of this release (newer migrations: ${status.unknown.join(', ')}): nothing to do`,
      );
    } else if (applied.length === 0) {
      console.log('database is up to date');
    }
    return 0;
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}
