import { sql } from 'drizzle-orm';
import { addDays } from '@portal/shared/rules/schedule';
import type { Database } from '../../core/db';
import { todayVn } from '../../modules/appointments/appointments.queries';
import { fillSlots } from '../../modules/appointments/fill-slots';
import { foldDayStats } from '../../modules/reports/reports.repository';
import { rows } from '../../core/sql';

/** Days of the large set: 60 past days, today and 29 days ahead. */
const PAST_DAYS = 60;
const FUTURE_DAYS = 29;
const DOCTORS = 40;
/** Slots per doctor-day: 07:00–11:30 and 13:00–16:30 by 30 minutes. */
const SLOTS_PER_DAY = 16;
/** Mean share of a slot's places fillSlots takes with fill = 1 (each slot draws 0.6–1.4, capped at 1). */
const MEAN_FILL = 0.9;

/**
 * `npm run seed -- --scale large` (and `--scale bookings`): about `count` bookings of the facility
 * over 90 days around today, for the day-list and bulk-accept benchmarks. Its own 40 doctors in
 * 40 rooms get a morning and an afternoon schedule every day (so nothing clashes with the demo
 * schedules), with slots large enough to hold the volume; fillSlots books them with the demo's
 * patients and states (logs, queue numbers and places consistent), five days per transaction.
 */
export async function seedLargeBookings(database: Database, facilityId: number, count: number, log: (s: string) => void = () => {}): Promise<number> {
  const today = todayVn();
  const days = PAST_DAYS + 1 + FUTURE_DAYS;
  const capacity = Math.min(200, Math.ceil(count / (days * DOCTORS * SLOTS_PER_DAY * MEAN_FILL)));
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, FUTURE_DAYS);

  await database.transaction(async (tx) => {
    const deps = await rows<{ id: number }>(tx, sql`SELECT id FROM departments WHERE facility_id = ${facilityId} ORDER BY id`);
    if (!deps.length) throw new Error('Cơ sở chưa có khoa nào: hãy chạy seed demo trước');
    await tx.execute(sql`
      INSERT INTO rooms (facility_id, code, name, search_text, department_id)
      SELECT ${facilityId}, 'PL' || lpad(i::text, 3, '0'), 'Phòng khám số L' || lpad(i::text, 3, '0'), 'phong kham so l' || lpad(i::text, 3, '0'),
        (${sql.raw(`ARRAY[${deps.map((d) => d.id).join(',')}]`)})[1 + (i - 1) % ${deps.length}]
      FROM generate_series(1, ${DOCTORS}) i
      ON CONFLICT (facility_id, lower(code)) DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO doctors (facility_id, code, name, gender, degree, department_id, search_text)
      SELECT ${facilityId}, 'BSL' || lpad(i::text, 3, '0'),
        (ARRAY['Nguyễn','Trần','Lê','Phạm','Hoàng','Vũ','Đặng','Bùi'])[1 + i % 8] || ' ' || (ARRAY['Văn','Thị','Minh','Thu','Quốc'])[1 + i % 5] || ' ' ||
        (ARRAY['An','Bình','Hà','Hùng','Lan','Long','Mai','Nam','Phúc','Trang','Tuấn'])[1 + i % 11],
        CASE WHEN i % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END, (ARRAY['BS','BSCKI','BSCKII','THS'])[1 + i % 4],
        r.department_id, 'bsl' || lpad(i::text, 3, '0')
      FROM generate_series(1, ${DOCTORS}) i JOIN rooms r ON r.facility_id = ${facilityId} AND r.code = 'PL' || lpad(i::text, 3, '0')
      WHERE NOT EXISTS (SELECT 1 FROM doctors d WHERE d.facility_id = ${facilityId} AND d.code = 'BSL' || lpad(i::text, 3, '0'))`);
    await tx.execute(sql`
      INSERT INTO schedules (facility_id, doctor_id, room_id, department_id, date, shift, start_time, end_time, slot_minutes, capacity, note)
      SELECT ${facilityId}, d.id, r.id, r.department_id, day::date, sh.shift, sh.s, sh.e, 30, ${capacity}, 'Dữ liệu quy mô lớn'
      FROM generate_series(1, ${DOCTORS}) i
      JOIN rooms r ON r.facility_id = ${facilityId} AND r.code = 'PL' || lpad(i::text, 3, '0')
      JOIN doctors d ON d.facility_id = ${facilityId} AND d.code = 'BSL' || lpad(i::text, 3, '0')
      CROSS JOIN generate_series(${from}::date, ${to}::date, interval '1 day') day
      CROSS JOIN (VALUES ('MORNING', '07:00', '11:30'), ('AFTERNOON', '13:00', '16:30')) AS sh(shift, s, e)
      WHERE NOT EXISTS (SELECT 1 FROM schedules x WHERE x.doctor_id = d.id AND x.date = day::date AND x.shift = sh.shift)`);
    await tx.execute(sql`
      INSERT INTO time_slots (facility_id, schedule_id, doctor_id, date, start_time, end_time, starts_at, capacity)
      SELECT sc.facility_id, sc.id, sc.doctor_id, sc.date, to_char(t, 'HH24:MI'), to_char(t + interval '30 minutes', 'HH24:MI'),
        (sc.date + t) AT TIME ZONE 'Asia/Ho_Chi_Minh', sc.capacity
      FROM schedules sc JOIN doctors d ON d.id = sc.doctor_id AND d.code LIKE 'BSL%'
      CROSS JOIN LATERAL generate_series(0, (extract(epoch FROM sc.end_time::time - sc.start_time::time) / 1800)::int - 1) k
      CROSS JOIN LATERAL (SELECT sc.start_time::time + k * interval '30 minutes' AS t) tt
      WHERE sc.facility_id = ${facilityId} AND sc.note = 'Dữ liệu quy mô lớn'
      ON CONFLICT (schedule_id, start_time, facility_id) DO NOTHING`);
  });
  log(`  lịch làm việc: ${DOCTORS} bác sĩ × ${days} ngày, ${capacity} chỗ mỗi khung giờ`);

  let total = 0;
  for (let d = -PAST_DAYS; d <= FUTURE_DAYS; d += 5) {
    const a = addDays(today, d);
    const b = addDays(today, Math.min(FUTURE_DAYS, d + 4));
    total += await database.transaction((tx) => fillSlots(tx, facilityId, { from: a, to: b, today, fill: 1, salt: 7 }));
    log(`  ${total.toLocaleString('vi-VN')} lịch đặt khám (đến ${b})`);
  }
  await database.transaction((tx) => foldDayStats(tx));
  for (const table of ['bookings', 'booking_logs', 'time_slots', 'schedules', 'queue_counters', 'booking_day_stats']) {
    await database.query('', `VACUUM ANALYZE ${table}`, []);
  }
  return total;
}
