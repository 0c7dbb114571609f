/**
 * Search normalisation of spec §5 ("Search text is compared without diacritics and
 * case-insensitively"). `normalizeText` is THE function: the web uses it to compare, and the
 * server stores its output in the database's search columns, so it must stay deterministic —
 * changing it means recomputing every search column.
 *
 * Steps: lower case → NFD → drop combining marks (U+0300–U+036F) → đ → d → collapse runs of
 * whitespace to one space → trim. Lower-casing first means a mark produced by lower-casing
 * (İ → i + U+0307) is also dropped, and Đ becomes đ before the đ → d step.
 */

// Module-level patterns: nothing is compiled per call (seeding runs this on 500,000 rows).
const COMBINING_MARKS_RE = /[\u0300-\u036f]/g;
const D_STROKE_RE = /đ/g;
const WHITESPACE_RE = /\s+/g;
/** Printable ASCII without upper-case letters or whitespace other than single spaces. */
const PLAIN_ASCII_RE = /^(?:[\x21-\x40\x5b-\x7e]+(?: [\x21-\x40\x5b-\x7e]+)*)?$/;

export function normalizeText(s: string | null | undefined): string {
  if (s == null || s === '') return '';
  const str = typeof s === 'string' ? s : String(s);
  // Fast path: already lower-case ASCII with single inner spaces and no outer spaces.
  if (PLAIN_ASCII_RE.test(str)) return str;
  return str.toLowerCase().normalize('NFD').replace(COMBINING_MARKS_RE, '').replace(D_STROKE_RE, 'd').replace(WHITESPACE_RE, ' ').trim();
}

/** True when `needle` occurs in `haystack` ignoring case, diacritics and spacing; '' matches all. */
export function includesLoose(haystack: string | null | undefined, needle: string | null | undefined): boolean {
  const n = normalizeText(needle);
  if (n === '') return true;
  return normalizeText(haystack).includes(n);
}

/** True when both normalise to the same text (null, undefined and '' are all equal). */
export function equalsLoose(a: string | null | undefined, b: string | null | undefined): boolean {
  return normalizeText(a) === normalizeText(b);
}
