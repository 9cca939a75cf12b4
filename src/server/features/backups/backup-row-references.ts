import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { DB } from '../../db/schema';
import { BackupFormatError } from './backup-archive';
import { BACKED_UP_TABLES } from './backup-tables';

/*
 * References between restored rows, checked before the database is touched (ADR 0032). A restore replaces
 * every row of every backed-up table, so the archive's own rows are the truth: a value of a referencing
 * column must be the key of a row of the referenced table in the same archive. The foreign keys are read
 * from the live database's catalogs, like the column rules. Only the referenced tables' key values are
 * kept in memory (a set of texts per referenced column), never rows.
 */

export interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

interface CatalogRow {
  name: string | number;
  t: string;
  c: string;
  rt: string;
  rc: string | null;
}

async function catalogRows(db: Kysely<DB>, dialect: DialectName): Promise<CatalogRow[]> {
  if (dialect === 'sqlite') {
    const rows: CatalogRow[] = [];
    for (const { name } of BACKED_UP_TABLES) {
      const result = await sql<{ id: number; rt: string; c: string; rc: string | null }>`
        select id, "table" as rt, "from" as c, "to" as rc from pragma_foreign_key_list(${name})`.execute(db);
      for (const r of result.rows) rows.push({ name: `${name}#${r.id}`, t: name, c: r.c, rt: r.rt, rc: r.rc });
    }
    return rows;
  }
  if (dialect === 'mysql') {
    const result = await sql<CatalogRow>`
      select constraint_name as name, table_name as t, column_name as c,
        referenced_table_name as rt, referenced_column_name as rc
      from information_schema.key_column_usage
      where table_schema = database() and referenced_table_name is not null`.execute(db);
    return result.rows.map((r) => ({ ...r, name: `${r.t}#${r.name}` }));
  }
  const result = await sql<CatalogRow>`
    select rc.constraint_name as name, kcu.table_name as t, kcu.column_name as c,
      ukcu.table_name as rt, ukcu.column_name as rc
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
    join information_schema.key_column_usage ukcu
      on ukcu.constraint_schema = rc.unique_constraint_schema and ukcu.constraint_name = rc.unique_constraint_name
      and ukcu.ordinal_position = kcu.position_in_unique_constraint
    where rc.constraint_schema = current_schema()`.execute(db);
  return result.rows.map((r) => ({ ...r, name: `${r.t}#${r.name}` }));
}

/** The single-column foreign keys of this database (there are no others; a composite one is left to it). */
export async function loadForeignKeys(db: Kysely<DB>, dialect: DialectName): Promise<ForeignKey[]> {
  const byConstraint = new Map<string, CatalogRow[]>();
  for (const row of await catalogRows(db, dialect)) {
    const name = String(row.name);
    byConstraint.set(name, [...(byConstraint.get(name) ?? []), row]);
  }
  const primaryKey = (table: string) => BACKED_UP_TABLES.find((t) => t.name === table)?.key;
  const keys: ForeignKey[] = [];
  for (const rows of byConstraint.values()) {
    const [row] = rows;
    if (rows.length !== 1 || !row) continue;
    // SQLite leaves "to" empty for a reference to the primary key.
    const refColumn = row.rc ?? primaryKey(row.rt)?.[0];
    if (refColumn) keys.push({ table: row.t, column: row.c, refTable: row.rt, refColumn });
  }
  return keys;
}

/** A key value as text: 3, "3" and "03" are one key to an integer column. */
const keyText = (value: unknown): string => {
  const text = String(value);
  return /^-?\d{1,30}$/.test(text) ? BigInt(text).toString() : text;
};

const describe = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

/**
 * Follows the archive's tables in their order (parents first). `see` keeps the key values other rows refer
 * to and checks a row's references to tables read before; references to a table read later (or to its own
 * table) are checked by `checkLater`, on a second reading of the tables `deferredTables` names.
 */
export class ReferenceCheck {
  /** The key values of every referenced column ("table.column"). */
  private readonly keys = new Map<string, Set<string>>();
  /** Per table, its columns that others refer to; a primary key's value seen twice is refused. */
  private readonly keyColumns = new Map<string, { column: string; values: Set<string>; primary: boolean }[]>();
  private readonly order: string[] = [];

  /** `restoredTables`: the tables the restore replaces, with their primary keys. */
  constructor(
    private readonly foreignKeys: readonly ForeignKey[],
    restoredTables: readonly { name: string; key: readonly string[] }[],
  ) {
    const restored = new Set(restoredTables.map((t) => t.name));
    for (const fk of foreignKeys) {
      // A table the restore does not replace keeps its rows: the database checks references to it.
      if (!restored.has(fk.table) || !restored.has(fk.refTable)) continue;
      const name = `${fk.refTable}.${fk.refColumn}`;
      if (this.keys.has(name)) continue;
      const values = new Set<string>();
      this.keys.set(name, values);
      const spec = restoredTables.find((t) => t.name === fk.refTable);
      const primary = spec?.key.length === 1 && spec.key[0] === fk.refColumn;
      const columns = this.keyColumns.get(fk.refTable) ?? [];
      columns.push({ column: fk.refColumn, values, primary });
      this.keyColumns.set(fk.refTable, columns);
    }
  }

  private readonly referencesOf = new Map<string, ForeignKey[]>();
  /** The foreign keys of this table that the check follows. */
  private references(table: string): ForeignKey[] {
    let found = this.referencesOf.get(table);
    if (!found) {
      found = this.foreignKeys.filter((fk) => fk.table === table && this.keys.has(`${fk.refTable}.${fk.refColumn}`));
      this.referencesOf.set(table, found);
    }
    return found;
  }

  /** Whether a reference from `table` to `refTable` can only be checked after every table has been read. */
  private later(table: string, refTable: string): boolean {
    const ref = this.order.indexOf(refTable);
    // Not read yet (-1), the table itself, or read after it.
    return ref === -1 || ref >= this.order.indexOf(table);
  }

  /** Called before a table's rows are seen. */
  start(table: string): void {
    this.order.push(table);
  }

  /** Keeps this row's key values that others refer to, and checks its references to tables read before. */
  see(table: string, row: Record<string, unknown>, index: number): void {
    for (const { column, values, primary } of this.keyColumns.get(table) ?? []) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      const key = keyText(value);
      if (primary && values.has(key)) {
        throw new BackupFormatError(
          `table ${table}, row ${index}, column "${column}": ${describe(value)} is the key of an earlier row too`,
        );
      }
      values.add(key);
    }
    this.check(table, row, index, false);
  }

  /** Once every table has been read: the tables whose rows must be read again for `checkLater`. */
  deferredTables(): string[] {
    return this.order.filter((table) => this.references(table).some((fk) => this.later(table, fk.refTable)));
  }

  /** The references `see` could not check yet. */
  checkLater(table: string, row: Record<string, unknown>, index: number): void {
    this.check(table, row, index, true);
  }

  private check(table: string, row: Record<string, unknown>, index: number, later: boolean) {
    for (const fk of this.references(table)) {
      if (this.later(table, fk.refTable) !== later) continue;
      const value = row[fk.column];
      if (value === null || value === undefined) continue;
      if (!this.keys.get(`${fk.refTable}.${fk.refColumn}`)?.has(keyText(value))) {
        throw new BackupFormatError(
          `table ${table}, row ${index}, column "${fk.column}": ${describe(value)} refers to no row of ${fk.refTable}`,
        );
      }
    }
  }
}
