import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { migrations } from '../../../migrations/index';

/**
 * Migrations are listed statically (migrations/index.ts) rather than read from disk, so the bundled
 * production server and the TypeScript tests run exactly the same set.
 */
class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function migratorFor(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: new StaticMigrationProvider() });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await migratorFor(db).migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

/** True when every known migration has been applied (readiness). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrationsCurrent(db: Kysely<any>): Promise<boolean> {
  const all = await migratorFor(db).getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}

/** The newest migration this version knows: the database schema a backup is tied to (ADR 0018). */
export function latestMigrationName(): string {
  return Object.keys(migrations).sort().at(-1) as string;
}
