import { describe, expect, it } from 'vitest';
import { APP_LINK_MESSAGES, appLinkProblem, bannerPeriodInvalid, bannerStatus, isWebAddress, moveId, nextBannerChange } from './app-config';

const NOW = new Date('2026-11-26T05:00:00Z'); // 12:00 +07:00
const at = (iso: string) => new Date(iso);

describe('bannerStatus', () => {
  it.each([
    ['no period', true, null, null, 'ACTIVE'],
    ['hidden, whatever the period', false, null, null, 'HIDDEN'],
    ['hidden and ended', false, null, '2026-11-01T00:00:00Z', 'HIDDEN'],
    ['starts exactly now (inclusive)', true, '2026-11-26T05:00:00Z', null, 'ACTIVE'],
    ['starts a millisecond later', true, '2026-11-26T05:00:00.001Z', null, 'UPCOMING'],
    ['ends exactly now (exclusive)', true, null, '2026-11-26T05:00:00Z', 'ENDED'],
    ['ends a millisecond later', true, null, '2026-11-26T05:00:00.001Z', 'ACTIVE'],
    ['inside its period', true, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', 'ACTIVE'],
    ['before its period', true, '2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z', 'UPCOMING'],
    ['after its period', true, '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', 'ENDED'],
    ['a period given as +07:00 text', true, '2026-11-26T12:00:00+07:00', '2026-11-26T13:00:00+07:00', 'ACTIVE'],
  ] as const)('%s', (_label, visible, activeFrom, activeTo, expected) => {
    expect(bannerStatus({ visible, activeFrom, activeTo }, NOW)).toBe(expected);
  });
});

describe('bannerPeriodInvalid', () => {
  it.each([
    [null, null, false],
    ['2026-12-01T00:00:00Z', null, false],
    [null, '2026-12-01T00:00:00Z', false],
    ['2026-12-01T00:00:00Z', '2026-12-01T00:00:01Z', false],
    ['2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', true],
    ['2026-12-01T00:00:00Z', '2026-11-30T23:59:59Z', true],
    // the same instant written in two zones is still an empty period
    ['2026-12-01T07:00:00+07:00', '2026-12-01T00:00:00Z', true],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(bannerPeriodInvalid(from, to)).toBe(expected);
  });
});

describe('nextBannerChange', () => {
  it('is the nearest start or end still ahead, or null', () => {
    expect(nextBannerChange([], NOW)).toBeNull();
    expect(nextBannerChange([{ activeFrom: null, activeTo: null }], NOW)).toBeNull();
    expect(nextBannerChange([{ activeFrom: '2026-11-01T00:00:00Z', activeTo: '2026-11-26T05:00:00Z' }], NOW)).toBeNull(); // an end at now is past
    expect(
      nextBannerChange(
        [
          { activeFrom: '2026-11-01T00:00:00Z', activeTo: '2026-12-01T00:00:00Z' },
          { activeFrom: '2026-11-27T00:00:00Z', activeTo: null },
          { activeFrom: null, activeTo: '2026-11-26T06:00:00Z' },
        ],
        NOW,
      ),
    ).toEqual(at('2026-11-26T06:00:00Z'));
  });
});

describe('appLinkProblem', () => {
  it.each([
    [{ type: 'SCREEN', value: 'booking' }, false, null],
    [{ type: 'SCREEN', value: 'price-list' }, false, null],
    [{ type: 'SCREEN', value: 'Booking' }, false, APP_LINK_MESSAGES.screen],
    [{ type: 'SCREEN', value: '' }, false, APP_LINK_MESSAGES.screen],
    [{ type: 'SCREEN', value: 'toString' }, false, APP_LINK_MESSAGES.screen],
    [{ type: 'NEWS', value: 'kham-suc-khoe-dinh-ky-2026' }, false, null],
    [{ type: 'NEWS', value: 'khám-sức-khoẻ' }, false, APP_LINK_MESSAGES.news],
    [{ type: 'NEWS', value: 'a--b' }, false, APP_LINK_MESSAGES.news],
    [{ type: 'NEWS', value: `${'a'.repeat(201)}` }, false, APP_LINK_MESSAGES.news],
    [{ type: 'URL', value: 'https://benhvien.vn/uu-dai?ma=1' }, false, null],
    [{ type: 'URL', value: 'http://benhvien.vn' }, false, null],
    [{ type: 'URL', value: 'benhvien.vn' }, false, APP_LINK_MESSAGES.url],
    [{ type: 'URL', value: 'javascript:alert(1)' }, false, APP_LINK_MESSAGES.url],
    [{ type: 'URL', value: 'https:evil' }, false, APP_LINK_MESSAGES.url],
    [{ type: 'URL', value: 'https://benh vien.vn' }, false, APP_LINK_MESSAGES.url],
    [{ type: 'URL', value: 'https://benhvien.vn/\u0000' }, false, APP_LINK_MESSAGES.url],
    [{ type: 'URL', value: 'ftp://benhvien.vn' }, false, APP_LINK_MESSAGES.url],
    [{ type: 'URL', value: '//benhvien.vn' }, false, APP_LINK_MESSAGES.url],
    [{ type: 'NONE', value: null }, true, null],
    [{ type: 'NONE', value: null }, false, APP_LINK_MESSAGES.none],
    [{ type: 'BOOKING', value: 'DK261126000001' }, true, APP_LINK_MESSAGES.none],
  ])('%j (banner: %s) → %s', (link, allowNone, expected) => {
    expect(appLinkProblem(link, allowNone)).toBe(expected);
  });

  it('a web address is at most 2,000 characters', () => {
    expect(isWebAddress(`https://benhvien.vn/${'a'.repeat(1980)}`)).toBe(true);
    expect(isWebAddress(`https://benhvien.vn/${'a'.repeat(1981)}`)).toBe(false);
  });
});

describe('moveId', () => {
  it.each([
    [[1, 2, 3], 2, -1, [2, 1, 3]],
    [[1, 2, 3], 2, 1, [1, 3, 2]],
    [[1, 2, 3], 1, -1, [1, 2, 3]],
    [[1, 2, 3], 3, 1, [1, 2, 3]],
    [[1, 2, 3], 9, 1, [1, 2, 3]],
  ] as const)('%j move %s by %s → %j', (ids, id, step, expected) => {
    expect(moveId(ids, id, step)).toEqual(expected);
  });
});
