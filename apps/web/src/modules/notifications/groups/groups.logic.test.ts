import { describe, expect, it } from 'vitest';
import { audienceOf, audienceText, bodyOf, countable, filtersFromParams, paramsOf } from './groups.logic';

describe('audienceOf', () => {
  it.each([
    ['everyone wins over the rest', { all: true, gender: 'MALE' as const }, { all: true }],
    ['nothing set', { all: false, gender: '' as const, ageFrom: null }, {}],
    [
      'person filters',
      { all: false, gender: 'FEMALE' as const, ageFrom: 20, ageTo: 40, province: { value: '01', label: 'Hà Nội' } },
      { gender: 'FEMALE', ageFrom: 20, ageTo: 40, provinceCode: '01' },
    ],
    [
      'a visit with its days typed DD/MM/YYYY',
      { all: false, visitedDepartment: { value: '7', label: 'Khoa Nội' }, visitedFrom: '01/09/2026', visitedTo: '30/11/2026' },
      { visited: { departmentId: 7, from: '2026-09-01', to: '2026-11-30' } },
    ],
    ['a booking period half typed', { all: false, bookedFrom: '01/11/2026' }, { booked: { from: '2026-11-01', to: undefined } }],
    ['one patient', { all: false, patient: { value: '42', label: 'Trần Thị An' } }, { userId: 42 }],
    ['every member of the private clinic', { all: false, clinicProgram: 'ALL' }, { clinic: {} }],
    [
      'the members of one programme, women',
      { all: false, gender: 'FEMALE' as const, clinicProgram: 'PREGNANCY' },
      { gender: 'FEMALE', clinic: { program: 'PREGNANCY' } },
    ],
    ['no clinic filter chosen', { all: false, gender: 'MALE' as const, clinicProgram: '' }, { gender: 'MALE' }],
  ])('%s', (_n, v, want) => expect(audienceOf(v)).toEqual(want));
});

describe('countable', () => {
  it.each([
    [{ all: true }, true],
    [{}, false],
    [{ gender: 'MALE' }, true],
    [{ booked: { from: '2026-11-01' } }, false],
    [{ booked: { from: '2026-11-01', to: '2026-11-30' } }, true],
  ])('%o → %s', (a, want) => expect(countable(a as never)).toBe(want));
});

describe('bodyOf', () => {
  it('drops the value of a link that takes none and trims the others', () => {
    const base = { title: 'T', content: 'C', kind: 'CARE' as const, all: true };
    expect(bodyOf({ ...base, linkType: 'PRICE_LIST', linkValue: 'x' }).link).toEqual({ type: 'PRICE_LIST', value: null });
    expect(bodyOf({ ...base, linkType: 'URL', linkValue: ' https://bv.vn ' }).link).toEqual({ type: 'URL', value: 'https://bv.vn' });
  });
});

describe('audienceText', () => {
  it.each([
    [{ all: true }, 'Tất cả bệnh nhân'],
    [{ gender: 'FEMALE', ageFrom: 20, ageTo: 40, provinceCode: '01' }, 'Nữ, tuổi 20–40, tỉnh/TP mã 01'],
  ])('%o', (a, want) => expect(audienceText(a)).toBe(want));
  it.each([
    [
      { gender: 'FEMALE', provinceCode: '01', wardCode: '00082' },
      { province: 'Thành phố Hà Nội', ward: 'Phường Ba Đình' },
      'Nữ, Phường Ba Đình, Thành phố Hà Nội',
    ],
    [{ visited: { departmentId: 3, from: '2026-09-01', to: '2026-11-30' } }, { department: 'Khoa Tim mạch' }, 'Đã khám 01/09/2026–30/11/2026 (Khoa Tim mạch)'],
    [{ userId: 9 }, { patient: 'Trần Thị An' }, 'Trần Thị An'],
  ])('%o with names', (a, names, want) => expect(audienceText(a, names)).toBe(want));
  it.each([
    [{ ageFrom: 60 }, 'Từ 60 tuổi'],
    [{ booked: { from: '2026-11-01', to: '2026-11-30' } }, 'Đặt khám 01/11/2026–30/11/2026'],
    [{ clinic: {} }, 'Thành viên phòng khám tư'],
    [{ gender: 'FEMALE', clinic: { program: 'PREGNANCY' } }, 'Nữ, thành viên phòng khám tư (Theo dõi thai kỳ)'],
  ])('%o', (a, want) => expect(audienceText(a)).toBe(want));
});

describe('the list filters in the URL', () => {
  it('round-trips and ignores what is not valid', () => {
    const f = filtersFromParams(new URLSearchParams('content=kham&scheduleFrom=2026-11-01&status=SENT&page=2&size=50'));
    expect(f).toEqual({ content: 'kham', scheduleFrom: '2026-11-01', scheduleTo: undefined, status: 'SENT', page: 1, size: 50 });
    expect(paramsOf(f).toString()).toBe('content=kham&scheduleFrom=2026-11-01&status=SENT&page=2&size=50');
    expect(filtersFromParams(new URLSearchParams('status=NOPE&page=-1&size=7&scheduleTo=mai'))).toEqual({
      content: '',
      scheduleFrom: undefined,
      scheduleTo: undefined,
      status: undefined,
      page: 0,
      size: 20,
    });
  });
});

describe('formFieldOf', () => {
  it.each([
    ['audience.visited.to', 'visitedTo'],
    ['link.value', 'linkValue'],
    ['scheduledAt', 'scheduleAt'],
    ['audience.something', 'all'],
  ])('%s → %s', async (f, want) => {
    const { formFieldOf } = await import('./groups.logic');
    expect(formFieldOf(f)).toBe(want);
  });
});

describe('groupPending', () => {
  const now = Date.parse('2026-11-26T03:00:00Z');
  it.each([
    [{ status: 'SENDING', scheduledAt: null }, true],
    [{ status: 'SCHEDULED', scheduledAt: '2026-11-26T03:00:00Z' }, true],
    [{ status: 'SCHEDULED', scheduledAt: '2026-11-26T03:05:00Z' }, true],
    [{ status: 'SCHEDULED', scheduledAt: '2026-11-27T03:00:00Z' }, false],
    [{ status: 'SENT', scheduledAt: '2026-11-26T03:00:00Z' }, false],
  ])('%o → %s', async (g, want) => {
    const { groupPending } = await import('./groups.logic');
    expect(groupPending(g as never, now)).toBe(want);
  });
});
