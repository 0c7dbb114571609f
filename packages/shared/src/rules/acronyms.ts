import { normalizeText } from './diacritics';

/**
 * Từ viết tắt (issue 15): a facility's abbreviations that every search expands ("sa bung" finds
 * "Siêu âm ổ bụng"). A key is one token of letters and digits, compared without case or diacritics
 * ("SA" = "sa", "ĐTĐ" = "DTD"); its expansion is plain text. Expansion is one step (no recursion):
 * a searched word matches either itself or its expansion.
 */

/** The common abbreviations of Vietnamese hospitals every facility starts with (key, expansion). */
export const COMMON_ACRONYMS: readonly (readonly [string, string])[] = [
  ['SA', 'Siêu âm'],
  ['XN', 'Xét nghiệm'],
  ['CT', 'Chụp cắt lớp vi tính'],
  ['CLVT', 'Cắt lớp vi tính'],
  ['NS', 'Nội soi'],
  ['XQ', 'X-quang'],
  ['MRI', 'Cộng hưởng từ'],
  ['CHT', 'Cộng hưởng từ'],
  ['ĐTĐ', 'Điện tâm đồ'],
  ['ECG', 'Điện tâm đồ'],
  ['ĐNĐ', 'Điện não đồ'],
  ['EEG', 'Điện não đồ'],
  ['DSA', 'Chụp mạch số hoá xoá nền'],
  ['CTM', 'Công thức máu'],
  ['TPTNT', 'Tổng phân tích nước tiểu'],
  ['HA', 'Huyết áp'],
  ['TMH', 'Tai mũi họng'],
  ['RHM', 'Răng hàm mặt'],
  ['PHCN', 'Phục hồi chức năng'],
  ['YHCT', 'Y học cổ truyền'],
  ['KSK', 'Khám sức khoẻ'],
  ['NSDD', 'Nội soi dạ dày'],
];

/** Normalised key → normalised expansion, of one facility's active acronyms. */
export type AcronymMap = ReadonlyMap<string, string>;

export const ACRONYM_KEY_MAX = 20;
const NUMBER_RE = /^\d[\d.,]*$/;
export const ACRONYM_KEY_RE = /^[\p{L}\p{N}]+$/u;

/** The key as compared: lower case, no diacritics ("ĐTĐ" → "dtd"). */
export function acronymKey(key: string): string {
  return normalizeText(key.trim());
}

/** Builds the map of (key, expansion) pairs; the last of two equal keys wins. */
export function acronymMap(entries: Iterable<readonly [string, string]>): AcronymMap {
  const map = new Map<string, string>();
  for (const [k, v] of entries) {
    const key = acronymKey(k);
    const expansion = normalizeText(v);
    if (key && expansion) map.set(key, expansion);
  }
  return map;
}

/**
 * The expansion of one normalised search word, or null. Longest match: the whole word when it is a
 * key, else the longest key the word starts with when the rest of the word is a number
 * ("ct64" → "chup cat lop vi tinh 64", "mri3" with keys MR and MRI → MRI's), never a key inside a
 * word ("sang" is not "sa" + "ng"). One step only: the expansion is not expanded again.
 */
export function expandWord(word: string, map: AcronymMap): string | null {
  if (map.size === 0 || word === '') return null;
  const exact = map.get(word);
  if (exact !== undefined) return exact;
  // the longest key the word starts with, followed by a number only
  for (let end = word.length - 1; end > 0; end--) {
    const rest = word.slice(end);
    if (!NUMBER_RE.test(rest)) break;
    const hit = map.get(word.slice(0, end));
    if (hit !== undefined) return `${hit} ${rest}`;
  }
  return null;
}

/**
 * One thing a searched word may match: its text anywhere in the row, or — `wholeWord` — only as a word
 * of its own. A key of under `WHOLE_WORD_BELOW` characters typed as itself is matched as a whole word
 * ("sa" finds "SA tim" and "(Uro-SA)", not "Phụ sản"): inside other words such short keys are mostly
 * noise, and a pattern that short has no trigram, so only a whole-word pattern is served by the index
 * (docs/decisions.md, "Acronyms").
 */
