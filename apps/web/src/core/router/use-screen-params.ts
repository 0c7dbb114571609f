import { useCallback, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';

type SetParams = ReturnType<typeof useSearchParams>[1];

/**
 * The screen's search params, like react-router's useSearchParams, except that a change asked for once the user is
 * leaving the screen is dropped. A list's search box reports its text 300 ms after the last key; typed and followed at
 * once by a click on another menu entry whose code is still loading (the list stays on screen meanwhile), that late
 * report navigated to "?q=…" of the list, which cancelled the user's click and kept them on the list.
 */
export function useScreenParams(): [URLSearchParams, SetParams] {
  const [params, setParams] = useSearchParams();
  // the screen's path when it was opened (a list screen's path does not change while it is shown)
  const own = useRef(useLocation().pathname);
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location != null && navigation.location.pathname !== own.current;
  const set = useCallback<SetParams>(
    (next, options) => {
      if (leaving.current || window.location.pathname !== own.current) return; // the user is going, or has gone, elsewhere
      setParams(next, options);
    },
    [setParams],
  );
  return [params, set];
}
