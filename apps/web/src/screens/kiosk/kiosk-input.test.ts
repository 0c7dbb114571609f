import { describe, expect, it } from 'vitest';
import { addKey, codeDigits, isCompleteQr, NO_BURST, parseScan, phoneDigits, qrTypedAtEnd, typedCheckin } from './kiosk-input';

const QR = 'DK261127000123.3f9a0b1c2d3e4f50';

describe('a scan', () => {
  it.each([
    [QR, QR],
    [`  ${QR}\r\n`, QR],
    ['dk261127000123.3F9A0B1C2D3E4F50', QR],
    [`https://benhvien.vn/lich-kham?qr=${QR}`, QR],
    [`Mã: ${QR} (giữ phiếu)`, QR],
  ])('%j is the booking QR %s', (raw, qr) => {
    expect(parseScan(raw)).toEqual({ kind: 'qr', qr });
  });

  it.each([
    ['DK261127000123', 'DK261127000123'],
    [' dk 2611 2700 0123 ', 'DK261127000123'],
  ])('%j is a bare booking code (the phone is still needed)', (raw, code) => {
    expect(parseScan(raw)).toEqual({ kind: 'code', code });
  });

  it.each([
    '',
    '8936012345678',
    'DK12345',
    'DK261127000123.3f9a',
    'DK261127000123.3f9a0b1c2d3e4f50aa',
    'DK261127000123.3g9a0b1c2d3e4f50',
    'https://benhvien.vn',
  ])('%j is not a booking', (raw) => {
    expect(parseScan(raw)).toEqual({ kind: 'invalid' });
  });

  it('knows a complete QR (sent without waiting for Enter) from a partial one', () => {
    expect(isCompleteQr(QR)).toBe(true);
    expect(isCompleteQr(QR.slice(0, -1))).toBe(false);
    expect(isCompleteQr('DK261127000123')).toBe(false);
  });
});

describe('the typed form', () => {
  it('keeps the digits of the code, with or without the DK typed', () => {
    expect(codeDigits('261127000123')).toBe('261127000123');
    expect(codeDigits('dk261127 000-123')).toBe('261127000123');
    expect(codeDigits('DK')).toBe('');
    expect(codeDigits('1'.repeat(30))).toHaveLength(12);
    expect(codeDigits('DK26112700000026112780')).toBe('261127000000');
  });

  it('keeps the digits of the phone, +84 read as 0', () => {
    expect(phoneDigits('0912 345 678')).toBe('0912345678');
    expect(phoneDigits('+84912345678')).toBe('0912345678');
    expect(phoneDigits('09.12-34')).toBe('091234');
  });

  it('sends the code with its DK, and names the first missing field', () => {
    expect(typedCheckin('261127000123', '0912345678')).toEqual({ body: { code: 'DK261127000123', phone: '0912345678' } });
    expect(typedCheckin('', '0912345678')).toEqual({ error: 'code' });
    expect(typedCheckin('261127000123', '')).toEqual({ error: 'phone' });
  });
});

describe('a scan typed into the form', () => {
  const type = (text: string, gapMs: number, from = NO_BURST, start = 1000) => [...text].reduce((b, key, i) => addKey(b, key, start + i * gapMs), from);

  it('the QR a scanner typed is found at the end of the keys, even after digits typed by hand', () => {
    expect(qrTypedAtEnd(type(QR, 4))).toBe(QR);
    // a Bluetooth scanner with 150 ms hiccups between some keys
    expect(qrTypedAtEnd(type(QR, 150))).toBe(QR);
    const typed = type('0912', 400);
    expect(qrTypedAtEnd(type(QR, 10, typed, 1000 + 4 * 400))).toBe(QR);
  });

  it('nothing until the QR is complete, and nothing from digits typed by hand', () => {
    expect(qrTypedAtEnd(type(QR.slice(0, -1), 4))).toBeNull();
    expect(qrTypedAtEnd(type('261127000123', 300))).toBeNull();
    expect(qrTypedAtEnd(type('0912345678', 20))).toBeNull();
  });

  it('keys more than a second apart start afresh; Shift and Enter are not characters', () => {
    const half = type(QR.slice(0, 20), 10);
    expect(qrTypedAtEnd(type(QR.slice(20), 10, half, half.at + 1500))).toBeNull();
    const scanned = type(QR, 3);
    expect(addKey(scanned, 'Shift', scanned.at + 1)).toBe(scanned);
    expect(addKey(scanned, 'Enter', scanned.at + 1)).toBe(scanned);
  });

  it("keeps no more than a QR's length", () => {
    expect(type('1'.repeat(500), 5).text.length).toBeLessThanOrEqual(64);
  });
});
