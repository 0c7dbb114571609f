import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../core/storage';
import { DEFAULT_THEME_KEY, findTheme } from './theme-palette';

/** Choices of the layout settings drawer, remembered in local storage. */
export interface LayoutSettings {
  showDisplayName: boolean;
  showBreadcrumb: boolean;
  fixedHeader: boolean;
  showFooter: boolean;
  compact: boolean;
  theme: string;
}

export interface SiderState {
  collapsed: boolean;
  openKeys: string[];
}

export const DEFAULT_LAYOUT: LayoutSettings = {
  showDisplayName: true,
  showBreadcrumb: true,
  fixedHeader: true,
  showFooter: true,
  compact: false,
  theme: DEFAULT_THEME_KEY,
};

export const DEFAULT_SIDER: SiderState = { collapsed: false, openKeys: [] };

/** Keeps known keys of the right type; anything else takes the default (old or edited storage). */
export function normalizeLayout(raw: unknown): LayoutSettings {
  const v = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const bool = (k: keyof LayoutSettings) => (typeof v[k] === 'boolean' ? (v[k] as boolean) : (DEFAULT_LAYOUT[k] as boolean));
  return {
    showDisplayName: bool('showDisplayName'),
    showBreadcrumb: bool('showBreadcrumb'),
    fixedHeader: bool('fixedHeader'),
    showFooter: bool('showFooter'),
    compact: bool('compact'),
    theme: findTheme(typeof v.theme === 'string' ? v.theme : null).key,
  };
}

export function normalizeSider(raw: unknown): SiderState {
  const v = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    collapsed: typeof v.collapsed === 'boolean' ? v.collapsed : false,
    openKeys: Array.isArray(v.openKeys) ? v.openKeys.filter((k): k is string => typeof k === 'string') : [],
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let layout: LayoutSettings | null = null;
let sider: SiderState | null = null;

function emit(): void {
  for (const l of listeners) l();
}

function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export const layoutStore = {
  layout(): LayoutSettings {
    layout ??= normalizeLayout(readJson(STORAGE_KEYS.layout));
    return layout;
  },
  sider(): SiderState {
    sider ??= normalizeSider(readJson(STORAGE_KEYS.sider));
    return sider;
  },
  update(patch: Partial<LayoutSettings>): void {
    layout = normalizeLayout({ ...layoutStore.layout(), ...patch });
    writeJson(STORAGE_KEYS.layout, layout);
    emit();
  },
  updateSider(patch: Partial<SiderState>): void {
    sider = normalizeSider({ ...layoutStore.sider(), ...patch });
    writeJson(STORAGE_KEYS.sider, sider);
    emit();
  },
  /** "Khôi phục giao diện mặc định": the drawer's choices go back to the defaults; the sider stays as it is. */
  reset(): void {
    layout = { ...DEFAULT_LAYOUT };
    writeJson(STORAGE_KEYS.layout, layout);
    emit();
  },
  /** "Xoá mọi tuỳ chỉnh trên trình duyệt này": forget every stored layout preference and the sider state. */
  factoryReset(): void {
    removeKey(STORAGE_KEYS.layout);
    removeKey(STORAGE_KEYS.sider);
    layout = { ...DEFAULT_LAYOUT };
    sider = { ...DEFAULT_SIDER, openKeys: [] };
    emit();
  },
  /** After local storage was cleared elsewhere (401). */
  reload(): void {
    layout = null;
    sider = null;
    emit();
  },
  subscribe,
};

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, layoutStore.layout, () => DEFAULT_LAYOUT);
}

export function useSiderState(): SiderState {
  return useSyncExternalStore(subscribe, layoutStore.sider, () => DEFAULT_SIDER);
}
