/**
 * Query strings of spec §5: empty (''), null and undefined values are skipped; 0 and false
 * are real values and are kept.
 */

function isSkipped(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** One value as query text, or null when it must be skipped. */
function serialise(value: unknown): string | null {
  if (isSkipped(value)) return null;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString();
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * `{ a: 1, b: 'x y', c: '', d: [1, null, 2] }` → `a=1&b=x%20y&d=1&d=2` (no leading '?').
 * Keys keep insertion order; arrays become repeated keys with their empty items skipped;
 * Dates become ISO instants (an invalid Date is skipped); keys and values are
 * percent-encoded with encodeURIComponent.
 */
export function toQueryString(params: Record<string, unknown>): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const key of Object.keys(params)) {
    const value = params[key];
    const encodedKey = encodeURIComponent(key);
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const text = serialise(item);
      if (text !== null) parts.push(`${encodedKey}=${encodeURIComponent(text)}`);
    }
  }
  return parts.join('&');
}

/**
 * `withQuery('/api/x', { page: 0 })` → `/api/x?page=0`; the path is returned as is when there
 * is nothing to add. A path that already has a query gets `&` instead of `?`.
 */
export function withQuery(path: string, params: Record<string, unknown>): string {
  const qs = toQueryString(params);
  if (qs === '') return path;
  const sep = path.includes('?') ? (path.endsWith('?') || path.endsWith('&') ? '' : '&') : '?';
  return `${path}${sep}${qs}`;
}
