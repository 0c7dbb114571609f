import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { PG, isPgError, pgErrorAnswer, pgErrorOf } from './pg-errors';

const driverError = (code: string, extra: Record<string, string> = {}) => Object.assign(new Error('driver'), { code, ...extra });
const wrapped = (code: string, extra: Record<string, string> = {}) => new DrizzleQueryError('select $1', ['x'], driverError(code, extra));

describe('the one PostgreSQL error mapping', () => {
  const answers: [string, { status: number; message: string } | null][] = [
    [PG.uniqueViolation, { status: 409, message: MSG.conflict }],
    [PG.foreignKeyViolation, { status: 409, message: MSG.referenceConflict }],
    [PG.checkViolation, { status: 409, message: MSG.concurrentChange }],
    ['22P02', { status: 400, message: MSG.validationFailed }],
    ['22007', { status: 400, message: MSG.validationFailed }],
    ['22008', { status: 400, message: MSG.validationFailed }],
    ['22003', { status: 400, message: MSG.validationFailed }],
    ['22021', { status: 400, message: MSG.validationFailed }],
    ['22001', { status: 400, message: MSG.validationFailed }],
    ['54000', { status: 400, message: MSG.validationFailed }],
    ['40001', null],
    ['XX000', null],
  ];
  it.each(answers)('SQLSTATE %s, bare or wrapped by Drizzle → %o', (code, expected) => {
    expect(pgErrorAnswer(driverError(code))).toEqual(expected);
    expect(pgErrorAnswer(wrapped(code))).toEqual(expected);
  });

  const reads: [string, unknown, ReturnType<typeof pgErrorOf>][] = [
    [
      'a driver error',
      driverError('23503', { table: 'doctors', constraint: 'fk' }),
      { code: '23503', table: 'doctors', constraint: 'fk', column: undefined, query: undefined },
    ],
    [
      "Drizzle's wrapper (the cause wins, the query is kept)",
      wrapped('23505', { table: 't' }),
      { code: '23505', table: 't', constraint: undefined, column: undefined, query: 'select $1' },
    ],
    ['a Drizzle wrapper without a cause', new DrizzleQueryError('select 1', [], undefined), null],
    ['a Node error code', Object.assign(new Error('x'), { code: 'EEXIST' }), null],
    ['a Fastify error code', Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), null],
    ['a lower-case code', { code: '2350a' }, null],
    ['not an object', '23505', null],
    ['nothing', undefined, null],
  ];
  it.each(reads)('reads %s', (_name, err, expected) => {
    expect(pgErrorOf(err)).toEqual(expected);
  });

  it('isPgError matches the code through the wrapper and nothing else', () => {
    expect(isPgError(wrapped(PG.foreignKeyViolation), PG.foreignKeyViolation)).toBe(true);
    expect(isPgError(driverError(PG.foreignKeyViolation), PG.foreignKeyViolation)).toBe(true);
    expect(isPgError(wrapped(PG.uniqueViolation), PG.foreignKeyViolation)).toBe(false);
    expect(isPgError(new Error('23503'), PG.foreignKeyViolation)).toBe(false);
  });
});
