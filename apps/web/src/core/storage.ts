/**
 * Local-storage keys of the admin app and safe JSON access. A 401 clears ALL of local
 * storage (spec §8); logging out removes only the auth entry, so the saved report-user list
 * and the layout preferences survive a normal logout.
 */
export const STORAGE_KEYS = {
  /** The AuthUser of spec §3. */
  auth: 'auth',
  /** Users picked on the report screen, kept across logouts (spec §2 /logout). */
  reportUsers: 'reportUsers',
  /** Layout settings drawer choices. */
  layout: 'layoutSettings',
  /** Sider collapsed flag and open sub-menus. */
  sider: 'siderState',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working for this page view.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* storage disabled */
  }
}

/** Spec §8: a 401 clears all local storage. */
export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* storage disabled */
  }
}
