import { Button, Flex, Select } from 'antd';
import type { DeskSettings } from '@portal/shared/contracts/appointments.contract';
import { MSG } from '@portal/shared/messages.vi';
import { SelectBox } from '../../core/blocks/select-box';
import { loaders } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import type { RoomChoice } from './booking-list.logic';

const M = BOOKING_UI.list;

/**
 * The booking list's rooms (docs/booking-states.md "Rooms of an account"): the account's rooms by
 * default; other rooms can be added, or the choice cleared for every room — unless the facility keeps
 * the account to its rooms, then only those are offered. "Phòng của tôi" goes back to the default.
 */
export function RoomFilter({
  desk,
  choice,
  shown,
  onChange,
}: {
  desk: DeskSettings;
  choice: RoomChoice;
  /** The rooms listed now (undefined: every room). */
  shown: readonly number[] | undefined;
  onChange: (next: RoomChoice) => void;
}) {
  const own = desk.rooms.map((r) => ({ value: r.id, label: r.name }));
  // cleared: every room, which for an account kept to its rooms (or one without rooms) is the default
  const change = (ids: number[]) => onChange(ids.length ? ids : desk.onlyOwnRooms || own.length === 0 ? 'mine' : 'all');
  const common = {
    'aria-label': M.room,
    prefix: `${M.room}:`,
    mode: 'multiple' as const,
    allowClear: true,
    // the first room by name (shortened), the others counted: the filter bar keeps its width
    maxTagCount: 1,
    maxTagTextLength: 22,
    placeholder: MSG.all,
    style: { width: 340 },
    value: shown ? [...shown] : [],
    onChange: change,
  };
  return (
    <Flex gap={6} align="center" data-testid="room-filter">
      {desk.onlyOwnRooms ? <Select {...common} options={own} /> : <SelectBox {...common} loader={loaders.rooms} seed={own} />}
      {choice !== 'mine' && own.length > 0 && <Button onClick={() => onChange('mine')}>{M.myRooms}</Button>}
    </Flex>
  );
}
