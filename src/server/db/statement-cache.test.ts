import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database';

/* SQLite statements prepared once per SQL text and reused (ADR 0025). */
describe('the SQLite statement cache', () => {
  let connection: SQLite.Database;
  afterEach(() => {
    if (connection.open) connection.close();
  });

  it('prepares a text once, keeps a bounded number of texts, and answers as a fresh statement would', async () => {
    connection = new SQLite(':memory:');
    const prepared: string[] = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof connection.prepare;
    const db = new Kysely<{ notes: { id: Generated<number>; body: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(connection, 3) }),
    });
    await db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('body', 'text')
      .execute();
    for (const body of ['a', 'b', 'c']) await db.insertInto('notes').values({ body }).execute();
    const byId = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ body: 'a' });
    expect(await byId(3)).toEqual({ body: 'c' });
    expect(await byId(4)).toBeUndefined();
    const select = prepared.filter((text) => text.startsWith('select'));
    expect(select).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);

    // A kept statement follows a change of the table it reads (SQLite prepares it again itself).
    await db.schema
      .alterTable('notes')
      .addColumn('extra', 'text', (c) => c.defaultTo('x'))
      .execute();
    expect(await sql`select * from notes where id = ${2}`.execute(db)).toMatchObject({
      rows: [{ id: 2, body: 'b', extra: 'x' }],
    });
    expect(await sql`select * from notes where id = ${2}`.execute(db)).toMatchObject({ rows: [{ extra: 'x' }] });

    // Three texts at most: the least recently used one is prepared again when it comes back.
    const before = prepared.length;
    await sql`select 1`.execute(db);
    await sql`select 2`.execute(db);
    await sql`select 3`.execute(db);
    await byId(1);
    expect(prepared.length - before).toBe(4);
    // Streams hold the connection, so a statement is never used by two queries at once.
    const streamed: string[] = [];
    for await (const row of db.selectFrom('notes').select('body').orderBy('id').stream()) streamed.push(row.body);
    expect(streamed).toEqual(['a', 'b', 'c']);
    await db.destroy();
    expect(connection.open).toBe(false);
  });
});
