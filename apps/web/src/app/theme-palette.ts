/**
 * The 13 colour themes of the layout settings drawer (spec §2). Each has a primary colour and
 * a secondary colour used for hover and links-on-hover; the default is the spec's blue with
 * teal secondary. The menu background stays dark navy in every theme.
 */
export interface ColorTheme {
  key: string;
  label: string;
  primary: string;
  secondary: string;
}

export const COLOR_THEMES: readonly ColorTheme[] = [
  { key: 'blue', label: 'Xanh dương', primary: '#1677ff', secondary: '#13a8a8' },
  { key: 'ocean', label: 'Xanh biển', primary: '#0958d9', secondary: '#08979c' },
  { key: 'teal', label: 'Xanh ngọc', primary: '#13a8a8', secondary: '#1677ff' },
  { key: 'cyan', label: 'Xanh lơ', primary: '#08979c', secondary: '#36cfc9' },
  { key: 'indigo', label: 'Xanh chàm', primary: '#2f54eb', secondary: '#13a8a8' },
  { key: 'green', label: 'Xanh lá', primary: '#389e0d', secondary: '#13a8a8' },
  { key: 'lime', label: 'Xanh cốm', primary: '#5b8c00', secondary: '#389e0d' },
  { key: 'gold', label: 'Vàng đồng', primary: '#d48806', secondary: '#d46b08' },
  { key: 'orange', label: 'Cam', primary: '#d46b08', secondary: '#d4380d' },
  { key: 'red', label: 'Đỏ', primary: '#cf1322', secondary: '#d4380d' },
  { key: 'magenta', label: 'Hồng đậm', primary: '#c41d7f', secondary: '#9e1068' },
  { key: 'purple', label: 'Tím', primary: '#722ed1', secondary: '#2f54eb' },
  { key: 'slate', label: 'Xám xanh', primary: '#3e5c76', secondary: '#13a8a8' },
];

export const DEFAULT_THEME_KEY = 'blue';

/** Dark navy of the sider and menu (spec §1). */
export const MENU_BG = '#001529';
export const MENU_SUB_BG = '#000c17';
export const BASE_FONT_SIZE = 13;

export function findTheme(key: string | null | undefined): ColorTheme {
  return COLOR_THEMES.find((t) => t.key === key) ?? COLOR_THEMES[0];
}
