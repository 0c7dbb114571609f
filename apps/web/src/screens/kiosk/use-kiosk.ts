/** The kiosk's state: its facility (GET /kiosk, refreshed), and one check-in at a time (POST /kiosk/checkin). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type KioskCheckinBody, type KioskInfo, QUEUE_PATH, type QueueTicket } from '@portal/shared/contracts/queue.contract';
import { isInvalidLink, ScreenApiError, screenRequest } from '../screen-api';
import { T } from './messages';

export type KioskView =
  | { name: 'start' | 'form' }
  | { name: 'camera' }
  | { name: 'sending' }
  | { name: 'ticket'; ticket: QueueTicket; message: string }
  | { name: 'error'; message: string; from: 'start' | 'form' };

/** The facility's day changes at midnight and a link may be revoked: the kiosk asks again this often. */
const INFO_REFRESH_MS = 10 * 60_000;
const INFO_RETRY_MS = 15_000;
/** A check-in the server has not answered by then is reported as a network error (the patient is not left waiting). */
const CHECKIN_TIMEOUT_MS = 15_000;

export function useKiosk(token: string) {
  const [info, setInfo] = useState<KioskInfo | null>(null);
  const [infoFailed, setInfoFailed] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [view, setView] = useState<KioskView>({ name: 'start' });
  const [form, setForm] = useState({ digits: '', phone: '' });
  const busy = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ac = new AbortController();
    const load = () => {
      screenRequest<KioskInfo>(`${QUEUE_PATH}/kiosk`, token, T.networkError, { signal: ac.signal })
        .then(({ data }) => {
          setInfo(data);
          setInfoFailed(false);
          timer = setTimeout(load, INFO_REFRESH_MS);
        })
        .catch((e) => {
          if (ac.signal.aborted) return;
          if (isInvalidLink(e)) return setInvalid(true);
          setInfoFailed(true);
          timer = setTimeout(load, INFO_RETRY_MS);
        });
    };
    load();
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, [token]);

  const checkin = useCallback(
    async (body: KioskCheckinBody, from: 'start' | 'form') => {
      if (busy.current) return;
      busy.current = true;
      setView({ name: 'sending' });
      try {
        const { data, message } = await screenRequest<QueueTicket>(`${QUEUE_PATH}/kiosk/checkin`, token, T.networkError, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(CHECKIN_TIMEOUT_MS),
        });
        setForm({ digits: '', phone: '' });
        setView({ name: 'ticket', ticket: data, message });
      } catch (e) {
        if (isInvalidLink(e)) setInvalid(true);
        else setView({ name: 'error', message: e instanceof ScreenApiError ? e.message : T.networkError, from });
      } finally {
        busy.current = false;
      }
    },
    [token],
  );

  /** Back to the start, forgetting what was typed (the next patient must not see it). */
  const reset = useCallback(() => {
    setForm({ digits: '', phone: '' });
    setView({ name: 'start' });
  }, []);

  return { info, infoFailed, invalid, view, setView, form, setForm, checkin, reset };
}
