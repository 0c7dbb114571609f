import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../core/theme/contrast';
import { buildTheme } from './theme';

describe('buildTheme', () => {
  it.each([
    [false, true],
    [true, false],
  ])('with reduced motion %s sets antd motion %s', (reduced, motion) => {
    expect(buildTheme({ theme: 'default', compact: false }, reduced).token?.motion).toBe(motion);
  });

  // a status tag (`<Tag color="success">`) is its colour on its own background: both as antd resolves them
  it.each(['Success', 'Warning', 'Error'] as const)('a %s tag reads at 4.5:1 on its background, compact or not', (status) => {
    for (const compact of [false, true]) {
      const t = theme.getDesignToken(buildTheme({ theme: 'default', compact }));
      expect(contrastRatio(t[`color${status}`], t[`color${status}Bg`])).toBeGreaterThanOrEqual(4.5);
    }
  });
});
