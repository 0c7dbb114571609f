import type { DisplayRoom } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { T } from './messages';
import type { Flash } from './use-display';

/**
 * One room: the number called now (very large), its patient, then the next numbers and the queue's length.
 * `flash`: the room's call being announced (the panel lights up; a recall says so).
 */
export function RoomPanel({ room, flash }: { room: DisplayRoom; flash: Flash | null }) {
  const current = room.current;
  const labelId = `room-${room.id}-name`;
  return (
    <section className={`ds-room${flash ? ' is-called' : ''}`} data-room-id={room.id} data-testid="room-panel" aria-labelledby={labelId}>
      {flash && <div className="ds-room-flash" key={flash.callId} aria-hidden="true" />}
      <h2 className="ds-room-name" id={labelId}>
        {room.name}
      </h2>
      <div className="ds-call">
        {current ? (
          <>
            <div className="ds-call-label">
              {T.nowCalling}
              {current.priority && <span className="ds-priority">{T.priority}</span>}
              {flash?.recall && <span className="ds-recall">{T.recall}</span>}
            </div>
            <div className="ds-number" data-testid="current-number">
              {current.number}
            </div>
            {current.name && <div className="ds-patient">{current.name}</div>}
          </>
        ) : (
          <div className="ds-call-none">{T.noCall}</div>
        )}
      </div>
      <div className="ds-next">
        <div className="ds-next-row">
          {room.waiting.length > 0 && (
            <>
              <span className="ds-next-label">{T.next}</span>
              <ol className="ds-next-list" data-testid="waiting-numbers">
                {room.waiting.map((t) => (
                  <li key={t.number} className={t.priority ? 'is-priority' : undefined} title={t.priority ? T.priority : undefined}>
                    {t.number}
                    {t.priority && <span className="ds-visually-hidden"> ({T.priority})</span>}
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
        <span className="ds-count" data-testid="waiting-count">
          {room.waitingCount > 0 ? fmt(T.waitingCount, { count: room.waitingCount }) : T.noneWaiting}
        </span>
      </div>
    </section>
  );
}
