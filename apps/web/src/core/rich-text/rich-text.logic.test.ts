import { describe, expect, it } from 'vitest';
import { altFromFileName, checkImageFile, formValue, parseLinkInput, toolbarState, type EditorProbe } from './rich-text.logic';

describe('parseLinkInput', () => {
  it.each([
    ['https://benhvien.vn/tin-tuc', 'https://benhvien.vn/tin-tuc'],
    ['http://benhvien.vn', 'http://benhvien.vn'],
    ['benhvien.vn', 'https://benhvien.vn'],
    ['  benhvien.vn/lich-kham?khoa=1  ', 'https://benhvien.vn/lich-kham?khoa=1'],
    ['bệnhviện.vn', 'https://bệnhviện.vn'],
    ['localhost.vn:8080/a', 'https://localhost.vn:8080/a'],
    ['cskh@benhvien.vn', 'mailto:cskh@benhvien.vn'],
    ['mailto:cskh@benhvien.vn', 'mailto:cskh@benhvien.vn'],
    ['0912 345 678', 'tel:0912345678'],
    ['+84 24.3942.1115', 'tel:+842439421115'],
    ['tel:1900100', 'tel:1900100'],
  ])('%s → %s', (input, href) => expect(parseLinkInput(input)).toEqual({ kind: 'set', href }));

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    'file:///etc/passwd',
    'ftp://x.vn',
    '/relative/path',
    'xin chào',
    'https://a b.vn',
    'https:evil.example',
  ])('refuses %s', (input) => expect(parseLinkInput(input)).toEqual({ kind: 'invalid', message: 'Địa chỉ liên kết không hợp lệ hoặc không an toàn' }));

  it('empty removes the link', () => {
    expect(parseLinkInput('   ')).toEqual({ kind: 'remove' });
  });
});

describe('toolbarState', () => {
  const probe = (active: string[], opts: { undo?: boolean; redo?: boolean; editable?: boolean; level?: number } = {}): EditorProbe => ({
    isActive: (name, attrs) => (name === 'heading' ? attrs?.level === opts.level : active.includes(name)),
    can: () => ({ undo: () => opts.undo ?? false, redo: () => opts.redo ?? false }),
    isEditable: opts.editable ?? true,
  });

  it('reads marks, lists, the block kind and history', () => {
    const s = toolbarState(probe(['bold', 'underline', 'link', 'orderedList'], { undo: true, level: 3 }));
    expect(s).toMatchObject({
      bold: true,
      italic: false,
      underline: true,
      link: true,
      orderedList: true,
      bulletList: false,
      block: 'h3',
      canUndo: true,
      canRedo: false,
      editable: true,
    });
  });

  it('a paragraph is the default block; a read-only editor cannot undo', () => {
    const s = toolbarState(probe([], { undo: true, redo: true, editable: false }));
    expect(s.block).toBe('paragraph');
    expect(s.canUndo).toBe(false);
    expect(s.canRedo).toBe(false);
  });

  it('no editor yet: everything off', () => {
    expect(toolbarState(null)).toMatchObject({ bold: false, editable: false, canUndo: false, block: 'paragraph' });
  });
});

describe('checkImageFile, altFromFileName, formValue', () => {
  it('accepts JPEG/PNG/WebP up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('Ảnh phải là tệp JPEG, PNG hoặc WebP');
    expect(checkImageFile({ type: 'text/html', size: 10 })).toBe('Ảnh phải là tệp JPEG, PNG hoặc WebP');
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('Ảnh tối đa 5 MB');
  });
  it('alt text from the file name', () => {
    expect(altFromFileName('khoa_tim-mach  2026.jpg')).toBe('khoa tim mach 2026');
  });
  it('an empty document is an empty value', () => {
    expect(formValue('<p></p>', true)).toBe('');
    expect(formValue('<p>a</p>', false)).toBe('<p>a</p>');
  });
});
