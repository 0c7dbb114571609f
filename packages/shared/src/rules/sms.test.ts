import { describe, expect, it } from 'vitest';
import { isGsm7Char, nonGsm7Characters, removeDiacritics, smsCost, smsEncoding, smsSegments, smsText } from './sms';

const a = (n: number) => 'a'.repeat(n);
const ạ = (n: number) => 'ạ'.repeat(n);
const EMOJI = '😀'; // U+1F600: a surrogate pair, 2 UTF-16 units

describe('smsEncoding', () => {
  it.each([
    ['', 'GSM-7', 'the empty text'],
    ['Hello world 123', 'GSM-7', 'plain ASCII'],
    ['Dat lich kham thanh cong', 'GSM-7', 'Vietnamese without diacritics'],
    ['àèéìòù', 'GSM-7', 'the six accented lower-case letters of the GSM alphabet'],
    ['Mè, bè, lò, cà', 'GSM-7', 'a text whose only accents are among them stays GSM-7'],
    ['Ç Ø ø Å å Æ æ ß É Ä Ö Ñ Ü ä ö ñ ü § ¿ ¡ £ ¥ ¤ Δ Φ Γ Λ Ω Π Ψ Σ Θ Ξ @ $ _', 'GSM-7', 'the rest of the basic table'],
    ['^{}\\[~]|€', 'GSM-7', 'the extension table'],
    ['Khám bệnh', 'UCS-2', 'á and ệ are outside GSM-7'],
    ['kham benh ạ', 'UCS-2', 'one letter switches the whole message'],
    ['À', 'UCS-2', 'upper-case À is not in the table (only lower-case à)'],
    ['Èè', 'UCS-2', 'È neither'],
    ['ç', 'UCS-2', 'lower-case ç is not in the table (the table has Ç)'],
    ['đ', 'UCS-2', 'đ'],
    ['“quoted”', 'UCS-2', 'typographic quotes pasted from a word processor'],
    ['`', 'UCS-2', 'the backtick is not in GSM 03.38'],
    [`ok ${EMOJI}`, 'UCS-2', 'an emoji'],
    ['e\u0301', 'GSM-7', 'a decomposed é is counted as the precomposed é'],
    ['a\u0323', 'UCS-2', 'a decomposed ạ is still ạ'],
  ])('%j → %s (%s)', (text, expected, _why) => {
    expect(smsEncoding(text)).toBe(expected);
  });

  it('isGsm7Char and nonGsm7Characters name what forces UCS-2, once each, in order', () => {
    expect(isGsm7Char('€')).toBe(true);
    expect(isGsm7Char('ạ')).toBe(false);
    expect(nonGsm7Characters('Khám bệnh, khám ạ')).toEqual(['á', 'ệ', 'ạ']);
    expect(nonGsm7Characters('Mè bè')).toEqual([]);
  });

  it('smsText is the NFC form', () => {
    expect(smsText('e\u0301')).toBe('é');
  });
});

