import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { DB } from '../../db/schema';
import { BackupFormatError } from './backup-archive';
import { contractOf } from './backup-row-contracts';

/*
 * A restore checks every row before the database is touched (ADR 0032): the columns must be the table's, a
 * value must fit its column (type, NOT NULL, the declared length: which SQLite itself never enforces), and
 * the columns the API guards with a contract (backup-row-contracts.ts: roles, statuses, slugs, addresses,
 * JSON settings...) must pass that same contract. A row that fails refuses the whole archive with the
 * table, the row and the column named. References between rows are backup-row-references.ts'.
 */

type Kind = 'text' | 'integer' | 'number' | 'other';
interface ColumnRule {
  kind: Kind;
  nullable: boolean;
  maxLength: number | null;
}
export type TableRules = Map<string, Map<string, ColumnRule>>;

const kindOf = (type: string): Kind => {
  const t = type.toLowerCase();
  if (/char|text|clob/.test(t)) return 'text';
  if (/int|serial/.test(t)) return 'integer';
  if (/real|double|float|numeric|decimal/.test(t)) return 'number';
  return 'other';
};

interface ColumnInfo {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  maxLength: number | null;
}

async function columnInfo(db: Kysely<DB>, dialect: DialectName): Promise<ColumnInfo[]> {
  if (dialect === 'sqlite') {
    // SQLite keeps the declared type ("varchar(100)") and never enforces its length: read it from there.
    const tables = await db.introspection.getTables();
    return tables.flatMap((t) =>
      t.columns.map((c) => {
        const length = /\((\d+)\)/.exec(c.dataType);
        return {
          table: t.name,
          column: c.name,
          type: c.dataType,
          nullable: c.isNullable,
          maxLength: length ? Number(length[1]) : null,
        };
      }),
    );
  }
  const schema = dialect === 'postgres' ? sql`current_schema()` : sql`database()`;
  const result = await sql<{ t: string; c: string; ty: string; n: string; len: number | string | null }>`
    select table_name as t, column_name as c, data_type as ty, is_nullable as n, character_maximum_length as len
    from information_schema.columns where table_schema = ${schema}`.execute(db);
  return result.rows.map((r) => ({
    table: r.t,
    column: r.c,
    type: r.ty,
    nullable: r.n === 'YES',
    maxLength: r.len === null ? null : Number(r.len),
  }));
}

/** The rules of every column of this database. */
export async function loadTableRules(db: Kysely<DB>, dialect: DialectName): Promise<TableRules> {
  const rules: TableRules = new Map();
  for (const info of await columnInfo(db, dialect)) {
    let table = rules.get(info.table);
    if (!table) rules.set(info.table, (table = new Map()));
    table.set(info.column, { kind: kindOf(info.type), nullable: info.nullable, maxLength: info.maxLength });
  }
  return rules;
}

const describe = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

/** Throws BackupFormatError naming the table, the row (1 = its first) and the column when a row is refused. */
export function checkRow(rules: TableRules, table: string, row: unknown, index: number): void {
  const where = `table ${table}, row ${index}`;
  const columns = rules.get(table);
  if (!columns) throw new BackupFormatError(`${where}: this site has no such table`);
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw new BackupFormatError(`${where}: not a row`);
  const values = row as Record<string, unknown>;
  for (const [column, value] of Object.entries(values)) {
    const rule = columns.get(column);
    if (!rule) throw new BackupFormatError(`${where}: the table has no column "${column}"`);
    const field = `${where}, column "${column}"`;
    if (value === null) {
      if (!rule.nullable) throw new BackupFormatError(`${field}: a value is required`);
      continue;
    }
    if (rule.kind === 'text') {
      if (typeof value !== 'string') throw new BackupFormatError(`${field}: ${describe(value)} is not text`);
      if (rule.maxLength !== null && value.length > rule.maxLength) {
        throw new BackupFormatError(`${field}: ${value.length} characters, at most ${rule.maxLength} fit`);
      }
    } else if (rule.kind === 'integer') {
      const ok = (typeof value === 'number' && Number.isSafeInteger(value)) || /^-?\d{1,19}$/.test(String(value));
      if (!ok || typeof value === 'boolean')
        throw new BackupFormatError(`${field}: ${describe(value)} is not a whole number`);
    } else if (rule.kind === 'number') {
      const ok = typeof value === 'number' ? Number.isFinite(value) : /^-?\d+(\.\d+)?$/.test(String(value));
      if (!ok) throw new BackupFormatError(`${field}: ${describe(value)} is not a number`);
    }
    const contract = contractOf(table, column, values);
    if (contract) {
      const checked = contract.safeParse(value);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const at = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
        throw new BackupFormatError(`${field}: ${describe(value)} is refused (${issue?.message ?? 'not valid'}${at})`);
      }
    }
  }
  for (const [column, rule] of columns) {
    if (!(column in values) && !rule.nullable && contractOf(table, column, values)) {
      throw new BackupFormatError(`${where}, column "${column}": a value is required`);
    }
  }
}
