import { type CSSProperties, useEffect, useSyncExternalStore } from 'react';
import { QUEUE_MESSAGES } from '@portal/shared/contracts/queue.contract';
import { SoundBanner } from '../voice/sound-banner';
import type { VoicePlayer } from '../voice/voice-player';
import { Clock } from './clock';
import { gridFor } from './display-view';
import { T } from './messages';
import { RoomPanel } from './room-panel';
import { useDisplay } from './use-display';

/** A full-screen message instead of the rooms (no link, a revoked link, the first load). */
export function DisplayMessage({ text, testId }: { text: string; testId: string }) {
  return (
    <main className="ds-message" data-testid={testId}>
      <p>{text}</p>
    </main>
  );
}

export function DisplayPage({ token, player }: { token: string; player: VoicePlayer }) {
  const { state, status, invalid, loadFailed, flash, spoken, offset } = useDisplay(token, player);
  const voice = useSyncExternalStore(player.subscribe, player.getState);
  useEffect(() => {
    document.title = state ? `${state.screen.name} – ${T.title}` : T.title;
  }, [state?.screen.name]);

  if (invalid) return <DisplayMessage text={QUEUE_MESSAGES.screenInvalid} testId="screen-invalid" />;
  const { cols, rows } = gridFor(state?.rooms.length ?? 1);
  return (
    <div className="ds-page" data-status={status}>
      <SoundBanner player={player} text={T.soundBlocked} />
      <header className="ds-header">
        <div className="ds-brand">
          <h1 className="ds-facility">{state?.facility.name ?? T.title}</h1>
          {state && <div className="ds-screen-name">{state.screen.name}</div>}
        </div>
        <Clock offset={offset} />
      </header>
      {!state ? (
        <p className="ds-loading">{loadFailed ? T.loadFailed : T.loading}</p>
      ) : state.rooms.length === 0 ? (
        <p className="ds-loading">{T.noRooms}</p>
      ) : (
        <main className={`ds-rooms${state.rooms.length <= 2 ? ' is-large' : ''}`} style={{ '--cols': cols, '--rows': rows } as CSSProperties}>
          {state.rooms.map((room) => (
            <RoomPanel key={room.id} room={room} flash={flash?.roomId === room.id ? flash : null} />
          ))}
        </main>
      )}
      {status === 'lost' && (
        <div className="ds-offline" role="status" data-testid="connection-lost">
          {T.reconnecting}
        </div>
      )}
      <p className="ds-visually-hidden" aria-live="polite" data-testid="spoken" data-voice={voice.mode}>
        {spoken}
      </p>
    </div>
  );
}
