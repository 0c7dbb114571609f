import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLINIC_PROGRAM_SURVEYS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { hashCost } from '../../core/password-cost';
import { bearer, createTestApp, login, loginRequest, sqlRows, type TestApp } from '../../test/test-app';
import { DEMO_STAFF_PASSWORD } from './demo-admin';
import { seedDemo } from './demo';
import { DEMO_CLINIC_QUOTAS, DEMO_CLINIC_STAFF } from './demo-clinic-members';

/** The clinic's part of the demo seed, timed where seedDemo calls it. */
const timing = vi.hoisted(() => ({ ms: 0, result: null as null | { members: number; groups: number; messages: number } }));
vi.mock('./demo-clinic-members', async (original) => {
  const m = await original<typeof import('./demo-clinic-members')>();
  return {
    ...m,
    seedDemoClinicMembers: async (...args: Parameters<typeof m.seedDemoClinicMembers>) => {
      const t0 = performance.now();
      timing.result = await m.seedDemoClinicMembers(...args);
      timing.ms = performance.now() - t0;
      return timing.result;
    },
  };
});

let t: TestApp;
const hospital = sql`(SELECT id FROM facilities WHERE code = 'BVDK-AP')`;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database, hashCost({ config: t.config }));
}, 180_000);
afterAll(() => t.close());

