import {
  DISPLAY_WAITING_SHOWN,
  type DisplayCall,
  type DisplayRoom,
  type DisplayState,
  type DisplayTicket,
  type NameMode,
} from '@portal/shared/contracts/queue.contract';
import { displayName } from '@portal/shared/rules/queue';
import { todayVn } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { iso } from '../../core/sql';
import { facilitySettings } from '../settings/settings.accessor';
import { findDisplayQueues, findRooms, type QueueRecord, type RoomRecord } from './queue.repository';
import type { ScreenAuth } from './screens.service';

/**
 * What a calling screen shows (issue 22, docs/waiting-room.md "Calling screen"): per room, the call of the moment
 * and the next numbers, with names only as the facility's QUEUE_DISPLAY_NAMES allows — the masking is done here,
 * so a full name never reaches a screen that must not show it.
 */

/** One announcement per call or recall: the booking and the moment it was (re)called. */
export const callIdOf = (r: Pick<QueueRecord, 'id' | 'announcedAt' | 'calledAt'>) => `${r.id}-${new Date(iso(r.announcedAt ?? r.calledAt) ?? 0).getTime()}`;

const ticket = (r: QueueRecord, mode: NameMode): DisplayTicket => ({ number: r.number, name: displayName(r.fullName, mode), priority: r.priority > 0 });

function call(r: QueueRecord, mode: NameMode): DisplayCall {
  return { ...ticket(r, mode), callId: callIdOf(r), at: iso(r.announcedAt ?? r.calledAt) ?? new Date(0).toISOString() };
}

/** The rooms' displays, from one query; the rooms in the order given. */
export async function displayRooms(ex: Executor, facilityId: number, rooms: readonly RoomRecord[], mode: NameMode, date = todayVn()): Promise<DisplayRoom[]> {
  const found = await findDisplayQueues(
    ex,
    facilityId,
    rooms.map((r) => r.id),
    date,
    DISPLAY_WAITING_SHOWN,
  );
  return rooms.map((room) => {
    const mine = found.filter((r) => r.roomId === room.id);
    const current = mine.find((r) => r.calling);
    const waiting = mine.filter((r) => !r.calling);
    return {
      id: room.id,
      code: room.code,
      name: room.name,
      current: current ? call(current, mode) : null,
      waiting: waiting.map((r) => ticket(r, mode)),
      waitingCount: waiting[0]?.waitingCount ?? 0,
    };
  });
}

export async function nameModeOf(ctx: AppContext, facilityId: number): Promise<NameMode> {
  return (await facilitySettings(ctx, facilityId)).QUEUE_DISPLAY_NAMES;
}

/** The whole state of a calling screen (GET /display and the socket's first message). */
export async function displayState(ctx: AppContext, screen: ScreenAuth): Promise<DisplayState> {
  const db = ctx.database.db;
  const [rooms, mode] = await Promise.all([findRooms(db, screen.facilityId, screen.roomIds), nameModeOf(ctx, screen.facilityId)]);
  return {
    facility: { name: screen.facilityName },
    screen: { id: screen.id, name: screen.name, volume: screen.volume, chime: screen.chime },
    nameMode: mode,
    date: todayVn(),
    rooms: await displayRooms(db, screen.facilityId, rooms, mode),
    serverTime: new Date().toISOString(),
  };
}
