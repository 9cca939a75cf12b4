import { describe, expect, it } from 'vitest';
import { keptCounts } from './kept-counts';

describe('kept counts', () => {
  it('counts once per key until forgotten; a count read while it is forgotten is not kept', async () => {
    let reads = 0;
    let value = 10;
    const { count, forget } = keptCounts(() => true);
    const read = async () => {
      reads += 1;
      return value;
    };
    expect(await count('a', read)).toBe(10);
    expect(await count('a', read)).toBe(10);
    expect(await count('b', read)).toBe(10);
    expect(reads).toBe(2);

    // A write lands while a count is being read: the purge forgets it, its callers get it, nobody keeps it.
    let release: (n: number) => void = () => undefined;
    const slow = count('c', () => new Promise<number>((resolve) => (release = resolve)));
    forget();
    value = 11;
    release(10);
    expect(await slow).toBe(10);
    expect(await count('c', read)).toBe(11);
    expect(await count('a', read)).toBe(11);
  });

  it('does not keep a failed count, and counts afresh while switched off', async () => {
    let on = true;
    const { count } = keptCounts(() => on);
    await expect(count('a', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await count('a', async () => 3)).toBe(3);
    on = false;
    expect(await count('a', async () => 4)).toBe(4);
    on = true;
    expect(await count('a', async () => 5)).toBe(3);
  });
});
