/**
 * How the logs screen shows an audit row's `before` and `after`: personal data masked for a viewer
 * without MANAGER_USER, secrets never shown, and the changed fields as a list (the readable diff).
 */

/** Never shown to anyone, whatever they hold (a hash is still a secret). */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'passwordOld', 'passwordNew', 'token', 'refreshToken', 'secret']);

/** Personal data of patients and staff (Decree 13/2023, Law 91/2025): masked unless the viewer holds MANAGER_USER. */
const PERSONAL_KEYS = new Set([
  'name',
  'fullName',
  'patientName',
  'birthDate',
  'phone',
  'email',
  'cccd',
  'bhyt',
  'bhytExpiry',
  'street',
  'address',
  'guardianName',
  'guardianPhone',
  'allergies',
  'chronicDiseases',
  'bloodType',
  'emailOrPhone',
]);

/** Search columns: derived copies of personal data, never useful in a log. */
const NOISE_KEYS = new Set(['searchText', 'nameSearch', 'searchVector', 'updatedAt']);

export const MASK = '•••';

/** "0912345678" → "09•••78"; short values become "•••" entirely. */
export function maskValue(v: unknown): unknown {
  if (v === null || v === undefined || v === '') return v;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length >= 8 ? `${s.slice(0, 2)}${MASK}${s.slice(-2)}` : MASK;
}

/** A copy of `value` with secrets removed and, when `showPersonal` is false, personal fields masked (at any depth). */
export function maskLogValue(value: unknown, showPersonal: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => maskLogValue(v, showPersonal));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEYS.has(k)) continue;
    out[k] = !showPersonal && PERSONAL_KEYS.has(k) ? maskValue(v) : maskLogValue(v, showPersonal);
  }
  return out;
}

export interface LogChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between `before` and `after` (objects compared field by field, in the order
 * they first appear; a creation lists every field of `after`, a deletion every field of `before`).
 * Values that are not objects give one change named "".
 */
export function logChanges(before: unknown, after: unknown): LogChange[] {
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ field: '', before: before ?? null, after: after ?? null }];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !NOISE_KEYS.has(k));
  return keys.filter((k) => !same(b[k], a[k])).map((k) => ({ field: k, before: b[k] ?? null, after: a[k] ?? null }));
}
