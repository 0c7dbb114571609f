import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, normalizeLayout, normalizeSider } from './layout-settings';
import { COLOR_THEMES } from './theme-palette';

describe('normalizeLayout', () => {
  it('returns the defaults for nothing or garbage', () => {
    expect(normalizeLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(normalizeLayout('x')).toEqual(DEFAULT_LAYOUT);
    expect(normalizeLayout({ compact: 'yes', theme: 42 })).toEqual(DEFAULT_LAYOUT);
  });
  it('keeps valid choices and drops an unknown theme', () => {
    expect(normalizeLayout({ compact: true, theme: 'red' })).toEqual({ ...DEFAULT_LAYOUT, compact: true, theme: 'red' });
    expect(normalizeLayout({ theme: 'rainbow' }).theme).toBe('blue');
  });
});

describe('normalizeSider', () => {
  it('keeps only string open keys', () => {
    expect(normalizeSider({ collapsed: true, openKeys: ['a', 1, null] })).toEqual({ collapsed: true, openKeys: ['a'] });
  });
});

describe('COLOR_THEMES', () => {
  it('has 13 themes with unique keys, the default being blue with teal', () => {
    expect(COLOR_THEMES).toHaveLength(13);
    expect(new Set(COLOR_THEMES.map((t) => t.key)).size).toBe(13);
    expect(new Set(COLOR_THEMES.map((t) => t.primary)).size).toBe(13);
    expect(COLOR_THEMES[0]).toMatchObject({ key: 'blue', primary: '#1677ff', secondary: '#13a8a8' });
  });
});
