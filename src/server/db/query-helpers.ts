import { SqliteAdapter, sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** Escapes LIKE wildcards with '!' (a backslash is spelled differently in MySQL and PostgreSQL literals). */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** `%text%`, lower-cased, for `lower(column) like …`: values that contain the text. */
export function likeContains(text: string): RawBuilder<string> {
  return sql<string>`${`%${escapeLike(text.toLowerCase())}%`} escape '!'`;
}

/**
 * `column like %text%` for any of the texts over any of the columns (the texts lower-cased; the columns as
 * stored): the rows whose columns mention one of them. Upload references are found by their stems this way.
 */
export function mentionsAny(texts: readonly string[], columns: readonly string[]): RawBuilder<boolean> {
  const tests = texts.flatMap((text) => columns.map((column) => sql`${sql.ref(column)} like ${likeContains(text)}`));
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/** `text%` (as given, not lower-cased): values that start with the text. */
export function likePrefix(text: string): RawBuilder<string> {
  return sql<string>`${`${escapeLike(text)}%`} escape '!'`;
}

/**
 * One page (1-based) of a filtered query and how many rows match over all pages. `selectPage` adds the
 * columns and the order; the count runs on the same filtered query.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, object>,
  selectPage: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: number,
  limit: number,
) {
  const [rows, count] = await Promise.all([
    selectPage(query)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query
      .select(sql<number | string>`count(*)`.as('n'))
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The query with FOR UPDATE: it locks the rows it reads until the transaction ends (PostgreSQL, MySQL;
 * SQLite has no such clause and writes one transaction at a time anyway). A transaction that inserts a
 * child row (its foreign-key check takes a shared lock on the parent) and then updates the parent's
 * counter locks the parent first: two of them at once would otherwise deadlock on MySQL.
 */
export function forUpdate<DB, TB extends keyof DB, O>(trx: Kysely<NoInfer<DB>>, query: SelectQueryBuilder<DB, TB, O>) {
  return trx.getExecutor().adapter instanceof SqliteAdapter ? query : query.forUpdate();
}
