import { describe, expect, it } from 'vitest';
import {
  ADVERTISING_LABEL,
  DECREE_91_ADVERTISING_MESSAGES_PER_24H,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  advertisingCapAllows,
  advertisingQuotaAllows,
  advertisingScheduleNotice,
  hasAdvertisingLabel,
  isAdvertising,
  isAdvertisingAllowedAt,
  nextAdvertisingSendAt,
  nextAdvertisingWindow,
  withAdvertisingLabel,
} from './ad-window';

const at = (iso: string) => new Date(iso);

describe('the advertising hours, 07:00 to 22:00 Vietnam time (Nghị định 91/2020/NĐ-CP Điều 13)', () => {
  it.each([
    // instant (UTC), Vietnam wall clock, allowed, next window (UTC)
    ['2026-11-25T23:59:59.999Z', '06:59:59.999', false, '2026-11-26T00:00:00.000Z'],
    ['2026-11-25T23:59:59Z', '06:59:59', false, '2026-11-26T00:00:00.000Z'],
    ['2026-11-26T00:00:00Z', '07:00:00', true, '2026-11-26T00:00:00.000Z'],
    ['2026-11-26T05:00:00Z', '12:00:00', true, '2026-11-26T05:00:00.000Z'],
    ['2026-11-26T14:59:59Z', '21:59:59', true, '2026-11-26T14:59:59.000Z'],
    ['2026-11-26T14:59:59.999Z', '21:59:59.999', true, '2026-11-26T14:59:59.999Z'],
    ['2026-11-26T15:00:00Z', '22:00:00 (excluded)', false, '2026-11-27T00:00:00.000Z'],
    ['2026-11-26T16:30:00Z', '23:30, before midnight', false, '2026-11-27T00:00:00.000Z'],
    ['2026-11-26T16:59:59Z', '23:59:59', false, '2026-11-27T00:00:00.000Z'],
    ['2026-11-26T17:00:00Z', '00:00 of the 27th, a new day in Vietnam', false, '2026-11-27T00:00:00.000Z'],
    ['2026-11-26T17:30:00Z', '00:30 of the 27th (still the 26th in UTC)', false, '2026-11-27T00:00:00.000Z'],
    ['2026-11-26T22:00:00Z', '05:00 of the 27th', false, '2026-11-27T00:00:00.000Z'],
    ['2026-12-31T15:30:00Z', '22:30 on 31/12', false, '2027-01-01T00:00:00.000Z'],
    ['2027-02-28T16:00:00Z', '23:00 on 28/02', false, '2027-03-01T00:00:00.000Z'],
    ['2028-02-28T16:00:00Z', '23:00 on 28/02 of a leap year', false, '2028-02-29T00:00:00.000Z'],
  ])('%s (%s) → %s, next %s', (iso, _wallClock, allowed, next) => {
    expect(isAdvertisingAllowedAt(at(iso))).toBe(allowed);
    expect(nextAdvertisingWindow(at(iso)).toISOString()).toBe(next);
  });

  it('the same instants written with +07:00 agree', () => {
    expect(isAdvertisingAllowedAt(at('2026-11-26T07:00:00+07:00'))).toBe(true);
    expect(isAdvertisingAllowedAt(at('2026-11-26T22:00:00+07:00'))).toBe(false);
    expect(nextAdvertisingWindow(at('2026-11-26T22:00:00+07:00')).getTime()).toBe(at('2026-11-27T07:00:00+07:00').getTime());
  });

  it('returns a copy, never the caller’s Date', () => {
    const d = at('2026-11-26T05:00:00Z');
    expect(nextAdvertisingWindow(d)).not.toBe(d);
  });
});

describe('the cap: one advertising message per recipient per 24 hours (the hospital’s rule)', () => {
  const last = at('2026-11-25T03:00:00Z');
  it.each([
    [null, '2026-11-25T03:00:00Z', false, true, 'never sent one'],
    [last, '2026-11-25T03:00:01Z', false, false, 'one second later'],
    [last, '2026-11-26T02:59:59.999Z', false, false, '1 ms before 24 h'],
    [last, '2026-11-26T03:00:00Z', false, true, 'exactly 24 h later'],
    [last, '2026-11-27T03:00:00Z', false, true, 'two days later'],
    [last, '2026-11-25T03:00:01Z', true, true, 'the patient agreed to receive more'],
    [at('2026-11-25T04:00:00Z'), '2026-11-25T03:00:00Z', false, false, 'the last send is dated after now (clocks differ)'],
  ])('last %s, now %s, agreed %s → %s (%s)', (lastSent, now, agreed, expected, _why) => {
    expect(advertisingCapAllows(lastSent, at(now), agreed)).toBe(expected);
  });

  it('counts the sends of the last 24 hours against a limit (the decree allows 3)', () => {
    const now = at('2026-11-26T03:00:00Z');
    const sends = [at('2026-11-25T03:00:00Z'), at('2026-11-25T10:00:00Z'), at('2026-11-26T01:00:00Z'), at('2026-11-26T02:00:00Z')];
    // The first is exactly 24 h old and no longer counts: 3 in the window.
    expect(advertisingQuotaAllows(sends, now, false, DECREE_91_ADVERTISING_MESSAGES_PER_24H)).toBe(false);
    expect(advertisingQuotaAllows(sends.slice(0, 3), now, false, DECREE_91_ADVERTISING_MESSAGES_PER_24H)).toBe(true);
    expect(advertisingQuotaAllows(sends, now, false, 4)).toBe(true);
    expect(advertisingQuotaAllows(sends, now, false)).toBe(false);
    expect(advertisingQuotaAllows([], now, false)).toBe(true);
    expect(advertisingQuotaAllows(sends, now, true)).toBe(true);
    expect(DECREE_91_ADVERTISING_MESSAGES_PER_24H).toBe(3);
  });
});

