/**
 * When an advertising message may be sent to a patient: Nghị định 91/2020/NĐ-CP of 14/08/2020 on
 * fighting spam messages, emails and calls (in force since 01/10/2020), Điều 13 (principles of
 * sending advertising messages):
 * - "chỉ được gửi tin nhắn quảng cáo trong khoảng thời gian từ 07 giờ đến 22 giờ mỗi ngày, trừ
 *   trường hợp đã có thỏa thuận khác với người sử dụng" — Vietnam time, +07:00, no daylight saving;
 * - "không được phép gửi quá 03 tin nhắn quảng cáo tới 01 số điện thoại … trong vòng 24 giờ trừ
 *   trường hợp đã có thỏa thuận khác với người sử dụng";
 * - Điều 15: every advertising message starts with the label [QC] or [AD].
 * Fines: Nghị định 15/2020/NĐ-CP Điều 94 (sending outside the hours: 20–30 million đồng).
 * Texts read on 26/11/2026 from published copies (vinanet.vn, znews.vn, lawnet.vn, luatvietnam.vn);
 * no amending decree was found for these clauses: have the hospital's legal office confirm
 * before the first campaign.
 *
 * Decisions:
 * - The window is [07:00, 22:00): 07:00:00 is inside, 22:00:00 is not. "Đến 22 giờ" ends the
 *   window at 22:00; a message handed to the provider at 22:00:00 reaches the phone after it,
 *   and a fine is the cost of reading it the other way.
 * - The hospital sends at most ONE advertising message per recipient per 24 hours (issue 17),
 *   stricter than the decree's three; `advertisingQuotaAllows` takes the limit for the day the
 *   policy changes. 24 hours after the last one the next is allowed again ("trong vòng 24 giờ").
 * - A patient's agreement to receive more lifts the per-day cap; it does not lift the hours:
 *   the hospital collects no agreement about hours.
 * - Care messages (booking accepted or rejected, the reminder, a result ready, a password reset)
 *   are not advertising: they answer the patient's own booking or account, carry no offer, and
 *   are sent whenever the event happens. Everything a campaign sends is ADVERTISING unless the
 *   staff mark its template as care.
 */
import { DAY_MS, pad2, pad4, vnParts, vnWallClockToMs } from './time';

export type MessageKind = 'CARE' | 'ADVERTISING';

export const MESSAGE_KINDS: readonly MessageKind[] = ['CARE', 'ADVERTISING'];

export const MESSAGE_KIND_LABELS: Readonly<Record<MessageKind, string>> = {
  CARE: 'Tin chăm sóc khách hàng',
  ADVERTISING: 'Tin quảng cáo',
};

/** The advertising hours of Điều 13, Vietnam time: from START_HOUR:00 included to END_HOUR:00 excluded. */
export const ADVERTISING_START_HOUR = 7;
export const ADVERTISING_END_HOUR = 22;

/** The decree's ceiling of advertising messages to one number within 24 hours (Điều 13). */
export const DECREE_91_ADVERTISING_MESSAGES_PER_24H = 3;
/** The hospital's own ceiling (issue 17): one per recipient per 24 hours. */
export const ADVERTISING_MESSAGES_PER_24H = 1;

/** The label an advertising message starts with (Điều 15). */
export const ADVERTISING_LABEL = '[QC]';

/** True for the kind of message the advertising rules (hours, cap, opt-out, label) apply to. */
export function isAdvertising(kind: MessageKind): boolean {
  return kind === 'ADVERTISING';
}

/** True when the instant's Vietnamese wall clock is in [07:00, 22:00). */
export function isAdvertisingAllowedAt(instant: Date): boolean {
  const { hour } = vnParts(instant);
  return hour >= ADVERTISING_START_HOUR && hour < ADVERTISING_END_HOUR;
}

/** The instant itself when advertising is allowed then, else the next 07:00 (+07:00). */
export function nextAdvertisingWindow(instant: Date): Date {
  if (isAdvertisingAllowedAt(instant)) return new Date(instant.getTime());
  const p = vnParts(instant);
  const todayStart = vnWallClockToMs(p.year, p.month, p.day, ADVERTISING_START_HOUR);
  // Before 07:00 the window opens today; from 22:00 it opens tomorrow (no DST: a day is 24 h).
  return new Date(p.hour < ADVERTISING_START_HOUR ? todayStart : todayStart + DAY_MS);
}

/**
 * True when one more advertising message to this recipient keeps within `limit` messages in
 * the 24 hours before `now` (a send exactly 24 h ago no longer counts; one dated after `now`, a
 * clock difference between servers, does). An agreement to receive more lifts the cap.
 */
export function advertisingQuotaAllows(sentAt: readonly Date[], now: Date, agreedToMore: boolean, limit: number = ADVERTISING_MESSAGES_PER_24H): boolean {
  if (agreedToMore) return true;
  const since = now.getTime() - DAY_MS;
  let inWindow = 0;
  for (const t of sentAt) if (t.getTime() > since) inWindow += 1;
  return inWindow < limit;
}

/** The hospital's cap of one advertising message per 24 hours, from the last one sent to this recipient. */
export function advertisingCapAllows(lastAdvertisingSentAt: Date | null, now: Date, agreedToMore: boolean): boolean {
  return advertisingQuotaAllows(lastAdvertisingSentAt ? [lastAdvertisingSentAt] : [], now, agreedToMore);
}

/**
 * The earliest instant from `now` at which an advertising message to this recipient respects
 * both the hours and the hospital's cap: what a recipient's send waits for.
 */
export function nextAdvertisingSendAt(lastAdvertisingSentAt: Date | null, now: Date, agreedToMore: boolean): Date {
  let t = now.getTime();
  if (!agreedToMore && lastAdvertisingSentAt) t = Math.max(t, lastAdvertisingSentAt.getTime() + DAY_MS);
  return nextAdvertisingWindow(new Date(t));
}

/**
 * What the campaign screen says of an advertising campaign scheduled at `scheduledAt`: null when
 * it is inside the hours, else when it will really start.
 */
export function advertisingScheduleNotice(scheduledAt: Date): string | null {
  if (isAdvertisingAllowedAt(scheduledAt)) return null;
  const p = vnParts(nextAdvertisingWindow(scheduledAt));
  return `Tin quảng cáo chỉ được gửi từ 07:00 đến 22:00 (Nghị định 91/2020/NĐ-CP); chiến dịch sẽ chờ đến 07:00 ngày ${pad2(p.day)}/${pad2(p.month)}/${pad4(p.year)}`;
}

/** True when the text starts with [QC] or [AD] (leading spaces ignored, either case). */
export function hasAdvertisingLabel(text: string): boolean {
  return /^\s*\[(?:QC|AD)\]/i.test(text);
}

/** The text with the [QC] label in front, unless it already starts with one. */
export function withAdvertisingLabel(text: string): string {
  return hasAdvertisingLabel(text) ? text : `${ADVERTISING_LABEL} ${text.trimStart()}`;
}
