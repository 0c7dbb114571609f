/**
 * What the kiosk reads: a barcode scanner types the QR's text then Enter (or Tab) into the scan box,
 * a patient types a booking code and a phone number on the keypad.
 */
import { bookingQrPayload, parseBookingQr } from '@portal/shared/contracts/queue.contract';

export type ScanResult = { kind: 'qr'; qr: string } | { kind: 'code'; code: string } | { kind: 'invalid' };

const QR_IN_TEXT = /DK\d{6,20}\.[0-9a-f]{16}(?![0-9a-f])/i;
const CODE_ONLY = /^DK\d{6,20}$/i;

/**
 * A scan: the booking's QR (also found inside a longer text, such as a link that carries it),
 * or a bare booking code (a code's barcode: the phone number is still needed), or something else.
 */
export function parseScan(raw: string): ScanResult {
  const text = raw.trim();
  const exact = parseBookingQr(text);
  if (exact) return { kind: 'qr', qr: bookingQrPayload(exact.code, exact.key) };
  const inside = QR_IN_TEXT.exec(text);
  const parsed = inside ? parseBookingQr(inside[0]) : null;
  if (parsed) return { kind: 'qr', qr: bookingQrPayload(parsed.code, parsed.key) };
  const compact = text.replace(/\s+/g, '');
  if (CODE_ONLY.test(compact)) return { kind: 'code', code: compact.toUpperCase() };
  return { kind: 'invalid' };
}

/** A complete QR payload: the scan box sends it at once, even from a scanner that types no Enter. */
export const isCompleteQr = (text: string) => parseBookingQr(text) !== null;

/** A booking code's digits after "DK": yymmdd of the day and six more (BOOKING_CODE_RE). */
export const CODE_DIGITS = 12;

/**
 * The digits of the code field (shown after a fixed "DK"): what was typed, without "DK", spaces or other marks,
 * no more than a code has (a thirteenth key press does nothing).
 */
export function codeDigits(typed: string): string {
  return typed
    .replace(/^\s*dk/i, '')
    .replace(/\D/g, '')
    .slice(0, CODE_DIGITS);
}

/** The digits of the phone field (a "+84" becomes "0"). */
export function phoneDigits(typed: string): string {
  return typed.trim().replace(/^\+84/, '0').replace(/\D/g, '').slice(0, 15);
}

/** The check-in body of the typed form, or the message of its first missing field. */
export function typedCheckin(digits: string, phone: string): { body: { code: string; phone: string } } | { error: 'code' | 'phone' } {
  if (digits === '') return { error: 'code' };
  if (phone === '') return { error: 'phone' };
  return { body: { code: `DK${digits}`, phone } };
}

/**
 * A scan typed into the form's fields: the last characters typed (keys further apart than this start
 * afresh), kept to a QR's length. A scanner types a whole QR within a second; nobody types one by hand.
 */
export const SCAN_KEY_GAP_MS = 1000;
const KEPT = 64;

export interface KeyBurst {
  text: string;
  at: number;
}
export const NO_BURST: KeyBurst = { text: '', at: Number.NEGATIVE_INFINITY };

/** The burst after `key` (a KeyboardEvent's key) at `now` ms; a non-character key (Shift, Enter) changes nothing. */
export function addKey(burst: KeyBurst, key: string, now: number): KeyBurst {
  if ([...key].length !== 1) return burst;
  const text = now - burst.at > SCAN_KEY_GAP_MS ? key : (burst.text + key).slice(-KEPT);
  return { text, at: now };
}

const QR_AT_END = /DK\d{6,20}\.[0-9a-f]{16}$/i;

/** The booking QR the burst ends with, or null. */
export function qrTypedAtEnd(burst: KeyBurst): string | null {
  return QR_AT_END.exec(burst.text)?.[0] ?? null;
}
