import { MSG } from '@portal/shared';

/**
 * The one place PostgreSQL errors are read and mapped (docs/decisions.md). Drizzle 0.45 wraps the
 * driver's error in a DrizzleQueryError whose `cause` holds it, so the code is read from both;
 * pg and PGlite raise the same shape (code, constraint, table, column).
 */

/** The SQLSTATEs the code names. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
} as const;

/** PostgreSQL errors (SQLSTATE) that the API answers as the caller's fault: 409 with this message. */
const PG_CONFLICT: Record<string, string> = {
  [PG.uniqueViolation]: MSG.conflict,
  [PG.foreignKeyViolation]: MSG.referenceConflict,
  // e.g. time_slots_booked_within_capacity when a capacity cut races a booking
  [PG.checkViolation]: MSG.concurrentChange,
};
/** Input the schemas let through but PostgreSQL refuses: only the caller's data can cause these (400). */
const PG_BAD_INPUT = new Set([
  '22P02', // invalid_text_representation
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22003', // numeric_value_out_of_range
  '22021', // character_not_in_repertoire (bad encoding, NUL)
  '22001', // string_data_right_truncation (value too long for the column)
  '54000', // program_limit_exceeded (e.g. an index row too large)
]);

const SQLSTATE = /^[0-9A-Z]{5}$/;

interface DbErrorLike {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  query?: unknown;
  cause?: unknown;
}

export interface PgErrorInfo {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
}

/** The database error inside `err` (itself, or Drizzle's `cause`), when it is one. */
export function pgErrorOf(err: unknown): PgErrorInfo | null {
  if (!err || typeof err !== 'object') return null;
  const outer = err as DbErrorLike;
  const inner = (outer.cause && typeof outer.cause === 'object' ? outer.cause : null) as DbErrorLike | null;
  const pick = (e: DbErrorLike | null) => (e && typeof e.code === 'string' && SQLSTATE.test(e.code) ? e : null);
  const db = pick(inner) ?? pick(outer);
  if (!db) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    code: db.code as string,
    constraint: str(db.constraint),
    table: str(db.table),
    column: str(db.column),
    query: str(outer.query) ?? str(inner?.query),
  };
}

/** `err` is (or wraps) a database error with this SQLSTATE: what a service catches to say more than the default. */
export function isPgError(err: unknown, code: string): boolean {
  return pgErrorOf(err)?.code === code;
}

/** How the API answers a database error nobody caught: 409 or 400 with a Vietnamese message, or null (a 500). */
export function pgErrorAnswer(err: unknown): { status: 400 | 409; message: string } | null {
  const db = pgErrorOf(err);
  if (!db) return null;
  const conflict = PG_CONFLICT[db.code];
  if (conflict) return { status: 409, message: conflict };
  if (PG_BAD_INPUT.has(db.code)) return { status: 400, message: MSG.validationFailed };
  return null;
}
