import { loadConfig, readEnvironment } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { isEmpty, seedDemoContent } from '../src/server/seed/seed';

/** `seed`: migrates, then loads the demo content into an empty database (one with content is left alone). */
export async function run(): Promise<number> {
  const config = loadConfig(readEnvironment());
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  try {
    const result = await migrateToLatest(database.db);
    for (const applied of result.results ?? []) console.log(`applied ${applied.migrationName}`);
    if (await isEmpty(database.db)) {
      await seedDemoContent(database.db);
      console.log('demo content loaded');
    } else {
      console.log('the database already has content: nothing seeded');
    }
    return 0;
  } finally {
    await database.close();
  }
}
