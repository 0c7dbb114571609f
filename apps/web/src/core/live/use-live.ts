import { useEffect, useRef, useState } from 'react';
import { AUTH_PATHS } from '@portal/shared/contracts/auth.paths';
import { api } from '../api/api-client';
import { currentLoginToken } from '../auth/auth-store';
import { liveUrl, type LiveStatus } from './live.logic';
import { LiveConnection, type LiveEvent, type SocketLike } from './live-socket';

let shared: LiveConnection | null = null;

/** The tab's one live connection (made on first use, in the browser only). */
function connection(): LiveConnection {
  shared ??= new LiveConnection({
    url: () => {
      const token = currentLoginToken();
      return token ? liveUrl(window.location, token) : null;
    },
    // The browser socket fits SocketLike except for its handlers' `this` typing.
    open: (url) => new WebSocket(url) as unknown as SocketLike,
    renewSession: async () => {
      try {
        // The API client refreshes the token on 401, or signs out and goes to /login.
        await api.get(AUTH_PATHS.me);
        return true;
      } catch {
        return false;
      }
    },
  });
  return shared;
}

/**
 * Follows a live topic while the screen is shown: `onEvent` gets each change; the returned status
 * tells the screen to poll while the socket is not open. `onReconnect` runs when the socket opens
 * again after a drop (changes made meanwhile were not sent: refetch).
 */
export function useLiveTopic(topic: string, onEvent: (e: LiveEvent) => void, onReconnect?: () => void): LiveStatus {
  const conn = connection();
  const [status, setStatus] = useState<LiveStatus>(conn.status);
  const handlers = useRef({ onEvent, onReconnect });
  handlers.current = { onEvent, onReconnect };

  useEffect(() => {
    let wasOpen = conn.status === 'open';
    let dropped = false;
    const offStatus = conn.onStatus((s) => {
      setStatus(s);
      if (s === 'open' && dropped) handlers.current.onReconnect?.();
      if (s !== 'open' && wasOpen) dropped = true;
      wasOpen = s === 'open';
    });
    const off = conn.subscribe(topic, (e) => handlers.current.onEvent(e));
    setStatus(conn.status);
    return () => {
      off();
      offStatus();
    };
  }, [conn, topic]);
  return status;
}
