import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { LayoutSettings } from './layout-settings';
import { BASE_FONT_SIZE, MENU_BG, MENU_SUB_BG, findTheme } from './theme-palette';

/** antd tokens for the chosen theme: primary colour, teal-style hover, dark navy menu, 13 px. */
export function buildTheme(settings: Pick<LayoutSettings, 'theme' | 'compact'>, reducedMotion = false): ThemeConfig {
  const t = findTheme(settings.theme);
  return {
    algorithm: settings.compact ? antdTheme.compactAlgorithm : undefined,
    token: {
      colorPrimary: t.primary,
      colorInfo: t.primary,
      colorLink: t.primary,
      colorLinkHover: t.secondary,
      fontSize: BASE_FONT_SIZE,
      borderRadius: 6,
      motion: !reducedMotion,
      fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    },
    components: {
      Layout: { siderBg: MENU_BG, headerBg: '#ffffff', bodyBg: '#f0f2f5', headerPadding: '0 16px', headerHeight: 56 },
      Menu: {
        darkItemBg: MENU_BG,
        darkSubMenuItemBg: MENU_SUB_BG,
        darkPopupBg: MENU_BG,
        darkItemSelectedBg: t.primary,
        darkItemHoverColor: '#ffffff',
        darkItemHoverBg: 'rgba(255,255,255,0.08)',
      },
      Button: { defaultHoverBorderColor: t.secondary, defaultHoverColor: t.secondary },
    },
  };
}
