/** A unique-key violation on any of the three databases. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown } | undefined;
  return (
    e?.code === '23505' ||
    e?.code === 'ER_DUP_ENTRY' ||
    e?.errno === 1062 ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(String((error as Error).message)))
  );
}

/** A transaction the database chose to abort because it deadlocked with another one. */
function isDeadlock(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown } | undefined;
  return e?.code === '40P01' || e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213;
}

/**
 * Runs `work` (a whole transaction that picks a free unique value, such as a slug, and inserts it)
 * again when a concurrent write took the value first, up to `attempts` times in all. Each retry sees
 * the rows the others committed, so it picks the next free value.
 */
export async function retryOnUniqueRace<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !(isUniqueViolation(error) || isDeadlock(error))) throw error;
    }
  }
}
