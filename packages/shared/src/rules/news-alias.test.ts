import { describe, expect, it } from 'vitest';
import { NEWS_ALIAS_MAX, aliasProblem, slugify, uniqueAlias } from './news-alias';

describe('slugify', () => {
  it.each([
    ['Khám sức khoẻ định kỳ 2026', 'kham-suc-khoe-dinh-ky-2026'],
    ['Đường dây nóng Đa khoa', 'duong-day-nong-da-khoa'],
    ['ĐỒNG HỒ đo ĐƯỜNG huyết', 'dong-ho-do-duong-huyet'],
    ['  Tiêm   chủng    mở rộng  ', 'tiem-chung-mo-rong'],
    ['Covid-19: những điều cần biết!', 'covid-19-nhung-dieu-can-biet'],
    ['Phòng khám (SHP) — giờ làm việc 07:00/17:00', 'phong-kham-shp-gio-lam-viec-07-00-17-00'],
    ['--- a --- b ---', 'a-b'],
    ['Người cao tuổi & bệnh tiểu đường?', 'nguoi-cao-tuoi-benh-tieu-duong'],
    ['Tab\tvà\nxuống dòng', 'tab-va-xuong-dong'],
    ['Nhi khoa – Sơ sinh', 'nhi-khoa-so-sinh'],
    ['😀 Chúc mừng năm mới 😀', 'chuc-mung-nam-moi'],
    ['!!!', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (title, alias) => expect(slugify(title)).toBe(alias));

  it('cuts a long title at a word boundary, within the cap', () => {
    const title = 'Hướng dẫn chuẩn bị trước khi nội soi dạ dày đại tràng không đau tại bệnh viện '.repeat(4);
    const a = slugify(title);
    expect(a.length).toBeLessThanOrEqual(NEWS_ALIAS_MAX);
    expect(a.endsWith('-')).toBe(false);
    expect(title.toLowerCase().startsWith('hướng')).toBe(true);
    expect(a.startsWith('huong-dan-chuan-bi')).toBe(true);
  });
  it.each([
    ['abc-def-ghi', 7, 'abc-def'],
    ['abc-def-ghi', 8, 'abc-def'],
    ['abcdefghij', 4, 'abcd'],
    ['abc-def', 3, 'abc'],
  ])('cut %s to %i → %s', (title, max, alias) => expect(slugify(title, max)).toBe(alias));
});

describe('uniqueAlias', () => {
  it.each([
    ['tin-moi', [], 'tin-moi'],
    ['tin-moi', ['tin-moi'], 'tin-moi-2'],
    ['tin-moi', ['tin-moi', 'tin-moi-2'], 'tin-moi-3'],
    ['tin-moi', ['tin-moi', 'tin-moi-2', 'tin-moi-3', 'tin-moi-4', 'tin-moi-5', 'tin-moi-6', 'tin-moi-7', 'tin-moi-8', 'tin-moi-9'], 'tin-moi-10'],
    ['tin-moi', ['tin-moi-2'], 'tin-moi'],
    ['', [], 'bai-viet'],
    ['', ['bai-viet'], 'bai-viet-2'],
  ])('%s taken %j → %s', (base, taken, alias) => expect(uniqueAlias(base, new Set(taken))).toBe(alias));

  it('shortens the base so the suffix fits the cap', () => {
    expect(uniqueAlias('abcdef', new Set(['abcdef']), 6)).toBe('abcd-2');
    expect(uniqueAlias('abc-def', new Set(['abc-def']), 7)).toBe('abc-2');
  });
  it('takes a function as the taken set', () => expect(uniqueAlias('a', (x) => x === 'a' || x === 'a-2')).toBe('a-3'));
});

describe('aliasProblem', () => {
  it.each([
    ['kham-suc-khoe-dinh-ky-2026', false],
    ['a', false],
    ['2026', false],
    ['', true],
    ['khám-sức-khoẻ', true],
    ['kham suc khoe', true],
    ['Kham-Suc-Khoe', true],
    ['-kham', true],
    ['kham-', true],
    ['kham--suc', true],
    ['kham_suc', true],
    ['kham/suc', true],
    ['x'.repeat(NEWS_ALIAS_MAX), false],
    ['x'.repeat(NEWS_ALIAS_MAX + 1), true],
  ])('%j refused: %s', (alias, refused) => expect(aliasProblem(alias) !== null).toBe(refused));
  it('says in Vietnamese why', () => expect(aliasProblem('khám sức khoẻ')).toMatch(/không dấu/));
});
