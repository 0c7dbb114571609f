ALTER TABLE "facilities" ADD COLUMN "restrict_to_account_rooms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "calling" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_checkin_minutes" integer;--> statement-breakpoint
-- A room calls one patient at a time: of the bookings already called, each room's latest call of each day is the call of the moment.
UPDATE "bookings" SET "calling" = true WHERE "id" IN (
  SELECT DISTINCT ON ("facility_id", "room_id", "date") "id" FROM "bookings" WHERE "status" = 'CALLED'
  ORDER BY "facility_id", "room_id", "date", "called_at" DESC NULLS LAST, "id" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_room_day_calling_uq" ON "bookings" USING btree ("facility_id","room_id","date") WHERE "bookings"."calling";