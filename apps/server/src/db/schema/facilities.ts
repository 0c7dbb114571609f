import { boolean, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What the public pages show about a facility beyond its contact details. */
export interface FacilityPublicProfile {
  slogan?: string;
  experts?: { name: string; title: string; specialty: string; photo: string }[];
  /** Texts of the public price page's header and footer (/admin/settings); absent = the page's defaults. */
  priceTitle?: string;
  priceSubtitle?: string;
  priceFooterNote?: string;
}

/** Working hours per ISO weekday (rules/working-hours.ts). */
export type FacilityWorkingHours = { weekday: number; open: boolean; periods: { from: string; to: string }[] }[];

/** A healthcare facility (hospital). Every facility-owned row points here. */
export const facilities = pgTable(
  'facilities',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    avatar: text('avatar'),
    address: text('address'),
    hotline: text('hotline'),
    emergencyPhone: text('emergency_phone'),
    website: text('website'),
    /**
     * Accounts with rooms assigned work only with those rooms' bookings (list, queue, every booking
     * operation; docs/booking-states.md "Rooms of an account"). Off: the rooms are the screens' default.
     */
    restrictToAccountRooms: boolean('restrict_to_account_rooms').notNull().default(false),
    publicProfile: jsonb('public_profile').$type<FacilityPublicProfile>().notNull().default({}),
    /** The facility's working hours per weekday (work-time-hospital); null = none kept (no warnings). */
    workingHours: jsonb('working_hours').$type<FacilityWorkingHours>(),
    /** Who last saved the profile at /admin/settings, and when. */
    profileUpdatedBy: text('profile_updated_by'),
    profileUpdatedAt: timestamp('profile_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('facilities_code_uq').on(t.code)],
);
