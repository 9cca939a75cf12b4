import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import pg from 'pg';
import { createDatabase, type Database, type DialectName } from '../db/database';
import { knownMigrationNames, migrateToLatest } from '../db/migrator';
import type { DB } from '../db/schema';

/**
 * Test databases: SQLite always; PostgreSQL and MySQL/MariaDB when TEST_POSTGRES_URL / TEST_MYSQL_URL
 * name a server. Each call creates a fresh, uniquely named database and drop() removes it.
 *
 * A migrated database is a copy of a template that was migrated once per dialect and migration set: a file
 * copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL, and on MySQL/MariaDB each table created from the
 * template's own CREATE TABLE (foreign keys and full-text indexes included) with the rows that migrations
 * wrote. The template's name carries a hash of the migrations' source, so an edited or added migration gets a
 * new template; the first worker to need one builds it while the others wait (a file renamed into place, a
 * server-side lock). `{ migrate: false }` gives an empty database, for the tests that migrate for real.
 */
export const testDialects: DialectName[] = [
  'sqlite',
  ...(process.env.TEST_POSTGRES_URL ? (['postgres'] as const) : []),
  ...(process.env.TEST_MYSQL_URL ? (['mysql'] as const) : []),
];

/** How many rows a table holds: what a test checks was, or was not, stored. */
export async function countRows(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface TestDatabase {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** Names the migrations' source: any edit to a migration, or a new one, changes it. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(migrationsDir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const templateName = `test_template_${migrationsHash()}`;

async function migrateAndClose(url: string): Promise<void> {
  const database = createDatabase(url);
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

/** The migrated SQLite file that test databases copy, made on first use. */
async function sqliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `site-${templateName}.db`);
  if (existsSync(file)) return file;
  // Built aside and renamed into place, which another worker may be doing at the same time.
  const building = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await migrateAndClose(`sqlite:${building}`);
  renameSync(building, file);
  for (const suffix of ['-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  return file;
}

/** The migrated PostgreSQL database that test databases are created from, made on first use. */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // One builder at a time; the others find it built once the lock is theirs.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [templateName]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName]);
    if (found.rowCount === 0) {
      // Built under another name and renamed when complete: a build that died half-way is never a template.
      const building = `${templateName}_build`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      await migrateAndClose(withDatabaseName(serverUrl, building));
      // The migration's connections may still be closing on the server's side.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.query(`ALTER DATABASE "${building}" RENAME TO "${templateName}"`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
          await sleep(100);
        }
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [templateName]).catch(() => {});
    await client.end();
  }
  return templateName;
}

/** The migrated MySQL/MariaDB database whose tables test databases copy, made on first use. */
async function mysqlTemplate(serverUrl: string): Promise<string> {
  const connection = await createConnection({ uri: serverUrl });
  try {
    // One builder at a time; a build that died half-way lacks migrations and is built again.
    await connection.query('SELECT GET_LOCK(?, 600)', [templateName]);
    const [applied] = await connection
      .query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${templateName}\`.kysely_migration`)
      .catch(() => [[{ n: 0 }] as RowDataPacket[]]);
    if (Number(applied[0]?.n) !== knownMigrationNames().length) {
      await connection.query(`DROP DATABASE IF EXISTS \`${templateName}\``);
      await connection.query(`CREATE DATABASE \`${templateName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await migrateAndClose(withDatabaseName(serverUrl, templateName));
      const [others] = await connection.query<RowDataPacket[]>(
        `SELECT (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?)
              + (SELECT COUNT(*) FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ?)
              + (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ?) AS n`,
        [templateName, templateName, templateName],
      );
      if (Number(others[0]?.n) > 0) {
        throw new Error('The migrations made triggers, views or routines on MySQL: copy them in cloneMysql too');
      }
    }
  } finally {
    await connection.query('SELECT RELEASE_LOCK(?)', [templateName]).catch(() => {});
    await connection.end();
  }
  return templateName;
}

/** Creates `name`'s tables as the template's, with the rows the migrations wrote (their bookkeeping). */
async function cloneMysql(connection: Connection, template: string, name: string): Promise<void> {
  const [tables] = await connection.query<RowDataPacket[]>(
    'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
    [template],
  );
  await connection.query(`USE \`${name}\``);
  // Tables are created in any order: a foreign key may name a table that comes later.
  await connection.query('SET FOREIGN_KEY_CHECKS = 0');
  for (const { name: table } of tables as { name: string }[]) {
    const [created] = await connection.query<RowDataPacket[]>(`SHOW CREATE TABLE \`${template}\`.\`${table}\``);
    await connection.query(String(created[0]?.['Create Table']));
  }
  const [filled] = await connection.query<RowDataPacket[]>(
    tables
      .map(
        ({ name: table }) =>
          `SELECT '${String(table)}' AS name FROM \`${template}\`.\`${String(table)}\` HAVING COUNT(*) > 0`,
      )
      .join(' UNION ALL '),
  );
  for (const { name: table } of filled as { name: string }[]) {
    const [columns] = await connection.query<RowDataPacket[]>(
      `SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND EXTRA NOT LIKE '%GENERATED%' ORDER BY ORDINAL_POSITION`,
      [template, table],
    );
    const list = (columns as { name: string }[]).map((column) => `\`${column.name}\``).join(', ');
    await connection.query(`INSERT INTO \`${table}\` (${list}) SELECT ${list} FROM \`${template}\`.\`${table}\``);
  }
  await connection.query('SET FOREIGN_KEY_CHECKS = 1');
}

const templates = new Map<DialectName, Promise<string>>();
/** The template of this dialect, looked up (or built) once per process. */
function template(dialect: DialectName, build: () => Promise<string>): Promise<string> {
  let found = templates.get(dialect);
  if (!found) {
    found = build();
    templates.set(dialect, found);
    found.catch(() => templates.delete(dialect));
  }
  return found;
}

export async function createTestDatabase(
  dialect: DialectName,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const migrated = options.migrate !== false;
  let url: string;
  let dropServerSide: () => Promise<void>;

  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-test-'));
    const file = path.join(dir, 'test.db');
    if (migrated) copyFileSync(await template('sqlite', sqliteTemplate), file);
    url = `sqlite:${file}`;
    dropServerSide = async () => rmSync(dir, { recursive: true, force: true });
  } else if (dialect === 'postgres') {
    const serverUrl = process.env.TEST_POSTGRES_URL as string;
    const source = migrated ? await template('postgres', () => postgresTemplate(serverUrl)) : undefined;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"${source ? ` TEMPLATE "${source}"` : ''}`);
    await admin.end();
    url = withDatabaseName(serverUrl, name);
    dropServerSide = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    const serverUrl = process.env.TEST_MYSQL_URL as string;
    const source = migrated ? await template('mysql', () => mysqlTemplate(serverUrl)) : undefined;
    const admin = await createConnection({ uri: serverUrl });
    try {
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      if (source) await cloneMysql(admin, source, name);
    } finally {
      await admin.end();
    }
    url = withDatabaseName(serverUrl, name);
    dropServerSide = async () => {
      const client = await createConnection({ uri: serverUrl });
      await client.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await client.end();
    };
  }

  const database = createDatabase(url);
  return {
    database,
    url,
    async drop() {
      await database.close();
      await dropServerSide();
    },
  };
}
