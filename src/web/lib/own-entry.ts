/**
 * The entry of a code table (icons, colours, names) for a key that came from stored data, or undefined.
 * Only the table's own entries count: a stored `constructor`, `__proto__` or `toString` is not an entry,
 * whereas `table[key]` would hand out a property every object inherits.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}
