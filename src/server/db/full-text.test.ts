import { describe, expect, it } from 'vitest';
import { INNODB_DEFAULT_RULES, fts5Query, mysqlBooleanQuery, searchTerms, splitForInnodb, tsQuery } from './full-text';

describe('search text to full-text queries', () => {
  it('keeps words only: operators, quotes, wildcards and emoji separate words', () => {
    expect(searchTerms('"Hello" -world* (NEAR) a:* b&c|!d <-> 🚀e')).toEqual([
      'hello',
      'world',
      'near',
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect(searchTerms('  ')).toEqual([]);
    expect(searchTerms('++ … 🚀🔥 %_\\')).toEqual([]);
  });

  it('lower-cases, normalises, de-duplicates, keeps combining marks and other scripts', () => {
    expect(searchTerms('Café CAFÉ cafe\u0301 ﬁne 中文 ٣٤٥')).toEqual(['café', 'fine', '中文', '٣٤٥']);
  });

  it('keeps at most 16 words of at most 32 characters', () => {
    expect(searchTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
    expect(searchTerms('x'.repeat(100))).toEqual(['x'.repeat(32)]);
  });

  it('writes each word as a required prefix in every engine', () => {
    const terms = ['and', 'o', 'near'];
    expect(fts5Query(terms)).toBe('"and"* "o"* "near"*');
    expect(tsQuery(terms)).toBe("'and':* & 'o':* & 'near':*");
    expect(mysqlBooleanQuery(terms)).toBe('+and* +o* +near*');
  });

  it('sends the words InnoDB does not index (short, stopwords, too long) to LIKE', () => {
    expect(splitForInnodb(['go', 'the', 'language', 'with', 'x'.repeat(85)], INNODB_DEFAULT_RULES)).toEqual({
      indexed: ['language'],
      unindexed: ['go', 'the', 'with', 'x'.repeat(85)],
    });
  });
});
