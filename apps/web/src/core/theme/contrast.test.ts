import { presetPalettes } from '@ant-design/colors';
import { describe, expect, it } from 'vitest';
import { themeColors } from '../../app/theme';
import { COLOR_THEMES } from '../../app/theme-palette';
import { AA_TEXT, LIGHT_BACKGROUNDS, READABLE_GREYS, contrastRatio, readableOn, readableStatusTokens, readableTagTokens } from './contrast';

describe('contrastRatio (WCAG 2)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#1677ff', '#ffffff', 4.1], // antd's default blue: what axe found on every primary button
  ])('%s on %s is %d:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
  });
});

describe('readableOn', () => {
  it('leaves a colour that already reads as it is', () => {
    expect(readableOn('#0958d9', ['#ffffff'])).toBe('#0958d9');
  });

  it.each(['#1677ff', '#13a8a8', '#faad14', '#a0d911', '#ffffff'])('shades %s just enough for 4.5:1 on the light backgrounds', (color) => {
    const out = readableOn(color, LIGHT_BACKGROUNDS);
    for (const bg of LIGHT_BACKGROUNDS) expect(contrastRatio(out, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    // one step lighter would not do: the hue is kept as light as the rule allows
    expect(out).not.toBe('#000000');
  });
});

describe('the theme tokens', () => {
  it.each(COLOR_THEMES.map((t) => [t.key, t]))('theme %s: primary and secondary read at 4.5:1 as text and under white text', (_key, theme) => {
    const { primary, secondary } = themeColors(theme.key);
    for (const c of [primary, secondary]) {
      for (const bg of LIGHT_BACKGROUNDS) expect(contrastRatio(c, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio('#ffffff', c)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('gives every preset tag colour a text that reads on its light background', () => {
    const tokens = readableTagTokens();
    for (const [name, palette] of Object.entries(presetPalettes).filter(([n]) => n !== 'grey')) {
      expect(contrastRatio(tokens[`${name}7`]!, palette[0]!), name).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(tokens.pink7).toBe(tokens.magenta7);
  });

  it('gives the status colours a text that reads on white and on their light backgrounds', () => {
    const s = readableStatusTokens();
    for (const [c, bg] of [
      [s.colorSuccess, s.colorSuccessBg],
      [s.colorWarning, s.colorWarningBg],
      [s.colorError, s.colorErrorBg],
    ] as const) {
      expect(contrastRatio(c, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(c, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('makes the secondary greys at least 4.5:1 on the page background', () => {
    for (const grey of Object.values(READABLE_GREYS)) {
      const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(grey)![1]);
      const level = Math.round(240 * (1 - alpha)); // drawn on #f0f2f5, the lightest channel the page uses under text
      const hex = `#${level.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, '#f0f2f5')).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