export interface SearchTerm {
  text: string;
  wholeWord: boolean;
}

/** A key typed as itself and shorter than this is matched as a whole word (see `SearchTerm`). */
export const WHOLE_WORD_BELOW = 3;

/**
 * What separates words in a normalised text (normalizeText leaves one space between words): the space
 * and ASCII punctuation. The same set as a JavaScript class and as a PostgreSQL bracket expression
 * (acronyms.test.ts checks they agree). Only ASCII: with Unicode dashes or quotes in the class,
 * PostgreSQL's planner gave up the trigram index for a sequential scan (114 ms against 0.4 ms, measured).
 */
const SEPARATORS_JS = ' !-\\/:-@\\[-`{-~';
export const SEPARATORS_SQL = ' -/:-@[-`{-~';

/** The PostgreSQL regular expression of `word` as a whole word (the word holds letters and digits only). */
export function wholeWordSqlRegex(word: string): string {
  return `(^|[${SEPARATORS_SQL}])${word}([${SEPARATORS_SQL}]|$)`;
}

const wholeWordRegexes = new Map<string, RegExp>();
function wholeWordRegex(word: string): RegExp {
  let re = wholeWordRegexes.get(word);
  if (!re) {
    re = new RegExp(`(^|[${SEPARATORS_JS}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([${SEPARATORS_JS}]|$)`, 'u');
    if (wholeWordRegexes.size < 1000) wholeWordRegexes.set(word, re);
  }
  return re;
}

/** True when the normalised `text` holds `term` (anywhere, or as a word of its own). */
export function textHasTerm(text: string, term: SearchTerm): boolean {
  return term.wholeWord ? wholeWordRegex(term.text).test(text) : text.includes(term.text);
}

const anywhere = (text: string): SearchTerm => ({ text, wholeWord: false });

/**
 * For each word, what it may match: itself, and its expansion when it has one. A word that is a key
 * of under `WHOLE_WORD_BELOW` characters matches itself as a whole word only.
 */
export function wordAlternatives(words: readonly string[], map: AcronymMap): SearchTerm[][] {
  return words.map((w) => {
    const e = expandWord(w, map);
    if (!e || e === w) return [anywhere(w)];
    return [{ text: w, wholeWord: w.length < WHOLE_WORD_BELOW }, anywhere(e)];
  });
}

/** Each word as itself, found anywhere (a search without acronyms). */
export function plainAlternatives(words: readonly string[]): SearchTerm[][] {
  return words.map((w) => [anywhere(w)]);
}

/** The tokens of an expansion, as keys are compared (letters and digits; punctuation splits). */
function tokensOf(expansion: string): string[] {
  return normalizeText(expansion)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A loop the acronym (key → expansion) would close with the others: a key whose expansion contains a
 * key that leads back to it (A → B, B → A; A → B → C → A; A → A). The keys of the loop in order,
 * starting and ending with `key` as typed by the map (normalised), or null when there is none.
 * `others` are the facility's other acronyms (the one being edited left out).
 */
export function acronymLoop(key: string, expansion: string, others: AcronymMap): string[] | null {
  const start = acronymKey(key);
  const graph = new Map<string, string[]>();
  const edges = (exp: string) => tokensOf(exp).filter((t) => t === start || others.has(t));
  graph.set(start, edges(expansion));
  for (const [k, v] of others) if (k !== start) graph.set(k, edges(v));
  // depth-first from the new key, looking for a way back to it
  const seen = new Set<string>();
  const path: string[] = [start];
  const walk = (node: string): boolean => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        path.push(start);
        return true;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      path.push(next);
      if (walk(next)) return true;
      path.pop();
    }
    return false;
  };
  return walk(start) ? path : null;
}

/**
 * True when a normalised text holds every word group: for each, the word or one of its alternatives
 * (`wordAlternatives`). An empty search matches everything. For searches done in memory over a few
 * hundred rows (a patient's results), where the lists use SQL (core/search.ts).
 */
export function matchesEveryWord(text: string, alternatives: readonly (readonly SearchTerm[])[]): boolean {
  return alternatives.every((group) => group.some((term) => textHasTerm(text, term)));
}
