import { describe, expect, it } from 'vitest';
import { ownEntry } from './own-entry';

describe('ownEntry', () => {
  const table: Record<string, number> = { one: 1, two: 2 };

  it('finds the entries of the table', () => {
    expect(ownEntry(table, 'two')).toBe(2);
  });

  it('finds nothing for what every object inherits, nor for no key', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '']) {
      expect(ownEntry(table, key), key).toBeUndefined();
    }
    expect(ownEntry(table, null)).toBeUndefined();
    expect(ownEntry(table, undefined)).toBeUndefined();
  });
});
