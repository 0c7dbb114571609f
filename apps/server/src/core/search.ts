import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { plainAlternatives, wholeWordSqlRegex, wordAlternatives, type AcronymMap, type SearchTerm } from '@portal/shared/rules/acronyms';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { containsPattern } from './sql';

/**
 * The one "every word" search of the lists (spec §5): the text typed is normalised like the stored
 * search columns (lower case, no diacritics, đ → d), split on spaces, and each word must appear in
 * the row — in any one of the search columns. LIKE's wildcards typed by the user are taken literally.
 */

/** At most this many words of a search are used (each must appear). */
export const SEARCH_MAX_WORDS = 8;

/** The normalised words of a search, at most `max`. */
export function searchWords(q: string | null | undefined, max = SEARCH_MAX_WORDS): string[] {
  return normalizeText(q).split(' ').filter(Boolean).slice(0, max);
}

/**
 * The words of a search, each with what it may match: itself, and its expansion when it is one of
 * the facility's acronyms ("sa" → "sieu am"; packages/shared/src/rules/acronyms.ts).
 */
export function searchAlternatives(q: string | null | undefined, acronyms?: AcronymMap): SearchTerm[][] {
  const words = searchWords(q);
  return acronyms ? wordAlternatives(words, acronyms) : plainAlternatives(words);
}

/**
 * The pattern and operator of one term: `LIKE '%text%'` anywhere, or a regular expression of the
 * term as a whole word (`~`), both served by the trigram indexes of the search columns.
 */
export function termMatch(term: SearchTerm): { op: 'LIKE' | '~'; pattern: string } {
  return term.wholeWord ? { op: '~', pattern: wholeWordSqlRegex(term.text) } : { op: 'LIKE', pattern: containsPattern(term.text) };
}

/**
 * One condition per word of `q`: the word appears in `columns` (any of them, when several) — or,
 * given the facility's `acronyms`, the word's expansion does. An empty search gives no condition.
 * Spread into `and(...)` with the list's other filters.
 */
export function everyWordConditions(columns: PgColumn | readonly PgColumn[], q: string | null | undefined, acronyms?: AcronymMap): SQL[] {
  const list = Array.isArray(columns) ? (columns as readonly PgColumn[]) : [columns as PgColumn];
  return searchAlternatives(q, acronyms).map((alternatives) => {
    const matches = alternatives.flatMap((term) => {
      const { op, pattern } = termMatch(term);
      return list.map((c) => sql`${c} ${sql.raw(op)} ${pattern}`);
    });
    return matches.length === 1 ? matches[0]! : sql`(${sql.join(matches, sql` OR `)})`;
  });
}

/** Every word of `q` (diacritics-free, at most SEARCH_MAX_WORDS) contained in a search-text `column`; no words: none. */
export const wordConds = (column: SQL, q: string | null | undefined): SQL[] => searchWords(q).map((w) => sql`${column} LIKE ${containsPattern(w)}`);

/** Words this long narrow a search through the trigram index; shorter ones are in most rows' trigrams. */
export const SELECTIVE_WORD_LENGTH = 4;

/**
 * wordConds for a large table searched in long texts (questions): the words of 4+ letters go through the trigram index,
 * the short ones ("cho", "tre": trigrams most rows contain, whose posting lists the index would have to intersect) only
 * filter the rows the long words found — written on an expression the index does not serve. With no long word, every
 * word goes through the index as in wordConds. Same rows either way; only the plan differs (docs/performance.md
 * "Questions").
 */
export const selectiveWordConds = (column: SQL, q: string | null | undefined): SQL[] => {
  const words = searchWords(q);
  if (!words.some((w) => w.length >= SELECTIVE_WORD_LENGTH)) return wordConds(column, q);
  return words.map((w) => (w.length >= SELECTIVE_WORD_LENGTH ? sql`${column} LIKE ${containsPattern(w)}` : sql`(${column} || '') LIKE ${containsPattern(w)}`));
};
