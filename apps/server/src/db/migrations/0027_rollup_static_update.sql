-- The update path of the quick statistic's rollup (0025) as static SQL: PL/pgSQL keeps its plan, where the dynamic
-- statement of bookings_day_stats_sync was planned again at every statement (~0.5 ms for each accept, check-in or
-- call; docs/performance.md). Inserts and deletes keep the shared dynamic function. Same name, so it still fires
-- before bookings_first_visit_upd.
CREATE OR REPLACE FUNCTION bookings_day_stats_upd_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_stat_deltas (facility_id, date, department_id, specialty_id, doctor_id, room_id, source,
    total, pending, accepted, rejected, cancelled, checked_in, done, no_show, new_patients)
  SELECT x.facility_id, x.date, x.department_id, x.specialty_id, x.doctor_id, x.room_id, x.source,
    sum(x.sign), coalesce(sum(x.sign) FILTER (WHERE x.status = 'PENDING'), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.status = 'ACCEPTED'), 0), coalesce(sum(x.sign) FILTER (WHERE x.status = 'REJECTED'), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.status = 'CANCELLED'), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.status IN ('CHECKED_IN', 'CALLED')), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.status = 'DONE'), 0), coalesce(sum(x.sign) FILTER (WHERE x.status = 'NO_SHOW'), 0),
    coalesce(sum(x.sign) FILTER (WHERE p.first_visit_on IS NULL OR p.first_visit_on >= x.date), 0)
  FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.facility_id = n.facility_id
  CROSS JOIN LATERAL (VALUES
      (1, n.facility_id, n.date, n.department_id, n.specialty_id, n.doctor_id, n.room_id, n.source, n.status, n.medical_profile_id),
      (-1, o.facility_id, o.date, o.department_id, o.specialty_id, o.doctor_id, o.room_id, o.source, o.status, o.medical_profile_id)
    ) AS x(sign, facility_id, date, department_id, specialty_id, doctor_id, room_id, source, status, medical_profile_id)
  JOIN medical_profiles p ON p.facility_id = x.facility_id AND p.id = x.medical_profile_id
  WHERE (n.date, n.department_id, n.specialty_id, n.doctor_id, n.room_id, n.source, n.status, n.medical_profile_id)
    IS DISTINCT FROM (o.date, o.department_id, o.specialty_id, o.doctor_id, o.room_id, o.source, o.status, o.medical_profile_id)
  GROUP BY x.facility_id, x.date, x.department_id, x.specialty_id, x.doctor_id, x.room_id, x.source;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER bookings_day_stats_upd ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_day_stats_upd AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_day_stats_upd_sync();
