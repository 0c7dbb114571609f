-- The first-visit triggers (0024) look up a profile's first finished visit for every profile a booking statement
-- touches: with this index it is one probe, not a walk over all of the profile's bookings (docs/performance.md).
CREATE INDEX IF NOT EXISTS "bookings_profile_done_idx" ON "bookings" USING btree ("medical_profile_id","date") WHERE "bookings"."status" = 'DONE';
