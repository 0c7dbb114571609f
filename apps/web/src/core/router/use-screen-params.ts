import { useCallback, useContext, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';

type SetParams = ReturnType<typeof useSearchParams>[1];

/**
 * The screen's search params, like react-router's useSearchParams, except that a change asked for once the user is
 * leaving the screen is dropped. A list's search box reports its text 300 ms after the last key; typed and followed at
 * once by a click on another menu entry whose code is still loading (the list stays on screen meanwhile), that late
 * report navigated to "?q=…" of the list, which cancelled the user's click and kept them on the list.
 *
 * The router's own state is read at the moment of the change, not the last rendered `useNavigation()`: the router
 * renders its navigations in a transition, so on a busy machine the timer could fire after the click but before the
 * screen had re-rendered with the pending navigation.
 */
export function useScreenParams(): [URLSearchParams, SetParams] {
  const [params, setParams] = useSearchParams();
  // the screen's path when it was opened (a list screen's path does not change while it is shown)
  const own = useRef(useLocation().pathname);
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const set = useCallback<SetParams>(
    (next, options) => {
      const going = router?.state.navigation.location;
      if (going != null && going.pathname !== own.current) return; // the user is going elsewhere
      if (window.location.pathname !== own.current) return; // or has gone
      setParams(next, options);
    },
    [router, setParams],
  );
  return [params, set];
}
