import { describe, expect, it } from 'vitest';
import { audienceFilters, groupBody, linkProblem, notificationLink } from '../contracts/notification-groups.contract';
import { ageInYears } from './age';
import { AUDIENCE_MESSAGES, audienceProblems, birthBounds, latestBirthForAge } from './audience';
import { addDays } from './period';

describe('audienceProblems', () => {
  it.each([
    ['everyone', { all: true as const }, []],
    ['one filter', { gender: 'FEMALE' as const }, []],
    ['no filter at all', {}, [AUDIENCE_MESSAGES.noFilter]],
    ['everyone and a filter', { all: true as const, gender: 'MALE' as const }, [AUDIENCE_MESSAGES.allWithFilters]],
    ['ages in order', { ageFrom: 18, ageTo: 18 }, []],
    ['ages reversed', { ageFrom: 60, ageTo: 18 }, [AUDIENCE_MESSAGES.ageOrder]],
    ['a ward without its province', { wardCode: '00082' }, [AUDIENCE_MESSAGES.wardWithoutProvince]],
    ['a ward with its province', { provinceCode: '01', wardCode: '00082' }, []],
    ['a visit period of one day', { visited: { from: '2026-11-01', to: '2026-11-01' } }, []],
    ['a visit period reversed', { visited: { departmentId: 1, from: '2026-11-02', to: '2026-11-01' } }, [AUDIENCE_MESSAGES.periodOrder]],
    ['a booking period reversed', { booked: { from: '2026-12-01', to: '2026-11-30' } }, [AUDIENCE_MESSAGES.periodOrder]],
    ['two problems', { ageFrom: 5, ageTo: 1, wardCode: '00082' }, [AUDIENCE_MESSAGES.ageOrder, AUDIENCE_MESSAGES.wardWithoutProvince]],
  ])('%s', (_name, a, want) => {
    expect(audienceProblems(a).map((p) => p.message)).toEqual(want);
  });
});

describe('audienceFilters (the contract)', () => {
  it.each([
    [{ ageFrom: -1 }, 'Tuổi từ không được âm'],
    [{ ageTo: 151 }, 'Tuổi đến tối đa 150'],
    [{ ageFrom: 1.5 }, 'Tuổi từ phải là số nguyên'],
    [{ provinceCode: 'HN' }, 'Mã tỉnh/thành phố không hợp lệ'],
    [{ gender: 'OTHER' }, 'Giới tính không hợp lệ'],
    [{ booked: { from: '2026-02-30', to: '2026-03-01' } }, 'không có ngày 30/02/2026'],
    [{ visited: { from: '2026-01-01' } }, 'Đến ngày không hợp lệ'],
    [{ clinic: true }, 'Điều kiện thành viên phòng khám tư không hợp lệ'],
    [{ clinic: { program: 'CANCER' } }, 'Chương trình chăm sóc không hợp lệ'],
    [{ members: {} }, 'Điều kiện lọc không hỗ trợ: members'],
    [{ userId: 0 }, 'Bệnh nhân không hợp lệ'],
  ])('%o is refused', (a, message) => {
    const r = audienceFilters.safeParse(a);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues.map((i) => i.message))).toContain(message);
  });
  it('keeps what it accepts', () => {
    const a = {
      gender: 'MALE',
      ageFrom: 18,
      ageTo: 60,
      provinceCode: '01',
      visited: { specialtyId: 3, from: '2026-01-01', to: '2026-06-30' },
      clinic: { program: 'DIABETES' },
    };
    expect(audienceFilters.parse(a)).toEqual(a);
  });
});

describe('age bounds agree with ageInYears', () => {
  it.each([
    ['2026-11-26', 30],
    ['2025-02-28', 1],
    ['2024-02-29', 1],
    ['2024-02-29', 4],
    ['2028-02-28', 4],
    ['2026-03-01', 18],
    ['2026-12-31', 1],
  ])('on %s, %i years', (today, years) => {
    const latest = latestBirthForAge(today, years);
    const now = new Date(`${today}T12:00:00+07:00`);
    expect(ageInYears(latest, now)).toBeGreaterThanOrEqual(years);
    expect(ageInYears(addDays(latest, 1), now)).toBeLessThan(years);
  });
  it('every day of four years: a birth inside the bounds has an age inside the range', () => {
    const today = '2026-11-26';
    const now = new Date(`${today}T09:00:00+07:00`);
    const { maxBirth, minBirthExclusive } = birthBounds(today, 1, 2);
    for (let d = '2022-11-01'; d <= '2026-11-26'; d = addDays(d, 1)) {
      const inBounds = d <= maxBirth! && d > minBirthExclusive!;
      const age = ageInYears(d, now);
      expect(inBounds, d).toBe(age >= 1 && age <= 2);
    }
  });
  it('open bounds', () => {
    expect(birthBounds('2026-11-26')).toEqual({ maxBirth: null, minBirthExclusive: null });
    expect(birthBounds('2026-11-26', 0, 5)).toEqual({ maxBirth: null, minBirthExclusive: '2020-11-26' });
  });
});

describe('links', () => {
  it.each([
    [{ type: 'NEWS' as const, value: 'kham-suc-khoe-mien-phi-2026' }, null, 'news/kham-suc-khoe-mien-phi-2026'],
    [{ type: 'NEWS' as const, value: 'Khám sức khoẻ' }, 'Đường dẫn bài viết không hợp lệ', null],
    [{ type: 'BOOKING' as const, value: 'DK261126000123' }, null, 'booking/DK261126000123'],
    [{ type: 'BOOKING' as const, value: 'DK12' }, 'Mã lịch khám không hợp lệ', null],
    [{ type: 'URL' as const, value: 'https://benhvien.vn/uu-dai' }, null, 'https://benhvien.vn/uu-dai'],
    [{ type: 'URL' as const, value: 'javascript:alert(1)' }, 'Địa chỉ web không hợp lệ', null],
    [{ type: 'URL' as const, value: 'mailto:a@b.vn' }, 'Địa chỉ web không hợp lệ', null],
    [{ type: 'PRICE_LIST' as const, value: null }, null, 'price-list'],
    [{ type: 'NONE' as const }, null, null],
  ])('%o', (link, problem, text) => {
    const p = linkProblem(link);
    if (problem) expect(p).toContain(problem);
    else {
      expect(p).toBeNull();
      expect(notificationLink(link)).toBe(text);
    }
  });
});

describe('groupBody', () => {
  const base = { title: 'Khám sức khoẻ', content: 'Ưu đãi tháng 12', kind: 'CARE', audience: { all: true } };
  it('says the push limit when the content is too long', () => {
    const r = groupBody.safeParse({ ...base, content: 'a'.repeat(1001) });
    expect(r.error?.issues[0]?.message).toBe('Nội dung tối đa 1.000 ký tự (giới hạn của thông báo đẩy trên điện thoại)');
  });
  it('takes only an uploaded content image', () => {
    expect(groupBody.safeParse({ ...base, imageUrl: `/api/content/v1/images/${'a'.repeat(32)}.png` }).success).toBe(true);
    expect(groupBody.safeParse({ ...base, imageUrl: 'https://evil.example/x.png' }).error?.issues[0]?.message).toContain('Ảnh không hợp lệ');
  });
  it('drops the value of a link without one', () => {
    expect(groupBody.parse({ ...base, link: { type: 'PRICE_LIST', value: 'x' } }).link).toEqual({ type: 'PRICE_LIST', value: null });
    expect(groupBody.parse(base).link).toEqual({ type: 'NONE', value: null });
  });
});
