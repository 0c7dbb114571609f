import { presetPalettes } from '@ant-design/colors';
import { FastColor } from '@ant-design/fast-color';

/**
 * Colours that every member of staff can read (WCAG 2 AA, issue 14 item 22): text needs a contrast of
 * 4.5:1 with what it stands on. The themes keep their hue; a colour that is too light for text is
 * darkened just enough (docs/decisions.md, "Readable colours").
 */
export const AA_TEXT = 4.5;

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = new FastColor(a).getLuminance();
  const lb = new FastColor(b).getLuminance();
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `color`, shaded (mixed with black, so hue and saturation stay) in 1 % steps until it reads at `min` on
 * every background; unchanged if it already does.
 */
export function readableOn(color: string, backgrounds: readonly string[], min = AA_TEXT): string {
  const base = new FastColor(color);
  for (let percent = 0; percent <= 100; percent++) {
    const shaded = base.mix('#000000', percent).toHexString();
    if (backgrounds.every((bg) => contrastRatio(shaded, bg) >= min)) return shaded;
  }
  return '#000000';
}

/** The light backgrounds text is drawn on: cards and tables, the page, table headers and striped rows. */
export const LIGHT_BACKGROUNDS = ['#ffffff', '#f0f2f5', '#fafafa'] as const;

/**
 * antd tokens for the text of preset-colour tags (`<Tag color="green">`: text `green7` on `green1`):
 * darkened where the default reads below 4.5:1 (green, gold, cyan, volcano, … do).
 */
export function readableTagTokens(): Record<string, string> {
  const tokens: Record<string, string> = Object.fromEntries(
    Object.entries(presetPalettes)
      .filter(([name]) => name !== 'grey')
      .map(([name, palette]) => [`${name}7`, readableOn(palette[6]!, [palette[0]!, '#ffffff'])]),
  );
  tokens.pink7 = tokens.magenta7!; // antd's "pink" tags are drawn from the magenta palette
  return tokens;
}

/** antd's light backgrounds and borders of the status colours (tags, alerts). */
const STATUS_BACKGROUNDS = {
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
} as const;

/**
 * The status colours (success, info, warning, error) as text on white and on their own light
 * backgrounds (status tags, alerts, `Typography` types), and as the background of white text (danger buttons).
 * The backgrounds are pinned to antd's: the algorithm would otherwise derive them from the darkened text colour
 * (a success tag on #b7bdb1, 2.7:1).
 */
export function readableStatusTokens(): { colorSuccess: string; colorWarning: string; colorError: string } & typeof STATUS_BACKGROUNDS {
  return {
    colorSuccess: readableOn('#52c41a', [STATUS_BACKGROUNDS.colorSuccessBg, ...LIGHT_BACKGROUNDS]),
    colorWarning: readableOn('#faad14', [STATUS_BACKGROUNDS.colorWarningBg, ...LIGHT_BACKGROUNDS]),
    colorError: readableOn('#ff4d4f', [STATUS_BACKGROUNDS.colorErrorBg, ...LIGHT_BACKGROUNDS]),
    ...STATUS_BACKGROUNDS,
  };
}

/**
 * Greys of secondary text: antd's defaults (45 % and 25 % black) read at 2.6:1 and 1.6:1 on white.
 * Descriptions, breadcrumbs, hints and placeholders are read at the front desk all day: 4.5:1 on the page's backgrounds.
 */
export const READABLE_GREYS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
} as const;