describe('the private clinic of the demo hospital', () => {
  it('is seeded in a few multi-row statements, well under 2 s', () => {
    expect(timing.result).toMatchObject({ members: 300, groups: 9 });
    expect(timing.ms).toBeLessThan(2000);
  });

  it('has the PHONG_KHAM role and its staff, who sign in with the demo staff password', async () => {
    const staff = await sqlRows<{ username: string; authority: string }>(
      t,
      sql`SELECT a.username, ra.authority FROM accounts a JOIN account_roles ar ON ar.account_id = a.id JOIN roles r ON r.id = ar.role_id
          JOIN role_authorities ra ON ra.role_id = r.id WHERE r.code = 'PHONG_KHAM' AND r.name = 'Phòng khám riêng' AND a.facility_id = ${hospital} ORDER BY a.username`,
    );
    expect(staff.map((s) => s.username)).toEqual(DEMO_CLINIC_STAFF.map((s) => s.username).sort());
    expect(new Set(staff.map((s) => s.authority))).toEqual(new Set(['MANAGER_SHP']));
    expect((await loginRequest(t, 'bs.duong', DEMO_STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('enrols 300 accounts, each with a profile of its own, in the three programmes; pregnancy only for women of child-bearing age', async () => {
    const byProgram = await sqlRows<{ program: string; n: number; inactive: number; noted: number }>(
      t,
      sql`SELECT program, count(*)::int AS n, count(*) FILTER (WHERE NOT active)::int AS inactive, count(*) FILTER (WHERE note <> '')::int AS noted
          FROM clinic_members WHERE facility_id = ${hospital} GROUP BY program ORDER BY program`,
    );
    expect(Object.fromEntries(byProgram.map((r) => [r.program, r.n]))).toEqual(DEMO_CLINIC_QUOTAS);
    for (const r of byProgram) {
      expect(r.inactive).toBeGreaterThan(0);
      expect(r.inactive).toBeLessThan(r.n / 2);
      expect(r.noted).toBeGreaterThan(0);
    }
    const [c] = await sqlRows<{
      foreign: number;
      users: number;
      pregnancyNotWoman: number;
      badDeactivation: number;
      future: number;
      months: number;
      badSearch: number;
      doctorless: number;
    }>(
      t,
      sql`SELECT count(*) FILTER (WHERE p.user_id <> m.user_id)::int AS foreign, count(DISTINCT m.user_id)::int AS users,
            count(*) FILTER (WHERE m.program = 'PREGNANCY' AND (p.gender <> 'FEMALE' OR extract(year FROM now()) - extract(year FROM p.birth_date) NOT BETWEEN 18 AND 45))::int AS "pregnancyNotWoman",
            count(*) FILTER (WHERE m.active = (m.deactivation_reason IS NOT NULL) OR m.active = (m.deactivated_at IS NOT NULL)
                             OR m.deactivated_at <= m.enrolled_at OR m.deactivated_at > now())::int AS "badDeactivation",
            count(*) FILTER (WHERE m.enrolled_at > now())::int AS future,
            count(DISTINCT date_trunc('month', m.enrolled_at))::int AS months,
            count(*) FILTER (WHERE m.search_text NOT LIKE '%' || p.name_search || '%')::int AS "badSearch",
            count(*) FILTER (WHERE m.doctor_id IS NULL)::int AS doctorless
          FROM clinic_members m JOIN medical_profiles p ON p.facility_id = m.facility_id AND p.id = m.medical_profile_id WHERE m.facility_id = ${hospital}`,
    );
    expect(c).toEqual({ foreign: 0, users: 300, pregnancyNotWoman: 0, badDeactivation: 0, future: 0, months: c!.months, badSearch: 0, doctorless: 0 });
    expect(c!.months).toBeGreaterThanOrEqual(6);
    const surveys = await sqlRows<{ program: ClinicProgram; surveys: unknown }>(
      t,
      sql`SELECT DISTINCT program, surveys FROM clinic_members WHERE facility_id = ${hospital}`,
    );
    for (const s of surveys) expect(s.surveys).toEqual(CLINIC_PROGRAM_SURVEYS[s.program]);
    expect(surveys).toHaveLength(3);
  });

  it('has club groups of each programme with its members, the staff and the admin, and one-to-one conversations', async () => {
    const groups = await sqlRows<{
      id: number;
      kind: string;
      program: string | null;
      staff: number;
      admin: number;
      users: number;
      strangers: number;
      count: number;
    }>(
      t,
      sql`SELECT g.id, g.kind, g.program, g.member_count AS count,
            count(*) FILTER (WHERE cp.account_id IS NOT NULL)::int AS staff,
            count(*) FILTER (WHERE a.username = 'admin')::int AS admin,
            count(*) FILTER (WHERE cp.user_id IS NOT NULL)::int AS users,
            count(*) FILTER (WHERE cp.user_id IS NOT NULL AND (m.id IS NULL OR NOT m.active OR (g.kind = 'GROUP' AND m.program <> g.program)))::int AS strangers
          FROM clinic_chat_groups g JOIN clinic_chat_participants cp ON cp.facility_id = g.facility_id AND cp.group_id = g.id
          LEFT JOIN accounts a ON a.id = cp.account_id
          LEFT JOIN clinic_members m ON m.facility_id = cp.facility_id AND m.user_id = cp.user_id
          WHERE g.facility_id = ${hospital} GROUP BY g.id, g.kind, g.program, g.member_count ORDER BY g.id`,
    );
    const clubs = groups.filter((g) => g.kind === 'GROUP');
    const directs = groups.filter((g) => g.kind === 'DIRECT');
    expect(clubs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(clubs.map((g) => g.program))).toEqual(new Set(['DIABETES', 'HYPERTENSION', 'PREGNANCY']));
    for (const g of clubs) {
      expect(g.admin).toBe(1);
      expect(g.staff).toBeGreaterThanOrEqual(3);
      expect(g.users).toBeGreaterThan(10);
    }
    expect(directs.length).toBeGreaterThanOrEqual(4);
    for (const g of directs) expect([g.staff, g.users, g.admin]).toEqual([1, 1, 0]);
    for (const g of groups) {
      expect(g.strangers).toBe(0);
      expect(g.count).toBe(g.staff + g.users);
    }
  });

  it("orders each conversation's messages, keeps its last message, hides one spam message and leaves the admin a few unread", async () => {
    const [m] = await sqlRows<{ outOfOrder: number; old: number; future: number; hidden: number; hiddenByAdmin: number; fewest: number; senders: number }>(
      t,
      sql`SELECT count(*) FILTER (WHERE created_at < prev)::int AS "outOfOrder",
            count(*) FILTER (WHERE created_at < now() - interval '15 days')::int AS old, count(*) FILTER (WHERE created_at > now())::int AS future,
            count(*) FILTER (WHERE hidden)::int AS hidden,
            count(*) FILTER (WHERE hidden AND hidden_by = (SELECT id FROM accounts WHERE username = 'admin') AND hidden_at > created_at)::int AS "hiddenByAdmin",
            (SELECT min(n) FROM (SELECT count(*)::int AS n FROM clinic_chat_messages x JOIN clinic_chat_groups g ON g.facility_id = x.facility_id AND g.id = x.group_id
               WHERE g.facility_id = ${hospital} AND g.kind = 'GROUP' GROUP BY g.id) c)::int AS fewest,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM clinic_chat_participants cp WHERE cp.facility_id = t.facility_id AND cp.group_id = t.group_id
               AND (cp.account_id = t.sender_account_id OR cp.user_id = t.sender_user_id)))::int AS senders
          FROM (SELECT *, lag(created_at) OVER (PARTITION BY group_id ORDER BY id) AS prev FROM clinic_chat_messages WHERE facility_id = ${hospital}) t`,
    );
    expect(m).toEqual({ outOfOrder: 0, old: 0, future: 0, hidden: 1, hiddenByAdmin: 1, fewest: m!.fewest, senders: 0 });
    expect(m!.fewest).toBeGreaterThanOrEqual(20);

    const [g] = await sqlRows<{ wrongLast: number; markPastEnd: number; markBeforeOwn: number }>(
      t,
      sql`SELECT (SELECT count(*) FROM clinic_chat_groups g LEFT JOIN LATERAL (SELECT x.id, x.created_at, x.sender_name || ': ' || left(x.text, 120) AS preview
               FROM clinic_chat_messages x WHERE x.facility_id = g.facility_id AND x.group_id = g.id ORDER BY x.id DESC LIMIT 1) l ON true
              WHERE g.facility_id = ${hospital} AND (g.last_message_id IS DISTINCT FROM l.id OR g.last_message_at IS DISTINCT FROM l.created_at
                OR g.last_message_preview IS DISTINCT FROM l.preview))::int AS "wrongLast",
            (SELECT count(*) FROM clinic_chat_participants cp JOIN clinic_chat_groups g ON g.facility_id = cp.facility_id AND g.id = cp.group_id
              WHERE cp.facility_id = ${hospital} AND cp.last_read_message_id > g.last_message_id)::int AS "markPastEnd",
            (SELECT count(*) FROM clinic_chat_participants cp WHERE cp.facility_id = ${hospital} AND cp.last_read_message_id < (SELECT coalesce(max(x.id), 0)
              FROM clinic_chat_messages x WHERE x.facility_id = cp.facility_id AND x.group_id = cp.group_id
              AND (x.sender_account_id = cp.account_id OR x.sender_user_id = cp.user_id)))::int AS "markBeforeOwn"`,
    );
    expect(g).toEqual({ wrongLast: 0, markPastEnd: 0, markBeforeOwn: 0 });

    // what the admin's screen reads: every group, a few of them with unread messages
    const admin = await login(t, { username: 'admin', password: 'Admin@123' });
    const res = await t.app.inject({ method: 'GET', url: '/api/his/v1/shp/groups-chat/filter?page=0&size=50&kind=GROUP', headers: bearer(admin.loginToken) });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { joined: boolean; unread: number; lastMessagePreview: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.joined && r.lastMessagePreview)).toBe(true);
    const unread = rows.map((r) => r.unread);
    expect(unread.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
    expect(unread.some((n) => n === 0)).toBe(true);
    expect(unread.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(12);
  });
});
