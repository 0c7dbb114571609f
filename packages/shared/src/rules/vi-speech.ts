/**
 * What a calling screen says (issue 22; docs/voice.md): numbers read as Vietnamese words, and the
 * call sentence, both as text (for the browser's Vietnamese voice) and as a list of recorded clips
 * (apps/web/public/voice/vi/, for browsers without one).
 *
 * Reading rules (Northern standard, as a hospital announcer reads a queue number):
 * - 10 is "mười", tens from 20 are "<digit> mươi" (20 "hai mươi");
 * - a unit 1 after "mươi" is "mốt" (21 "hai mươi mốt"), but stays "một" after "mười" (11 "mười một") and after "linh" (101);
 * - a unit 5 after "mười"/"mươi" is "lăm" (15 "mười lăm", 25 "hai mươi lăm"), but "năm" after "linh" (105 "một trăm linh năm");
 * - a unit 4 after "mươi" is "tư" (24 "hai mươi tư"), the usual spoken form; "bốn" after "mười" and "linh" (14, 104);
 * - a zero tens digit between a hundred and a unit is "linh" (101 "một trăm linh một"), and a zero hundreds
 *   digit after a thousand is "không trăm" (1005 "một nghìn không trăm linh năm");
 * - thousands are "nghìn" (the Northern word; the South says "ngàn").
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;

/** The largest number read as a number; longer ones are read digit by digit (see `numberWords`). */
export const MAX_SPOKEN_NUMBER = 9999;

/** Words of 0–99 (tens and units only, as they follow a hundred when `afterHundred`). */
function belowHundred(n: number, afterHundred: boolean): string[] {
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (tens === 0) {
    if (!afterHundred) return [DIGITS[unit]!];
    return unit === 0 ? [] : ['linh', DIGITS[unit]!];
  }
  const head = tens === 1 ? ['mười'] : [DIGITS[tens]!, 'mươi'];
  if (unit === 0) return head;
  if (unit === 5) return [...head, 'lăm'];
  if (unit === 1 && tens >= 2) return [...head, 'mốt'];
  if (unit === 4 && tens >= 2) return [...head, 'tư'];
  return [...head, DIGITS[unit]!];
}

/** The words of an integer 0–9999, one string each ("một", "trăm", "linh", "năm"). */
export function numberWords(n: number): string[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`not a non-negative integer: ${n}`);
  if (n > MAX_SPOKEN_NUMBER)
    return String(n)
      .split('')
      .map((d) => DIGITS[Number(d)]!);
  const thousands = Math.floor(n / 1000);
  const hundreds = Math.floor(n / 100) % 10;
  const rest = n % 100;
  if (thousands === 0 && hundreds === 0) return belowHundred(rest, false);
  const words: string[] = [];
  if (thousands > 0) words.push(DIGITS[thousands]!, 'nghìn');
  if (hundreds > 0 || (thousands > 0 && rest > 0)) words.push(DIGITS[hundreds]!, 'trăm');
  words.push(...belowHundred(rest, true));
  return words;
}

/** `12` → `'mười hai'`; `105` → `'một trăm linh năm'`; above 9999 the digits one by one. */
export function numberToVietnamese(n: number): string {
  return numberWords(n).join(' ');
}

/** Every recorded clip: its key (the file's name) and what it says. The script that records them reads this list. */
export const VOICE_CLIP_TEXT = {
  'moi-benh-nhan-so': 'Mời bệnh nhân số',
  'vao-phong': 'vào phòng',
  'vao-phong-kham': 'vào phòng khám',
  khong: 'không',
  mot: 'một',
  hai: 'hai',
  ba: 'ba',
  bon: 'bốn',
  nam: 'năm',
  sau: 'sáu',
  bay: 'bảy',
  tam: 'tám',
  chin: 'chín',
  muoi: 'mười',
  'muoi-ngang': 'mươi',
  'mot-sac': 'mốt',
  lam: 'lăm',
  tu: 'tư',
  linh: 'linh',
  tram: 'trăm',
  nghin: 'nghìn',
} as const;
export type VoiceClip = keyof typeof VOICE_CLIP_TEXT;

const CLIP_OF_WORD = new Map<string, VoiceClip>(
  (Object.entries(VOICE_CLIP_TEXT) as [VoiceClip, string][]).filter(([, text]) => !text.includes(' ')).map(([key, text]) => [text, key]),
);

/** The clips that read a number, word by word. */
export function numberClips(n: number): VoiceClip[] {
  return numberWords(n).map((w) => CLIP_OF_WORD.get(w)!);
}

/** A room's name as spoken: its numbers in words ("Phòng khám Nội 101" → "Phòng khám Nội một trăm linh một"). */
export function spokenRoomName(roomName: string): string {
  return roomName.trim().replace(/\d+/g, (digits) => numberToVietnamese(Number(digits)));
}

export interface CallSentence {
  /** For a speech voice: "Mời bệnh nhân số mười hai, Nguyễn Văn An, vào Phòng khám Nội một trăm linh một". */
  text: string;
  /** For the clips: the phrases and number words in order (names are never spoken by clips). */
  parts: VoiceClip[];
}

/** The number a name ends with ("Phòng khám Nội 101" → 101), or null; read from the end (no backtracking pattern). */
function trailingNumber(name: string): number | null {
  const s = name.trimEnd();
  let i = s.length;
  while (i > 0 && s.charCodeAt(i - 1) >= 48 && s.charCodeAt(i - 1) <= 57) i--;
  return i < s.length ? Number(s.slice(i)) : null;
}

/** The call of a patient into a room. `name` null: the sentence has no name. */
export function callSentence(call: { number: number; name: string | null; roomName: string }): CallSentence {
  const name = call.name?.trim();
  const text = `Mời bệnh nhân số ${numberToVietnamese(call.number)}${name ? `, ${name}` : ''}, vào ${spokenRoomName(call.roomName)}`;
  const roomNumber = trailingNumber(call.roomName);
  const room: VoiceClip[] = roomNumber !== null ? ['vao-phong', ...numberClips(roomNumber)] : ['vao-phong-kham'];
  return { text, parts: ['moi-benh-nhan-so', ...numberClips(call.number), ...room] };
}

/** Where a clip is served from (the web app's public/voice/vi/, Ogg Opus). */
export function voiceClipUrl(clip: VoiceClip, base = '/voice/vi/'): string {
  return `${base}${clip}.ogg`;
}
