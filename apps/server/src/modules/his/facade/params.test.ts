import { describe, expect, it } from 'vitest';
import { paging, parseDateBound, referenceIds, tokens } from './params';

describe('search parameter values', () => {
  it.each([
    ['2026-05-04', 'eq', '2026-05-04 00:00', '2026-05-04 23:59'],
    ['ge2026-05', 'ge', '2026-05-01 00:00', '2026-05-31 23:59'],
    ['lt2024', 'lt', '2024-01-01 00:00', '2024-12-31 23:59'],
    ['le2024-02', 'le', '2024-02-01 00:00', '2024-02-29 23:59'],
    ['gt2026-05-04T08:15:00+07:00', 'gt', '2026-05-04 08:15', '2026-05-04 08:15'],
    ['ge2026-05-04T01:00:00Z', 'ge', '2026-05-04 08:00', '2026-05-04 08:00'],
    ['eq2026-05-03T18:30:00Z', 'eq', '2026-05-04 01:30', '2026-05-04 01:30'],
  ])('%s is %s over +07:00 moments', (raw, prefix, from, to) => {
    const b = parseDateBound(raw, 'date');
    expect([b.prefix, `${b.from.day} ${b.from.time}`, `${b.to.day} ${b.to.time}`]).toEqual([prefix, from, to]);
  });

  it.each(['2026-02-30', 'xx2026-05-04', 'ne2026-05-04', '04/05/2026', '2026-13', 'ge', '2026-05-04T25:00:00+07:00'])('%s is refused in Vietnamese', (raw) => {
    expect(() => parseDateBound(raw, 'date')).toThrow(/tham số date/i);
  });

  it('reads tokens, references and paging', () => {
    expect(tokens({ identifier: 'http://x|1,|2,3,sys|' }, 'identifier')).toEqual([
      { system: 'http://x', code: '1' },
      { system: '', code: '2' },
      { code: '3' },
      { system: 'sys' },
    ]);
    expect(referenceIds({ patient: 'Patient/12,7,Location/3,https://h/fhir/R4/Patient/9' }, 'patient', 'Patient')).toEqual(['12', '7', '9']);
    expect(paging({})).toEqual({ count: 50, offset: 0 });
    expect(paging({ _count: '1000', _offset: '100' })).toEqual({ count: 500, offset: 100 });
    expect(() => paging({ _count: '-1' })).toThrow(/_count/);
  });
});
