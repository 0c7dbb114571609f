import { BOOKING_MESSAGES, type DeskSettings } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { facilitySettings } from '../settings/settings.accessor';
import type { Executor } from '../../core/db';
import { forbidden } from '../../core/errors';
import { findAccountRooms } from './appointments.repository';

/**
 * The rooms of an account (docs/booking-states.md, "Rooms of an account"). Rooms assigned to an account
 * are where its screens open (the booking list and the queue filter on them); when the facility keeps its
 * accounts to their rooms (facilities.restrict_to_account_rooms), such an account sees and works only
 * those rooms' bookings, and the server refuses the others with 403. An account with no room sees all.
 */
export interface RoomScope {
  /** The account's rooms, by code. */
  rooms: { id: number; code: string; name: string }[];
  /** Only these rooms: the facility keeps accounts to their rooms and this one has some. */
  restricted: boolean;
}

/** The caller's room scope, read in the caller's transaction (one small query). */
export async function roomScopeOf(ex: Executor, caller: Caller): Promise<RoomScope> {
  const r = await findAccountRooms(ex, caller.facilityId, caller.accountId);
  return { rooms: r.rooms, restricted: r.restrictToAccountRooms && r.rooms.length > 0 };
}

const refusal = (scope: RoomScope) => forbidden(fmt(BOOKING_MESSAGES.otherRoom, { rooms: scope.rooms.map((r) => r.name).join(', ') }));

/** Refuses (403) a room outside a restricted caller's rooms. */
export function checkRoom(scope: RoomScope, roomId: number): void {
  if (scope.restricted && !scope.rooms.some((r) => r.id === roomId)) throw refusal(scope);
}

/**
 * The rooms a list reads: those asked for (each checked), else every room — for a restricted caller,
 * its own rooms. `undefined` = no room filter.
 */
export function roomsToRead(scope: RoomScope, asked?: readonly number[]): readonly number[] | undefined {
  if (asked?.length) {
    for (const id of asked) checkRoom(scope, id);
    return [...new Set(asked)].sort((a, b) => a - b);
  }
  return scope.restricted ? scope.rooms.map((r) => r.id) : undefined;
}

/** GET /desk: the caller's rooms and the rules of the desk's day (the facility's LATE_CHECKIN_MINUTES and NO_SHOW_AT settings). */
export async function deskSettings(ctx: AppContext, caller: Caller): Promise<DeskSettings> {
  const [scope, settings] = await Promise.all([roomScopeOf(ctx.database.db, caller), facilitySettings(ctx, caller.facilityId)]);
  return {
    rooms: scope.rooms,
    onlyOwnRooms: scope.restricted,
    lateCheckinMinutes: settings.LATE_CHECKIN_MINUTES,
    noShowAt: settings.NO_SHOW_AT,
  };
}
