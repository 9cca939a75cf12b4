import { describe, expect, it } from 'vitest';
import { BackupFormatError } from './backup-archive';
import { ReferenceCheck, type ForeignKey } from './backup-row-references';

/*
 * The reference check alone, on tables in the order an archive has them: references to a table read
 * before are checked as the rows go by; references to a later table, or to the table itself, once every
 * table has been read. (The site's own tables only refer to earlier ones; the restore tests cover those on
 * every database.)
 */

const keys: ForeignKey[] = [
  { table: 'children', column: 'parent_id', refTable: 'parents', refColumn: 'id' },
  { table: 'parents', column: 'favourite_child_id', refTable: 'children', refColumn: 'id' },
  { table: 'children', column: 'sibling_id', refTable: 'children', refColumn: 'id' },
  { table: 'children', column: 'kept_id', refTable: 'kept', refColumn: 'id' },
];

/** Feeds the tables' rows as a restore does, then returns the deferred tables after checking them. */
function run(tables: Record<string, Record<string, unknown>[]>): string[] {
  const check = new ReferenceCheck(
    keys,
    Object.keys(tables).map((name) => ({ name, key: ['id'] })),
  );
  for (const [table, rows] of Object.entries(tables)) {
    check.start(table);
    rows.forEach((row, i) => check.see(table, row, i + 1));
  }
  const later = check.deferredTables();
  for (const table of later) tables[table]!.forEach((row, i) => check.checkLater(table, row, i + 1));
  return later;
}

describe('the references between staged rows', () => {
  it('passes rows whose references are all in the archive, in either direction; a kept table is left to the database', () => {
    const later = run({
      parents: [
        { id: 1, favourite_child_id: 11 },
        { id: 2, favourite_child_id: null },
      ],
      children: [
        { id: 10, parent_id: 1, sibling_id: 11, kept_id: 5 },
        { id: 11, parent_id: '2', sibling_id: null, kept_id: 6 },
      ],
    });
    expect(later).toEqual(['parents', 'children']);
  });

  it('refuses a reference to a table read before, as the row goes by', () => {
    expect(() => run({ parents: [{ id: 1 }], children: [{ id: 10, parent_id: 3 }] })).toThrow(
      new BackupFormatError('table children, row 1, column "parent_id": 3 refers to no row of parents'),
    );
  });

  it('refuses a reference to a table read after, or to a missing row of its own table', () => {
    expect(() => run({ parents: [{ id: 1, favourite_child_id: 12 }], children: [{ id: 10, parent_id: 1 }] })).toThrow(
      /table parents, row 1, column "favourite_child_id": 12 refers to no row of children/,
    );
    expect(() =>
      run({
        parents: [{ id: 1 }],
        children: [
          { id: 10, parent_id: 1 },
          { id: 11, parent_id: 1, sibling_id: 9 },
        ],
      }),
    ).toThrow(/table children, row 2, column "sibling_id": 9 refers to no row of children/);
  });

  it('refuses a repeated key of a referenced table', () => {
    expect(() => run({ parents: [{ id: 1 }, { id: '01' }], children: [] })).toThrow(
      /table parents, row 2, column "id": "01" is the key of an earlier row too/,
    );
  });
});
