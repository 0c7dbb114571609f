import { useSyncExternalStore } from 'react';
import type { AuthUser } from '@portal/shared/contracts/auth.contract';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../storage';

type Listener = () => void;

const listeners = new Set<Listener>();
let cache: AuthUser | null | undefined;

function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.loginToken === 'string' && v.loginToken !== '';
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * The signed-in user, kept in local storage as `auth` (spec §3). Everything that needs the
 * session reads it here; components subscribe through `useAuth`.
 */
export const authStore = {
  get(): AuthUser | null {
    if (cache === undefined) {
      const stored = readJson<unknown>(STORAGE_KEYS.auth);
      cache = isAuthUser(stored) ? stored : null;
    }
    return cache;
  },
  set(user: AuthUser): void {
    cache = user;
    writeJson(STORAGE_KEYS.auth, user);
    emit();
  },
  /** Removes only the auth entry (logout keeps the report-user list and layout choices). */
  clear(): void {
    cache = null;
    removeKey(STORAGE_KEYS.auth);
    emit();
  },
  /** Forgets the cached value after something else changed local storage (clear, other tab). */
  reload(): void {
    cache = undefined;
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.auth) authStore.reload();
  });
}

function readUrlToken(search?: string): string | null {
  if (search === undefined && typeof window === 'undefined') return null;
  const value = new URLSearchParams(search ?? window.location.search).get('loginToken');
  return value && value.trim() !== '' ? value.trim() : null;
}

/** The token the page was opened with, kept after in-app navigation drops the parameter. */
let launchToken: string | null = readUrlToken();

/**
 * Spec §7: a `loginToken` query parameter of the page URL wins over the stored token (another
 * system opened the portal for its user). The one in the address bar now wins, else the one
 * the page was opened with.
 */
export function urlLoginToken(search?: string): string | null {
  return readUrlToken(search) ?? launchToken;
}

/** After a 401 the URL token is dead too. */
export function forgetUrlLoginToken(): void {
  launchToken = null;
}

export function currentLoginToken(): string | null {
  return urlLoginToken() ?? authStore.get()?.loginToken ?? null;
}

/**
 * `search` is the query of the URL being navigated to: route loaders run before the address
 * bar changes, so they must not read window.location.
 */
export function isSignedIn(search?: string): boolean {
  return (urlLoginToken(search) ?? authStore.get()?.loginToken ?? null) !== null;
}

export function useAuth(): AuthUser | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, () => null);
}
