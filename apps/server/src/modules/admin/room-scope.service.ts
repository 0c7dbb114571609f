import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { recordWrite } from '../../core/write';
import { findRestrictToAccountRooms, setRestrictToAccountRooms } from './admin.repository';

/**
 * The facility's rule for account rooms (docs/booking-states.md, "Rooms of an account"): whether an
 * account with rooms assigned works only with those rooms' bookings. Read by the booking module on
 * every booking request (appointments/room-scope.ts), so a change holds on the next request.
 */
export async function roomScopeSetting(ctx: AppContext, caller: Caller) {
  return { restrictToAccountRooms: await findRestrictToAccountRooms(ctx.database.db, caller.facilityId) };
}

/** Turns the rule on or off, with its audit row, in one transaction. */
export function setRoomScopeSetting(ctx: AppContext, caller: Caller, restrictToAccountRooms: boolean) {
  return ctx.database.transaction(async (tx) => {
    const before = await findRestrictToAccountRooms(tx, caller.facilityId);
    await setRestrictToAccountRooms(tx, caller.facilityId, restrictToAccountRooms);
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: 'UPDATE_ROOM_SCOPE',
        entity: 'facility',
        entityId: caller.facilityId,
        before: { restrictToAccountRooms: before },
        after: { restrictToAccountRooms },
      },
    });
    return { restrictToAccountRooms };
  });
}
