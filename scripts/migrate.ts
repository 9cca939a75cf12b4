import { loadConfig, readEnvironment } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';

const config = loadConfig(readEnvironment());
const database = createDatabase(config.databaseUrl);
try {
  const result = await migrateToLatest(database.db);
  const applied = result.results ?? [];
  console.log(applied.length ? applied.map((r) => `applied ${r.migrationName}`).join('\n') : 'database is up to date');
} finally {
  await database.close();
}
