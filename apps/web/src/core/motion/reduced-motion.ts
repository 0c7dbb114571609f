import { useSyncExternalStore } from 'react';

/**
 * The reader's "reduce motion" setting (operating system or browser). The admin app and the public page
 * then switch antd's motion off (token `motion: false`) and global.css stops every transition: no menu,
 * drawer or dropdown slides in. The end-to-end tests run with it on (playwright.config.ts,
 * `reducedMotion: 'reduce'`), so no test waits for an animation or loses a click to one.
 */
const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