describe('nextAdvertisingSendAt: the hours and the cap together', () => {
  it.each([
    [null, '2026-11-26T05:00:00Z', false, '2026-11-26T05:00:00.000Z', 'inside the hours, nothing sent'],
    [null, '2026-11-26T15:00:00Z', false, '2026-11-27T00:00:00.000Z', '22:00: tomorrow 07:00'],
    ['2026-11-26T02:00:00Z', '2026-11-26T05:00:00Z', false, '2026-11-27T02:00:00.000Z', 'sent at 09:00: again at 09:00 tomorrow'],
    ['2026-11-26T14:30:00Z', '2026-11-26T14:45:00Z', false, '2026-11-27T14:30:00.000Z', 'sent at 21:30: again at 21:30 tomorrow'],
    ['2026-11-26T14:59:00Z', '2026-11-26T14:59:30Z', false, '2026-11-27T14:59:00.000Z', 'sent at 21:59: 21:59 tomorrow is inside'],
    ['2026-11-25T04:00:00Z', '2026-11-26T05:00:00Z', false, '2026-11-26T05:00:00.000Z', 'sent yesterday 11:00: the cap is over'],
    ['2026-11-26T14:50:00Z', '2026-11-26T15:30:00Z', false, '2026-11-27T14:50:00.000Z', 'sent at 21:50, asked at 22:30: 21:50 tomorrow'],
    ['2026-11-25T23:30:00Z', '2026-11-26T05:00:00Z', false, '2026-11-27T00:00:00.000Z', 'cap ends at 06:30 tomorrow, outside the hours: 07:00'],
    ['2026-11-26T02:00:00Z', '2026-11-26T05:00:00Z', true, '2026-11-26T05:00:00.000Z', 'agreed to more: only the hours'],
  ])('last %s, now %s, agreed %s → %s (%s)', (last, now, agreed, expected, _why) => {
    expect(nextAdvertisingSendAt(last ? at(last) : null, at(now), agreed).toISOString()).toBe(expected);
  });
});

describe('message kinds, the [QC] label and the schedule notice', () => {
  it('has two kinds with Vietnamese labels; only ADVERTISING follows the advertising rules', () => {
    expect(ADVERTISING_LABEL).toBe('[QC]');
    expect(MESSAGE_KINDS).toEqual(['CARE', 'ADVERTISING']);
    expect(MESSAGE_KIND_LABELS).toEqual({ CARE: 'Tin chăm sóc khách hàng', ADVERTISING: 'Tin quảng cáo' });
    expect(isAdvertising('CARE')).toBe(false);
    expect(isAdvertising('ADVERTISING')).toBe(true);
  });

  it.each([
    ['[QC] Giảm 20% gói khám', true, '[QC] Giảm 20% gói khám'],
    ['[AD] Health check', true, '[AD] Health check'],
    ['  [qc] giảm giá', true, '  [qc] giảm giá'],
    ['Giảm 20% gói khám', false, '[QC] Giảm 20% gói khám'],
    ['  Giảm 20% gói khám', false, '[QC] Giảm 20% gói khám'],
    ['Gói khám [QC]', false, '[QC] Gói khám [QC]'],
    ['(QC) Gói khám', false, '[QC] (QC) Gói khám'],
  ])('%j: labelled %s → %j', (text, labelled, withLabel) => {
    expect(hasAdvertisingLabel(text)).toBe(labelled);
    expect(withAdvertisingLabel(text)).toBe(withLabel);
  });

  it.each([
    ['2026-11-26T05:00:00Z', null],
    ['2026-11-26T00:00:00Z', null],
    ['2026-11-26T15:00:00Z', 'Tin quảng cáo chỉ được gửi từ 07:00 đến 22:00 (Nghị định 91/2020/NĐ-CP); chiến dịch sẽ chờ đến 07:00 ngày 27/11/2026'],
    ['2026-12-31T23:00:00Z', 'Tin quảng cáo chỉ được gửi từ 07:00 đến 22:00 (Nghị định 91/2020/NĐ-CP); chiến dịch sẽ chờ đến 07:00 ngày 01/01/2027'],
  ])('a campaign scheduled at %s → %s', (iso, notice) => {
    expect(advertisingScheduleNotice(at(iso))).toBe(notice);
  });
});
