import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.logic';

describe('fileNameFromDisposition', () => {
  it('reads the quoted and the RFC 6266 forms', () => {
    expect(fileNameFromDisposition('attachment; filename="danh-muc-khoa.xlsx"', 'x.xlsx')).toBe('danh-muc-khoa.xlsx');
    expect(fileNameFromDisposition('attachment; filename=bao-cao.xlsx', 'x.xlsx')).toBe('bao-cao.xlsx');
    expect(fileNameFromDisposition('attachment; filename="a.xlsx"; filename*=UTF-8\'\'Danh%20m%E1%BB%A5c%20khoa.xlsx', 'x.xlsx')).toBe('Danh mục khoa.xlsx');
  });
  it('falls back when the header is missing, empty or would pick a folder', () => {
    expect(fileNameFromDisposition(null, 'danh-muc-khoa.xlsx')).toBe('danh-muc-khoa.xlsx');
    expect(fileNameFromDisposition('attachment', 'f.xlsx')).toBe('f.xlsx');
    expect(fileNameFromDisposition('attachment; filename=""', 'f.xlsx')).toBe('f.xlsx');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'f.xlsx')).toBe('_.._etc_passwd');
  });
});
