import { MSG, fmt } from '../messages.vi';
import { normalizeText } from './diacritics';

/**
 * Staff login names (spec §7 "Vendor usernames"). Stored lower case and unique across the platform
 * (login does not name the facility), so a check is case-insensitive: "AnNV" and "annv" are one name.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
/** Lower case letter first, then letters, digits and . _ - (no diacritics, no spaces). */
export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]*$/;

const SPACE_RE = /\s/;
const FIRST_LETTER_RE = /^[a-z]/;
const NOT_LETTER_RE = /[^a-z]/g;
const CHARS_RE = /^[a-z0-9._-]*$/;
const MARKS_RE = /[\u0300-\u036f]|đ/;

/**
 * What is wrong with a username as typed (after trimming and lower-casing), in Vietnamese; null when
 * it is a valid login name. The most useful message first: spaces, then diacritics (with the name
 * written without them), then the first letter, the characters and the length.
 */
export function usernameProblem(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  if (v === '') return MSG.usernameRequired;
  if (SPACE_RE.test(v)) return MSG.usernameSpaces;
  if (MARKS_RE.test(v.normalize('NFD'))) return fmt(MSG.usernameDiacritics, { plain: normalizeText(v), input: v });
  if (!FIRST_LETTER_RE.test(v)) return MSG.usernameFirstLetter;
  if (!CHARS_RE.test(v)) return MSG.usernameChars;
  if (v.length < USERNAME_MIN) return MSG.usernameTooShort;
  if (v.length > USERNAME_MAX) return MSG.usernameTooLong;
  return null;
}

/**
 * The stem Vietnamese hospitals build from a full name: the given name (the last word) followed by
 * the initials of the family and middle names, without diacritics, đ → d, lower case.
 * "Nguyễn Văn An" → "annv", "Đặng Thị Thu Hà" → "hadtt", "Lê A" → "al". '' when the name has no
 * letter. Characters other than a–z inside a word are dropped ("Nguyễn-Văn An" is two words).
 */
export function usernameStem(fullName: string): string {
  const words = normalizeText(fullName)
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  const given = words[words.length - 1]!.replace(NOT_LETTER_RE, '');
  const initials = words
    .slice(0, -1)
    .map((w) => w[0])
    .join('');
  // room for a counter within the 50 characters
  return `${given}${initials}`.slice(0, USERNAME_MAX - 4);
}

/**
 * The first free name of the stem's series — the stem, then stem2, stem3… — given the names already
 * taken (lower case). A stem under 3 characters is not a login name on its own: its series starts at 2.
 * Null when the name gives no stem.
 */
export function proposeUsername(fullName: string, taken: ReadonlySet<string>): string | null {
  const stem = usernameStem(fullName);
  if (stem === '') return null;
  if (stem.length >= USERNAME_MIN && !taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const candidate = `${stem}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
