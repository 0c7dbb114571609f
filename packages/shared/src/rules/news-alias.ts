import { normalizeText } from './diacritics';

/**
 * A news article's alias (its address in the patient app and on the website: `news/<alias>`): lower-case
 * ASCII words joined by single hyphens, made from the Vietnamese title without diacritics
 * ("Khám sức khoẻ định kỳ 2026" → `kham-suc-khoe-dinh-ky-2026`). Unique per facility and news scope; a
 * taken one gets `-2`, `-3`… The same rule for the form (filled as the title is typed) and the server.
 */

/** The shape of an alias; the same one the notification groups' news link checks. */
export const NEWS_ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longest alias kept; a longer title is cut at a word boundary (room left for a `-NN` suffix). */
export const NEWS_ALIAS_MAX = 120;

const NOT_ALNUM_RE = /[^a-z0-9]+/g;

/** Cuts `alias` to at most `max` characters, at a hyphen when there is one in the kept part. */
function cut(alias: string, max: number): string {
  if (alias.length <= max) return alias;
  const head = alias.slice(0, max);
  if (alias[max] === '-') return head;
  const hyphen = head.lastIndexOf('-');
  return hyphen > 0 ? head.slice(0, hyphen) : head;
}

/**
 * The alias of a title: normalised without diacritics (đ → d), every run of anything but a–z and 0–9 as one
 * hyphen, no hyphen at either end, at most `max` characters. '' when the title has no letter or digit.
 */
export function slugify(title: string | null | undefined, max = NEWS_ALIAS_MAX): string {
  const plain = normalizeText(title).replace(NOT_ALNUM_RE, '-');
  let start = 0;
  let end = plain.length;
  while (start < end && plain[start] === '-') start += 1;
  while (end > start && plain[end - 1] === '-') end -= 1;
  return cut(plain.slice(start, end), max);
}

/**
 * `base` if it is free, else `base-2`, `base-3`… — the first one `taken` does not hold, still within `max`
 * characters (the base is shortened to make room for the suffix).
 */
export function uniqueAlias(base: string, taken: ReadonlySet<string> | ((alias: string) => boolean), max = NEWS_ALIAS_MAX): string {
  const has = typeof taken === 'function' ? taken : (a: string) => taken.has(a);
  const root = cut(base, max) || 'bai-viet';
  if (!has(root)) return root;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${cut(root, max - suffix.length)}${suffix}`;
    if (!has(candidate)) return candidate;
  }
}

/** Why a typed alias is refused (Vietnamese), or null when it is a valid alias. */
export function aliasProblem(alias: string, max = NEWS_ALIAS_MAX): string | null {
  if (alias === '') return 'Vui lòng nhập đường dẫn bài viết';
  if (alias.length > max) return `Đường dẫn tối đa ${max} ký tự`;
  if (!NEWS_ALIAS_PATTERN.test(alias)) return 'Đường dẫn chỉ gồm chữ thường không dấu, số và dấu gạch ngang (không dấu cách, không có dấu tiếng Việt)';
  return null;
}
