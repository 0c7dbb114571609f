-- Codes are case-insensitive (docs/decisions.md, issue 14 item 11): a catalogue code is unique per
-- facility whatever its case, and stored without surrounding spaces, held by the database.
-- Existing rows are brought in line first, so that an upgrade never stops on old data:
-- 1. surrounding spaces are trimmed; 2. a code left empty becomes "MA<id>"; 3. of codes that now collide
-- (same facility, same code ignoring case), the oldest row keeps its code and each later one gets
-- "-<id>" appended (operations.md says how to find and rename them).
UPDATE "roles" SET code = btrim(code) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "roles" SET code = 'MA' || id WHERE code = '';--> statement-breakpoint
UPDATE "roles" t SET code = t.code || '-' || t.id WHERE EXISTS (SELECT 1 FROM "roles" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
UPDATE "departments" SET code = btrim(code) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "departments" SET code = 'MA' || id WHERE code = '';--> statement-breakpoint
UPDATE "departments" t SET code = t.code || '-' || t.id WHERE EXISTS (SELECT 1 FROM "departments" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
UPDATE "medical_services" SET code = btrim(code), code_search = lower(btrim(code)) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "medical_services" SET code = 'MA' || id, code_search = lower('MA' || id) WHERE code = '';--> statement-breakpoint
UPDATE "medical_services" t SET code = t.code || '-' || t.id, code_search = lower(t.code || '-' || t.id) WHERE EXISTS (SELECT 1 FROM "medical_services" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
UPDATE "rooms" SET code = btrim(code) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "rooms" SET code = 'MA' || id WHERE code = '';--> statement-breakpoint
UPDATE "rooms" t SET code = t.code || '-' || t.id WHERE EXISTS (SELECT 1 FROM "rooms" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
UPDATE "specialties" SET code = btrim(code) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "specialties" SET code = 'MA' || id WHERE code = '';--> statement-breakpoint
UPDATE "specialties" t SET code = t.code || '-' || t.id WHERE EXISTS (SELECT 1 FROM "specialties" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
UPDATE "jobs" SET code = btrim(code) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "jobs" SET code = 'MA' || id WHERE code = '';--> statement-breakpoint
UPDATE "jobs" t SET code = t.code || '-' || t.id WHERE EXISTS (SELECT 1 FROM "jobs" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
UPDATE "nations" SET code = btrim(code) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "nations" SET code = 'MA' || id WHERE code = '';--> statement-breakpoint
UPDATE "nations" t SET code = t.code || '-' || t.id WHERE EXISTS (SELECT 1 FROM "nations" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
UPDATE "doctors" SET code = btrim(code) WHERE code <> btrim(code);--> statement-breakpoint
UPDATE "doctors" SET code = 'MA' || id WHERE code = '';--> statement-breakpoint
UPDATE "doctors" t SET code = t.code || '-' || t.id WHERE EXISTS (SELECT 1 FROM "doctors" o WHERE o.facility_id = t.facility_id AND lower(o.code) = lower(t.code) AND o.id < t.id);--> statement-breakpoint
DROP INDEX "roles_facility_code_uq";--> statement-breakpoint
DROP INDEX "departments_facility_code_uq";--> statement-breakpoint
DROP INDEX "medical_services_facility_code_uq";--> statement-breakpoint
DROP INDEX "rooms_facility_code_uq";--> statement-breakpoint
DROP INDEX "specialties_facility_code_uq";--> statement-breakpoint
DROP INDEX "jobs_facility_code_uq";--> statement-breakpoint
DROP INDEX "nations_facility_code_uq";--> statement-breakpoint
DROP INDEX "doctors_facility_code_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "roles_facility_code_uq" ON "roles" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "departments_facility_code_uq" ON "departments" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "medical_services_facility_code_uq" ON "medical_services" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_facility_code_uq" ON "rooms" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "specialties_facility_code_uq" ON "specialties" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_facility_code_uq" ON "jobs" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "nations_facility_code_uq" ON "nations" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_facility_code_uq" ON "doctors" USING btree ("facility_id",lower("code"));--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_code_trimmed_ck" CHECK ("roles"."code" = btrim("roles"."code") AND "roles"."code" <> '');--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_code_trimmed_ck" CHECK ("departments"."code" = btrim("departments"."code") AND "departments"."code" <> '');--> statement-breakpoint
ALTER TABLE "medical_services" ADD CONSTRAINT "medical_services_code_trimmed_ck" CHECK ("medical_services"."code" = btrim("medical_services"."code") AND "medical_services"."code" <> '');--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_code_trimmed_ck" CHECK ("rooms"."code" = btrim("rooms"."code") AND "rooms"."code" <> '');--> statement-breakpoint
ALTER TABLE "specialties" ADD CONSTRAINT "specialties_code_trimmed_ck" CHECK ("specialties"."code" = btrim("specialties"."code") AND "specialties"."code" <> '');--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_code_trimmed_ck" CHECK ("jobs"."code" = btrim("jobs"."code") AND "jobs"."code" <> '');--> statement-breakpoint
ALTER TABLE "nations" ADD CONSTRAINT "nations_code_trimmed_ck" CHECK ("nations"."code" = btrim("nations"."code") AND "nations"."code" <> '');--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_code_trimmed_ck" CHECK ("doctors"."code" = btrim("doctors"."code") AND "doctors"."code" <> '');