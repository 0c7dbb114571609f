import { codeKey } from './code-key';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rooms } from './catalog';
import { facilities } from './facilities';

/** Staff (vendor/admin) accounts of a facility. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** Lower-case login name, unique across the platform (login does not name the facility). */
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** argon2id of the MD5 hex the client sends. */
    passwordHash: text('password_hash').notNull(),
    lastPasswordReset: timestamp('last_password_reset', { withTimezone: true }).notNull().defaultNow(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'accounts_pkey', columns: [t.id, t.facilityId] }),
    // account_roles and account_rooms still reference id alone (docs/decisions.md, "Keys carry facility_id")
    uniqueIndex('accounts_id_uq').on(t.id),
    uniqueIndex('accounts_username_uq').on(t.username),
    index('accounts_facility_idx').on(t.facilityId),
    index('accounts_email_idx').on(t.email),
    index('accounts_phone_idx').on(t.phone),
  ],
);

/** A named set of authorities, owned by a facility. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    /** normalizeText(code name): searched without diacritics. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'roles_pkey', columns: [t.id, t.facilityId] }),
    // role_authorities and account_roles still reference id alone
    uniqueIndex('roles_id_uq').on(t.id),
    ...codeKey('roles', t),
  ],
);

export const roleAuthorities = pgTable(
  'role_authorities',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    authority: text('authority').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.authority] })],
);

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_roles_role_idx').on(t.roleId)],
);

/** The clinic rooms a staff account works in (spec "vendor rooms"); booking screens restrict a receptionist to them. */
export const accountRooms = pgTable(
  'account_rooms',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roomId] }), index('account_rooms_room_idx').on(t.roomId)],
);