describe('smsSegments', () => {
  it.each([
    // text, encoding, characters, parts, perPart, remainingInPart
    ['', 'GSM-7', 0, 0, 160, 160],
    [a(1), 'GSM-7', 1, 1, 160, 159],
    [a(160), 'GSM-7', 160, 1, 160, 0],
    [a(161), 'GSM-7', 161, 2, 153, 145],
    [a(306), 'GSM-7', 306, 2, 153, 0],
    [a(307), 'GSM-7', 307, 3, 153, 152],
    [a(459), 'GSM-7', 459, 3, 153, 0],
    [a(460), 'GSM-7', 460, 4, 153, 152],
    ['{', 'GSM-7', 2, 1, 160, 158],
    ['€', 'GSM-7', 2, 1, 160, 158],
    ['^{}\\[~]|€', 'GSM-7', 18, 1, 160, 142],
    [`${a(158)}€`, 'GSM-7', 160, 1, 160, 0],
    [`${a(159)}€`, 'GSM-7', 161, 2, 153, 145],
    [`${a(159)}[`, 'GSM-7', 161, 2, 153, 145],
    [ạ(1), 'UCS-2', 1, 1, 70, 69],
    [ạ(70), 'UCS-2', 70, 1, 70, 0],
    [ạ(71), 'UCS-2', 71, 2, 67, 63],
    [ạ(134), 'UCS-2', 134, 2, 67, 0],
    [ạ(135), 'UCS-2', 135, 3, 67, 66],
    [`${a(69)}ạ`, 'UCS-2', 70, 1, 70, 0],
    [`${a(70)}ạ`, 'UCS-2', 71, 2, 67, 63],
    ['{ạ', 'UCS-2', 2, 1, 70, 68],
    [EMOJI, 'UCS-2', 2, 1, 70, 68],
    [`${a(68)}${EMOJI}`, 'UCS-2', 70, 1, 70, 0],
    [`${a(69)}${EMOJI}`, 'UCS-2', 71, 2, 67, 63],
  ])('#%# %j', (text, encoding, characters, parts, perPart, remainingInPart) => {
    expect(smsSegments(text)).toEqual({ encoding, characters, parts, perPart, remainingInPart });
  });

  it('"Khám bệnh" is UCS-2, 9 units, 1 part', () => {
    expect(smsSegments('Khám bệnh')).toEqual({ encoding: 'UCS-2', characters: 9, parts: 1, perPart: 70, remainingInPart: 61 });
  });

  it('removing the diacritics of a 100-character Vietnamese text takes it from 2 parts to 1', () => {
    const text = 'Bệnh viện nhắc: quý khách có lịch khám lúc 08:00 ngày 27/11/2026 tại khoa Nội, phòng 204. Xin cảm ơn.';
    expect(smsSegments(text)).toMatchObject({ encoding: 'UCS-2', parts: 2 });
    expect(smsSegments(removeDiacritics(text))).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  describe('a part never splits an escape sequence or a surrogate pair', () => {
    it.each([
      // 152 septets, then `{` (2) does not fit the first part's last septet: it opens part 2.
      [`${a(152)}{${a(152)}`, 'GSM-7', 306, 3, 153, 152],
      [`${a(152)}{${a(151)}`, 'GSM-7', 305, 2, 153, 0],
      [`${a(153)}{${a(151)}`, 'GSM-7', 306, 2, 153, 0],
      // 66 units, then an emoji (2) opens part 2.
      [`${a(66)}${EMOJI}${a(66)}`, 'UCS-2', 134, 3, 67, 66],
      [`${a(66)}${EMOJI}${a(65)}`, 'UCS-2', 133, 2, 67, 0],
      [`${a(67)}${EMOJI}${a(65)}`, 'UCS-2', 134, 2, 67, 0],
    ])('#%# %#', (text, encoding, characters, parts, perPart, remainingInPart) => {
      expect(smsSegments(text)).toEqual({ encoding, characters, parts, perPart, remainingInPart });
    });
  });
});

describe('smsCost', () => {
  it.each([
    [0, 1000, 800, 0],
    [1, 0, 800, 0],
    [1, 1, 800, 800],
    [2, 3, 800, 4800],
    [3, 100_000, 650, 195_000_000],
  ])('%d parts × %d recipients × %d ₫ = %d ₫', (parts, recipients, price, expected) => {
    expect(smsCost(parts, recipients, price)).toBe(expected);
  });

  it.each([
    [-1, 1, 800],
    [1.5, 1, 800],
    [1, -2, 800],
    [1, 1, 800.5],
    [1, 1, Number.NaN],
    [1, Number.POSITIVE_INFINITY, 800],
  ])('rejects %d × %d × %d', (parts, recipients, price) => {
    expect(() => smsCost(parts, recipients, price)).toThrow(RangeError);
  });

  it('refuses a total beyond the safe integers', () => {
    expect(() => smsCost(1_000_000, 1_000_000, 10_000)).toThrow(RangeError);
  });
});

describe('removeDiacritics', () => {
  it.each([
    ['Đặt lịch khám Bệnh viện', 'Dat lich kham Benh vien'],
    ['đ Đ', 'd D'],
    ['aàáảãạ ăằắẳẵặ âầấẩẫậ', 'aaaaaa aaaaaa aaaaaa'],
    ['AÀÁẢÃẠ ĂẰẮẲẴẶ ÂẦẤẨẪẬ', 'AAAAAA AAAAAA AAAAAA'],
    ['eèéẻẽẹ êềếểễệ', 'eeeeee eeeeee'],
    ['EÈÉẺẼẸ ÊỀẾỂỄỆ', 'EEEEEE EEEEEE'],
    ['iìíỉĩị IÌÍỈĨỊ', 'iiiiii IIIIII'],
    ['oòóỏõọ ôồốổỗộ ơờớởỡợ', 'oooooo oooooo oooooo'],
    ['OÒÓỎÕỌ ÔỒỐỔỖỘ ƠỜỚỞỠỢ', 'OOOOOO OOOOOO OOOOOO'],
    ['uùúủũụ ưừứửữự', 'uuuuuu uuuuuu'],
    ['UÙÚỦŨỤ ƯỪỨỬỮỰ', 'UUUUUU UUUUUU'],
    ['yỳýỷỹỵ YỲÝỶỸỴ', 'yyyyyy YYYYYY'],
    ['Nguyễn Thị Hương, 0912.345.678 – 08:00!', 'Nguyen Thi Huong, 0912.345.678 – 08:00!'],
    ['Ho\u0300a', 'Hoa'],
    ['', ''],
    [`Cảm ơn ${EMOJI}`, `Cam on ${EMOJI}`],
  ])('%j → %j', (text, expected) => {
    expect(removeDiacritics(text)).toBe(expected);
  });

  it('leaves no Vietnamese letter outside GSM-7', () => {
    const all =
      'aàáảãạăằắẳẵặâầấẩẫậeèéẻẽẹêềếểễệiìíỉĩịoòóỏõọôồốổỗộơờớởỡợuùúủũụưừứửữựyỳýỷỹỵđ' + 'AÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬEÈÉẺẼẸÊỀẾỂỄỆIÌÍỈĨỊOÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢUÙÚỦŨỤƯỪỨỬỮỰYỲÝỶỸỴĐ';
    expect(all).toHaveLength(146); // 12 vowels × 6 tones + đ, in both cases
    expect(smsEncoding(all)).toBe('UCS-2');
    expect(smsEncoding(removeDiacritics(all))).toBe('GSM-7');
    expect(removeDiacritics(all)).toMatch(/^[a-zA-Z]{146}$/);
  });
});
