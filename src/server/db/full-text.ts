import { MysqlAdapter, PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DialectName } from './database';

/*
 * Turning a visitor's search text into each database's full-text query (ADR 0021). The text is never
 * passed to a query parser as typed: it is cut into words (runs of Unicode letters, digits and combining
 * marks; everything else, quotes, operators, '*', '-', parentheses, emoji, separates words), and each word
 * is written back in a form that can only mean "a word starting with this": FTS5 `"word"*`, tsquery
 * `'word':*`, MySQL boolean `+word*`. Every word is required (AND), as with the LIKE search before.
 */

/** Words kept from one search: more would not narrow a 200-character search in any useful way. */
const MAX_TERMS = 16;
/** Longer words are cut: a prefix of a prefix still matches the same words (and more). */
const MAX_TERM_LENGTH = 32;

/** The words of a search text, lower-cased, de-duplicated, in order; [] when it holds no word at all. */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = [...word].slice(0, MAX_TERM_LENGTH).join('');
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** FTS5 query: each term a quoted string (so AND, OR, NOT, NEAR stay words) with a prefix star. */
export function fts5Query(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"*`).join(' ');
}

/** tsquery text for to_tsquery: each term a quoted lexeme with prefix matching, all required. */
export function tsQuery(terms: readonly string[]): string {
  return terms.map((term) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
}

/** MySQL boolean-mode query: each term required (+) and prefix-matched (*). */
export function mysqlBooleanQuery(terms: readonly string[]): string {
  return terms.map((term) => `+${term}*`).join(' ');
}

export function dialectOfDb<T>(db: Kysely<T>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

/** What InnoDB leaves out of a FULLTEXT index: words shorter than the minimum, and its stopwords. */
export interface MysqlTokenRules {
  minLength: number;
  maxLength: number;
  stopwords: ReadonlySet<string>;
}

/** InnoDB's defaults (innodb_ft_min_token_size, innodb_ft_max_token_size, INNODB_FT_DEFAULT_STOPWORD). */
export const INNODB_DEFAULT_RULES: MysqlTokenRules = {
  minLength: 3,
  maxLength: 84,
  stopwords: new Set(
    (
      'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when ' +
      'where who will with und www'
    ).split(' '),
  ),
};

/** Keyed by the dialect adapter: one per database handle, shared by its transactions. */
const rulesByDb = new WeakMap<object, Promise<MysqlTokenRules>>();

/**
 * The server's own token rules, read once per database handle (they are server settings, fixed until the
 * server restarts). A server with a custom stopword table keeps the default list here: a word of that
 * table then matches nothing through the index (see ADR 0021).
 */
export function mysqlTokenRules<T>(db: Kysely<T>): Promise<MysqlTokenRules> {
  const key = db.getExecutor().adapter;
  let rules = rulesByDb.get(key);
  if (!rules) {
    rules = sql<{ min_size: number | string; max_size: number | string }>`
      select @@innodb_ft_min_token_size as min_size, @@innodb_ft_max_token_size as max_size`
      .execute(db)
      .then(({ rows }) => ({
        ...INNODB_DEFAULT_RULES,
        minLength: Number(rows[0]?.min_size ?? INNODB_DEFAULT_RULES.minLength),
        maxLength: Number(rows[0]?.max_size ?? INNODB_DEFAULT_RULES.maxLength),
      }))
      .catch(() => INNODB_DEFAULT_RULES);
    rulesByDb.set(key, rules);
  }
  return rules;
}

/** Splits terms into those InnoDB's index holds and those it leaves out (matched with LIKE instead). */
export function splitForInnodb(terms: readonly string[], rules: MysqlTokenRules) {
  const indexed: string[] = [];
  const unindexed: string[] = [];
  for (const term of terms) {
    const length = [...term].length;
    const kept = length >= rules.minLength && length <= rules.maxLength && !rules.stopwords.has(term);
    (kept ? indexed : unindexed).push(term);
  }
  return { indexed, unindexed };
}
