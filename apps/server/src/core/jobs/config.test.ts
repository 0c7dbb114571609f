import { describe, expect, it } from 'vitest';
import { jobsConfig } from './runner';

describe('jobsConfig', () => {
  it('has the README defaults', () => {
    expect(jobsConfig({})).toEqual({
      JOBS_ENABLED: true,
      JOBS_CONCURRENCY: 4,
      JOBS_POLL_MS: 1000,
      JOBS_LEASE_SECONDS: 30,
      JOBS_KEEP_DONE_DAYS: 14,
      JOBS_KEEP_DEAD_DAYS: 180,
    });
  });

  it.each([
    [{ JOBS_ENABLED: 'off' }, { JOBS_ENABLED: false }],
    [{ JOBS_ENABLED: 'FALSE' }, { JOBS_ENABLED: false }],
    [{ JOBS_ENABLED: 'yes' }, { JOBS_ENABLED: true }],
    [{ JOBS_KEEP_DONE_DAYS: '1' }, { JOBS_KEEP_DONE_DAYS: 1 }],
    [{ JOBS_KEEP_DEAD_DAYS: '3650' }, { JOBS_KEEP_DEAD_DAYS: 3650 }],
    [{ JOBS_CONCURRENCY: '' }, { JOBS_CONCURRENCY: 4 }], // empty = unset
  ])('reads %o', (env, expected) => {
    expect(jobsConfig(env)).toMatchObject(expected);
  });

  it.each([
    { JOBS_KEEP_DONE_DAYS: '0' },
    { JOBS_KEEP_DEAD_DAYS: '3651' },
    { JOBS_KEEP_DONE_DAYS: '1.5' },
    { JOBS_CONCURRENCY: '65' },
    { JOBS_POLL_MS: 'nhanh' },
  ])('refuses %o in Vietnamese', (env) => {
    expect(() => jobsConfig(env)).toThrow(/^Cấu hình không hợp lệ: JOBS_/);
  });
});
