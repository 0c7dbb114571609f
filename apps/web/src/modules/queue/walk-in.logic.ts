import type { WalkInRoom } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { TW } from './walk-in.messages';

/** A walk-in room's choice: "Phòng khám Nội 101 · BS. An, BS. Bình · đang chờ 3". */
export function walkInRoomLabel(r: WalkInRoom): string {
  const doctors = r.doctors.length > 0 ? r.doctors.join(', ') : TW.noDoctor;
  return [r.name, doctors, fmt(TW.waitingCount, { count: r.waitingCount })].join(' · ');
}
