import { describe, expect, it } from 'vitest';
import type { FieldDef } from '@portal/shared/core/define-resource';
import { coerceCell, parseNumberText, plainCell } from './import';

const f = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ key: 'x', label: 'Trường', type, ...extra });
const TYPES = f('enum', {
  options: [
    { value: 10, label: 'Khám bệnh' },
    { value: 30, label: 'Chẩn đoán hình ảnh' },
  ],
});

describe('parseNumberText', () => {
  it.each([
    ['1250000', 1_250_000],
    ['1.250.000', 1_250_000],
    ['1,250,000', 1_250_000],
    ['1.250.000 ₫', 1_250_000],
    ['250000đ', 250_000],
    ['38 700', 38_700],
    ['-5', -5],
    ['12.5', '12.5'],
    ['1.25.000', '1.25.000'],
    ['một trăm', 'một trăm'],
  ])('%s → %s', (text, expected) => expect(parseNumberText(text)).toBe(expected));
});

describe('plainCell', () => {
  it.each([
    [null, null],
    ['  a  ', 'a'],
    ['   ', null],
    [5, 5],
    [{ richText: [{ text: 'Siêu ' }, { text: 'âm' }] }, 'Siêu âm'],
    [{ formula: 'A1*2', result: 42 }, 42],
    [{ text: 'trang', hyperlink: 'https://x' }, 'trang'],
  ])('%j → %j', (cell, expected) => expect(plainCell(cell as never)).toEqual(expected));
});

describe('coerceCell', () => {
  it.each<[string, FieldDef, Parameters<typeof coerceCell>[1], unknown, boolean]>([
    ['required text, empty', f('text', { required: true }), null, '', false],
    ['optional text, empty', f('text'), null, null, false],
    ['code typed as a number', f('code'), 123, '123', false],
    ['money as a number', f('money'), 250000, 250000, false],
    ['money as text with dots', f('money'), '1.250.000', 1_250_000, false],
    ['money as words stays text (zod says "phải là số")', f('money'), 'mười', 'mười', false],
    ['boolean Có', f('boolean'), 'Có', true, false],
    ['boolean khong', f('boolean'), 'khong', false, false],
    ['boolean nonsense', f('boolean'), 'có lẽ', null, true],
    ['enum by label without diacritics', TYPES, 'chan doan hinh anh', 30, false],
    ['enum by value', TYPES, 10, 10, false],
    ['enum unknown', TYPES, 'Siêu âm', null, true],
    ['date DD/MM/YYYY', f('date'), '31/12/2026', '2026-12-31', false],
    ['date typed in Excel', f('date'), new Date(Date.UTC(2026, 11, 31)), '2026-12-31', false],
    ['date impossible', f('date'), '31/02/2026', null, true],
  ])('%s', (_l, field, cell, value, isError) => {
    const c = coerceCell(field, cell);
    expect(c.value).toEqual(value);
    expect(Boolean(c.error)).toBe(isError);
  });

  it('leaves a ref code to be resolved, except the fixed options', () => {
    const ref = f('ref', { ref: 'departments', options: [{ value: 1000102, label: 'Khám chất lượng cao (1000102)' }] });
    expect(coerceCell(ref, 'KNOI')).toEqual({ value: null, refCode: 'KNOI' });
    expect(coerceCell(ref, 1000102)).toEqual({ value: 1000102 });
  });
});
