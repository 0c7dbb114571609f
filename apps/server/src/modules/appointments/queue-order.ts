import { sql } from 'drizzle-orm';

/**
 * The call order of a room's waiting patients (issue 22, docs/booking-states.md "The waiting room"): priority first
 * (queue_rank, which a skip may lower for a turn, else priority), then the place (queue_position, which a skip
 * moves back, else the queue number), then the booking. `b` is the bookings' alias ('' for none).
 */
export const queueOrder = (b = 'b') => {
  const c = b ? `${b}.` : '';
  return sql.raw(`coalesce(${c}queue_rank, ${c}priority) DESC, coalesce(${c}queue_position, ${c}queue_number), ${c}id`);
};
