import { describe, expect, it } from 'vitest';
import { affectedBookingLink } from './refusal.logic';

describe('affectedBookingLink', () => {
  it.each([
    ['DK261126123456 · Trần Thị Bình · 08:00 26/11/2026', '/admin/quan-ly-dat-kham?date=2026-11-26&q=DK261126123456'],
    ['DK261201000001 · Nguyễn Văn A · B · 13:30 01/12/2026', '/admin/quan-ly-dat-kham?date=2026-12-01&q=DK261201000001'],
    ['Một dòng khác', null],
    ['DK261126123456 · Trần Thị Bình', null],
  ])('%s', (line, expected) => {
    expect(affectedBookingLink(line)).toBe(expected);
  });
});
