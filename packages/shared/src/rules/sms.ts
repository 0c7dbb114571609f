/**
 * SMS length, parts and cost as the SMS composer shows them while the text is typed (issue 17),
 * and the removal of Vietnamese diacritics that most brandname routes require.
 *
 * Alphabet: 3GPP TS 23.038 (GSM 03.38) §6.2.1, the default 7-bit alphabet and its extension
 * table. A character of the extension table is sent as ESC + the character, so it takes two
 * septets. One character outside both tables switches the whole message to UCS-2 (16-bit code
 * units; a character outside the Basic Multilingual Plane, such as an emoji, is a surrogate pair
 * and takes two units, which is how the carriers count).
 *
 * Parts (3GPP TS 23.040 concatenated SMS): a single message carries 160 septets or 70 UCS-2
 * units; a longer one is cut into parts whose 6-byte header leaves 153 septets or 67 units each.
 * A part never ends between ESC and its character, nor between the two halves of a surrogate
 * pair (phones and gateways keep them together, e.g. Android's SmsMessage.fragmentText), so a
 * part can carry one septet or unit less than its maximum: the parts are counted by packing the
 * text greedily, not by dividing its length. For plain text both give the same count.
 *
 * Text is counted in Unicode NFC: a Vietnamese keyboard may type "é" as e + U+0301 (decomposed),
 * which would be UCS-2 and one unit longer; the precomposed é is GSM-7. The senders send
 * `smsText(text)`, the same NFC form, so the count is what goes out.
 */

/** The GSM 03.38 default alphabet (0x1B, the escape to the extension table, left out). */
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The GSM 03.38 extension table: each is sent as ESC + character, two septets. \f is the page break. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const GSM7_BASIC_SET = new Set(GSM7_BASIC);
const GSM7_EXTENSION_SET = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** Septets or UCS-2 units of one message that fits in a single SMS. */
export const SMS_SINGLE_LIMIT: Readonly<Record<SmsEncoding, number>> = { 'GSM-7': 160, 'UCS-2': 70 };
/** Septets or UCS-2 units of each part of a concatenated SMS. */
export const SMS_PART_LIMIT: Readonly<Record<SmsEncoding, number>> = { 'GSM-7': 153, 'UCS-2': 67 };

/** True when the character (one code point) is in the GSM-7 default alphabet or its extension table. */
export function isGsm7Char(ch: string): boolean {
  return GSM7_BASIC_SET.has(ch) || GSM7_EXTENSION_SET.has(ch);
}

/** Septets a GSM-7 character takes: 2 for the extension table, else 1. */
function septets(ch: string): number {
  return GSM7_EXTENSION_SET.has(ch) ? 2 : 1;
}

/** The form of a text that is counted and sent: Unicode NFC. */
export function smsText(text: string): string {
  return text.normalize('NFC');
}

/** GSM-7 when every character is in the GSM-7 tables (the empty text too), else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const ch of smsText(text)) if (!isGsm7Char(ch)) return 'UCS-2';
  return 'GSM-7';
}

/**
 * The characters that force UCS-2, each once, in order of first appearance: what the composer
 * points at ("ạ, ư, “ force Unicode").
 */
export function nonGsm7Characters(text: string): string[] {
  const seen = new Set<string>();
  for (const ch of smsText(text)) if (!isGsm7Char(ch)) seen.add(ch);
  return [...seen];
}

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7, extension characters counting 2) or UTF-16 code units (UCS-2, emoji counting 2). */
  characters: number;
  /** SMS parts the carrier bills; 0 for the empty text. */
  parts: number;
  /** Capacity of each part at this length: 160/70 while the text fits in one SMS, else 153/67. */
  perPart: number;
  /** Septets or units still free in the last part before another part is needed. */
  remainingInPart: number;
}

/**
 * Length and parts of a message. Each character's size is 1 or 2 (extension character,
 * surrogate pair); a character that does not fit in what is left of a part starts the next one.
 */
export function smsSegments(text: string): SmsSegments {
  const nfc = smsText(text);
  const encoding = smsEncoding(nfc);
  const sizes: number[] = [];
  for (const ch of nfc) sizes.push(encoding === 'GSM-7' ? septets(ch) : ch.length);
  const characters = sizes.reduce((a, b) => a + b, 0);
  const single = SMS_SINGLE_LIMIT[encoding];
  if (characters <= single) {
    return { encoding, characters, parts: characters === 0 ? 0 : 1, perPart: single, remainingInPart: single - characters };
  }
  const perPart = SMS_PART_LIMIT[encoding];
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters, parts, perPart, remainingInPart: perPart - used };
}

/**
 * Cost estimate in đồng: parts × recipients × price of one part. Every input is a whole number
 * ≥ 0 (money is integer VND); anything else is a programming error and throws.
 */
export function smsCost(parts: number, recipients: number, pricePerPart: number): number {
  for (const [name, v] of [
    ['parts', parts],
    ['recipients', recipients],
    ['pricePerPart', pricePerPart],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`smsCost: ${name} must be a whole number ≥ 0, got ${v}`);
  }
  const cost = parts * recipients * pricePerPart;
  if (!Number.isSafeInteger(cost)) throw new RangeError('smsCost: the total exceeds the safe integer range');
  return cost;
}

const COMBINING_MARKS_RE = /[\u0300-\u036f]/g;

/**
 * Vietnamese text without its diacritics, case kept: "Đặt lịch khám Bệnh viện" → "Dat lich kham
 * Benh vien". NFD splits every precomposed vowel (ă, â, ê, ô, ơ, ư and the five tone marks) into
 * its base letter and combining marks, which are dropped; đ/Đ, a letter of its own and not a
 * mark, become d/D. Everything else (digits, punctuation, emoji) is left as it is: the composer
 * shows what still forces UCS-2 with `nonGsm7Characters`.
 */
export function removeDiacritics(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS_RE, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFC');
}
