/**
 * The link's token of a calling screen or kiosk: it follows '#' in the link the admin hands out
 * (/display#<token>), so it never reaches a server log. It is remembered in localStorage, so a TV
 * that reloads a bare /display keeps working; a link with a new token replaces the remembered one.
 */
export type ScreenPage = 'display' | 'kiosk';

const key = (page: ScreenPage) => `portal.screen-token.${page}`;

type TokenStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The token of `hash` ('#abc'), else the remembered one, else null. */
export function readScreenToken(page: ScreenPage, hash: string, storage: TokenStorage | null): string | null {
  let fromHash = hash.replace(/^#/, '');
  try {
    fromHash = decodeURIComponent(fromHash);
  } catch {
    // a malformed escape: the raw text is the token
  }
  fromHash = fromHash.trim();
  try {
    if (fromHash !== '') {
      storage?.setItem(key(page), fromHash);
      return fromHash;
    }
    return storage?.getItem(key(page)) || null;
  } catch {
    // storage refused (private mode, quota): the hash alone
    return fromHash || null;
  }
}

/** localStorage when the browser allows it. */
export function browserStorage(): TokenStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
