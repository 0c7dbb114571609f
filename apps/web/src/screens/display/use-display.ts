/**
 * The calling screen's data: the state from GET /display (the first paint) and then the live
 * connection (state, room changes, calls to announce); each call is flashed and spoken once.
 */
import { useEffect, useRef, useState } from 'react';
import { type DisplayState, type NameMode, QUEUE_PATH } from '@portal/shared/contracts/queue.contract';
import { callSentence } from '@portal/shared/rules/vi-speech';
import { isInvalidLink, screenRequest } from '../screen-api';
import type { VoicePlayer } from '../voice/voice-player';
import { createAnnouncementQueue } from './announcements';
import { applyRoom, clockOffset } from './display-view';
import { connectLive, type LiveStatus, liveUrl } from './live-socket';
import { T } from './messages';

/** How long a called room stays highlighted (its flash animation runs in the first seconds). */
export const FLASH_MS = 8000;

export interface Flash {
  roomId: number;
  callId: string;
  recall: boolean;
}

export function useDisplay(token: string, player: VoicePlayer) {
  const [state, setState] = useState<DisplayState | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [invalid, setInvalid] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [spoken, setSpoken] = useState('');
  const [offset, setOffset] = useState(0);
  const nameMode = useRef<NameMode>('HIDDEN');

  useEffect(() => {
    let gotState = false;
    let flashTimer: ReturnType<typeof setTimeout> | undefined;
    const queue = createAnnouncementQueue(async (a) => {
      // Only a full name is read out: a masked one ("Nguyễn V. A***") would be read letter by letter.
      const sentence = callSentence({ number: a.number, name: nameMode.current === 'FULL' ? a.name : null, roomName: a.roomName });
      clearTimeout(flashTimer);
      setFlash({ roomId: a.roomId, callId: a.callId, recall: a.recall });
      flashTimer = setTimeout(() => setFlash(null), FLASH_MS);
      setSpoken(sentence.text);
      await player.say(sentence);
    });
    const accept = (s: DisplayState) => {
      gotState = true;
      nameMode.current = s.nameMode;
      player.setSettings({ volume: s.screen.volume, chime: s.screen.chime });
      setOffset(clockOffset(s.serverTime, Date.now()));
      setLoadFailed(false);
      setState(s);
    };
    const live = connectLive({
      url: liveUrl(window.location),
      token,
      onStatus: (s) => (s === 'invalid' ? setInvalid(true) : setStatus(s)),
      onMessage: (m) => {
        if (m.type === 'state') accept(m.state);
        else if (m.type === 'room') setState((s) => (s ? applyRoom(s, m.room) : s));
        else if (m.type === 'announce') queue.push(m.announcement);
      },
    });
    const ac = new AbortController();
    screenRequest<DisplayState>(`${QUEUE_PATH}/display`, token, T.loadFailed, { signal: ac.signal })
      .then(({ data }) => {
        if (!gotState) accept(data);
      })
      .catch((e) => {
        if (isInvalidLink(e)) {
          live.close();
          setInvalid(true);
        } else if (!gotState && !ac.signal.aborted) setLoadFailed(true);
      });
    return () => {
      ac.abort();
      live.close();
      queue.dispose();
      clearTimeout(flashTimer);
    };
  }, [token, player]);

  return { state, status, invalid, loadFailed, flash, spoken, offset };
}
