import { describe, expect, it } from 'vitest';
import { HIGH_QUALITY_DEPARTMENT_ID } from '../constants';
import { type PriceEntry, highQualityPrice, servicePrice } from './high-quality-price';

const HQ = 1000102;
const e = (khoaChiDinhId: number | null, donGiaDichVu: number, denNgay: string | null): PriceEntry => ({
  khoaChiDinhId,
  donGiaDichVu,
  denNgay,
});

describe('highQualityPrice', () => {
  it('uses department 1000102', () => {
    expect(HIGH_QUALITY_DEPARTMENT_ID).toBe(HQ);
  });

  it.each<[string, readonly PriceEntry[] | null | undefined, number | null]>([
    ['null', null, null],
    ['undefined', undefined, null],
    ['empty', [], null],
    // 1. open-ended 1000102 entry
    ['single open-ended HQ entry', [e(HQ, 500_000, null)], 500_000],
    ['open-ended HQ entry wins over a later end date', [e(1, 100, '2099-01-01'), e(HQ, 500_000, null)], 500_000],
    ['open-ended HQ entry wins over an earlier one', [e(HQ, 300_000, '2024-01-01'), e(HQ, 500_000, null)], 500_000],
    ['first of several open-ended HQ entries', [e(HQ, 1, null), e(HQ, 2, null)], 1],
    ['empty-string end date counts as open-ended', [e(1, 100, '2030-01-01'), e(HQ, 7, '')], 7],
    ['open-ended entry of another department does not count', [e(2, 100, null), e(HQ, 200, '2020-01-01')], 200],
    ['open-ended entry without department does not count', [e(null, 100, null), e(3, 200, '2020-01-01')], 200],
    // 2. latest end date, any department
    ['latest end date', [e(1, 100, '2024-01-01'), e(2, 200, '2025-06-30'), e(3, 300, '2025-01-01')], 200],
    ['latest end date of an HQ entry with end date', [e(HQ, 100, '2024-01-01'), e(HQ, 200, '2023-01-01')], 100],
    ['latest end date is not necessarily HQ', [e(HQ, 100, '2024-01-01'), e(5, 200, '2024-01-02')], 200],
    ['tie: first of the tied entries', [e(1, 100, '2024-01-01'), e(2, 200, '2025-01-01'), e(3, 300, '2025-01-01')], 200],
    ['tie of all entries: first entry', [e(1, 100, '2025-01-01'), e(2, 200, '2025-01-01')], 100],
    ['tie as instants in different notations', [e(1, 100, '2024-12-31T17:00:00Z'), e(2, 200, '2025-01-01T00:00:00+07:00'), e(3, 300, '2025-01-01')], 100],
    ['compared as instants, not as strings', [e(1, 100, '2025-01-01T00:00:00+07:00'), e(2, 200, '2024-12-31T18:00:00Z')], 200],
    ['1 ms later wins', [e(1, 100, '2025-01-01T00:00:00.000Z'), e(2, 200, '2025-01-01T00:00:00.001Z')], 200],
    ['open-ended non-HQ entries are ignored when others have end dates', [e(1, 100, null), e(2, 200, '2020-01-01')], 200],
    ['unparsable end date is treated as none', [e(1, 100, 'garbage'), e(2, 200, '2020-01-01')], 200],
    // 3. no end dates at all
    ['no entry has an end date: first entry', [e(1, 100, null), e(2, 200, null)], 100],
    ['single entry without end date', [e(null, 42, null)], 42],
    ['zero price is a price', [e(HQ, 0, null), e(1, 100, '2030-01-01')], 0],
  ])('%s', (_label, entries, expected) => {
    expect(highQualityPrice(entries)).toBe(expected);
  });
});

describe('servicePrice', () => {
  it('is the high-quality price when the entries give one, even a lower or zero one', () => {
    expect(servicePrice(90_000, [e(HQ, 120_000, null)])).toBe(120_000);
    expect(servicePrice(90_000, [e(1, 80_000, '2030-01-01'), e(2, 70_000, '2029-01-01')])).toBe(80_000);
    expect(servicePrice(90_000, [e(HQ, 0, null)])).toBe(0);
  });

  it('is the listed price without entries', () => {
    expect(servicePrice(150_000, [])).toBe(150_000);
    expect(servicePrice(150_000, null)).toBe(150_000);
    expect(servicePrice(150_000, undefined)).toBe(150_000);
  });
});
