/**
 * Characters no text field may carry. PostgreSQL refuses a NUL (U+0000) in `text`, and a lone
 * UTF-16 surrogate (half of a pair, e.g. the JSON escape "\ud800" alone) cannot be stored in
 * `jsonb` (the audit row of every write) nor encoded as UTF-8. Both are refused at the edge,
 * with a 400, before any schema or query runs. A plain loop over char codes: linear, no regex.
 */
export function isSafeText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next < 0xdc00 || next > 0xdfff) return false;
      i++; // a well-formed pair
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Deepest nesting walked; JSON bodies of this API are a few levels deep. */
const MAX_DEPTH = 64;

/**
 * The path (`a.b.0.c`) of the first string — value or object key — that is not safe text, in a
 * parsed JSON body, a query or path parameters; null when all are safe. Buffers (file uploads)
 * are not walked.
 */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path.join('.') || '_';
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, String(i)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  // a file's bytes are not text (a query object may have a prototype of its own: walked)
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return null;
  for (const [k, v] of Object.entries(value)) {
    if (!isSafeText(k)) return [...path, '_'].join('.');
    const found = findUnsafeText(v, [...path, k], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
