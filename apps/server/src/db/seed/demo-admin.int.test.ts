import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, loginRequest, sqlRows, type TestApp } from '../../test/test-app';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import { fhirIssues } from '../../modules/his/fhir/validate';
import { hashCost } from '../../core/password-cost';
import { DEMO_STAFF_PASSWORD } from './demo-admin';
import { seedDemo } from './demo';
import { DEMO_SMS_TEMPLATES } from './demo-sms';
import { eventSettingsProblems } from '@portal/shared/contracts/notification-events.contract';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '@portal/shared/rules/message-template';
import { validateSmsTemplate } from '../../modules/sms/sms-templates.admin';
import { smsSegments } from '@portal/shared/rules/sms';
import { withAdvertisingLabel } from '@portal/shared/rules/ad-window';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database, hashCost({ config: t.config }));
}, 120_000);
afterAll(() => t.close());

const roleCodes = (username: string) =>
  sqlRows<{ code: string }>(
    t,
    sql`SELECT r.code FROM accounts a JOIN account_roles ar ON ar.account_id = a.id JOIN roles r ON r.id = ar.role_id WHERE a.username = ${username} ORDER BY r.code`,
  ).then((r) => r.map((x) => x.code));

describe('the HIS system account of the demo hospital', () => {
  it('signs in with no password change to make and reads the bookings over FHIR', async () => {
    expect(await roleCodes('his.fhir')).toEqual(['HE_THONG_HIS']);
    const { loginToken } = await login(t, { username: 'his.fhir', password: 'Hethong@123' });
    const url = `/fhir/R4/Appointment?date=ge${addDays(todayVn(), -30)}&_count=20`;
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(loginToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBeGreaterThan(20);
    for (const e of res.json().entry) expect(fhirIssues(e.resource)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/roles', headers: bearer(loginToken) })).statusCode).toBe(403);
  });
});

describe('demo staff of the demo hospital', () => {
  it('keeps the documented accounts and their roles as they were', async () => {
    expect(await roleCodes('admin')).toEqual(['QUAN_TRI']);
    expect(await roleCodes('letan')).toEqual(['LE_TAN']);
    expect(await roleCodes('baocao')).toEqual(['BAO_CAO']);
    expect(await roleCodes('matkhaucu')).toEqual(['DANH_MUC']);
    expect(await roleCodes('admin2')).toEqual(['QUAN_TRI']);
    expect((await loginRequest(t, 'letan', 'Letan@123')).statusCode).toBe(200);
  });

  it('gives letan the ground-floor clinic rooms and adds believable staff', async () => {
    const rooms = await sqlRows<{ code: string }>(
      t,
      sql`SELECT rm.code FROM accounts a JOIN account_rooms x ON x.account_id = a.id JOIN rooms rm ON rm.id = x.room_id WHERE a.username = 'letan' ORDER BY rm.code`,
    );
    expect(rooms.map((r) => r.code)).toEqual(['P101', 'P102', 'P103', 'P104']);
    expect(await roleCodes('nhansu')).toEqual(['NHAN_SU']);
    const locked = await loginRequest(t, 'letan.cu', DEMO_STAFF_PASSWORD);
    expect(locked.statusCode).toBe(403);
    const fresh = await loginRequest(t, 'tiepdon2', DEMO_STAFF_PASSWORD);
    expect(fresh.json().data.mustChangePassword).toBe(true);
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM roles WHERE search_text = ''`);
    expect(n!.n).toBe(0);
  });
});

describe('the second demo facility (Phòng khám Đa khoa Minh An)', () => {
  const clinic = sql`(SELECT id FROM facilities WHERE code = 'PKDK-MA')`;
  const count = async (table: string, where = sql``) =>
    (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE facility_id = ${clinic} ${where}`))[0]!.n;

  it('has a small but complete working set of its own', async () => {
    expect(await roleCodes('letan2')).toEqual(['LE_TAN']);
    expect((await loginRequest(t, 'letan2', 'Letan@123')).statusCode).toBe(200);
    expect(await count('departments')).toBe(6);
    expect(await count('specialties')).toBe(5);
    expect(await count('rooms')).toBe(6);
    expect(await count('doctors')).toBe(5);
    expect(await count('medical_services')).toBeGreaterThan(0);
    expect(await count('medical_profiles')).toBeGreaterThan(0);
    // two months of schedules for the five outpatient doctors, and bookings in every state on them
    expect(await count('schedules')).toBeGreaterThan(150);
    const states = await sqlRows<{ status: string }>(t, sql`SELECT DISTINCT status FROM bookings WHERE facility_id = ${clinic} ORDER BY status`);
    expect(states.map((s) => s.status)).toEqual(expect.arrayContaining(['PENDING', 'ACCEPTED', 'DONE', 'CANCELLED']));
    // nothing of it points into the hospital
    const [foreign] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM bookings b JOIN doctors d ON d.id = b.doctor_id WHERE b.facility_id = ${clinic} AND d.facility_id <> b.facility_id`,
    );
    expect(foreign!.n).toBe(0);
  });

  it('admin2 works the clinic through the API: its doctors, its bookings', async () => {
    const { loginToken } = await login(t, { username: 'admin2', password: 'Admin@123' });
    const auth = { authorization: `Bearer ${loginToken}` };
    const doctors = await t.app.inject({ method: 'GET', url: '/api/catalog/v1/doctors?page=0&size=20', headers: auth });
    expect(doctors.statusCode).toBe(200);
    expect(
      doctors
        .json()
        .data.map((d: { code: string }) => d.code)
        .sort(),
    ).toEqual(['MA01', 'MA02', 'MA03', 'MA04', 'MA05']);
  });
});

describe('the SMS screen’s demo', () => {
  it('has the templates and two delivered batches, every template fit to send to a list', async () => {
    const [c] = await sqlRows<{ templates: number; batches: number; messages: number; delivered: number }>(
      t,
      sql`SELECT (SELECT count(*) FROM sms_templates)::int AS templates, (SELECT count(*) FROM sms_batches)::int AS batches,
            (SELECT count(*) FROM sms_messages)::int AS messages, (SELECT count(*) FROM sms_messages WHERE status = 'DELIVERED')::int AS delivered`,
    );
    expect(c).toMatchObject({ templates: DEMO_SMS_TEMPLATES.length, batches: 2 });
    expect(c!.messages).toBeGreaterThan(10);
    expect(c!.delivered).toBe(c!.messages);
    for (const tpl of DEMO_SMS_TEMPLATES) {
      expect(validateSmsTemplate({ content: tpl.content }), tpl.code).toEqual([]);
      const seg = smsSegments(tpl.kind === 'ADVERTISING' ? withAdvertisingLabel(tpl.content) : tpl.content);
      expect([tpl.code, seg.encoding, seg.parts <= (tpl.kind === 'CARE' ? 1 : 2)]).toEqual([tpl.code, 'GSM-7', true]);
    }
  });
});

describe('demo patient app', () => {
  it('has devices on the three platforms and a few advertising refusals', async () => {
    const devices = await sqlRows<{ platform: string; n: number }>(
      t,
      sql`SELECT d.platform, count(*)::int AS n FROM patient_devices d JOIN facilities f ON f.id = d.facility_id WHERE f.code = 'BVDK-AP' GROUP BY 1 ORDER BY 1`,
    );
    expect(devices.map((d) => d.platform)).toEqual(['ANDROID', 'IOS', 'WEB']);
    expect(devices.every((d) => d.n >= 5)).toBe(true);
    const refusals = await sqlRows<{ channel: string; n: number }>(
      t,
      sql`SELECT channel, count(*)::int AS n FROM patient_notify_prefs WHERE NOT advertising GROUP BY 1 ORDER BY 1`,
    );
    expect(refusals).toEqual([
      { channel: 'PUSH', n: 1 },
      { channel: 'SMS', n: 2 },
      { channel: 'ZALO', n: 1 },
    ]);
  });
});

describe('the notification events’ demo', () => {
  it('stores the five events switched on with their default templates, each valid for its channels', async () => {
    const rows = await sqlRows<{
      event: NotificationEvent;
      enabled: boolean;
      title: string;
      template: string;
      channels: string[];
      zaloTemplateId: string | null;
    }>(t, sql`SELECT event, enabled, title, template, channels, zalo_template_id AS "zaloTemplateId" FROM notification_events ORDER BY event`);
    expect(rows.map((r) => r.event).sort()).toEqual(NOTIFICATION_EVENTS.map((e) => e.event).sort());
    for (const r of rows) {
      expect(r.enabled).toBe(true);
      expect(r.template).toBe(NOTIFICATION_EVENTS.find((e) => e.event === r.event)!.defaultTemplate);
      expect(eventSettingsProblems(r.event, r), r.event).toEqual([]);
    }
  });
});

describe('demo notification groups', () => {
  it('has a sent campaign with delivery results, a scheduled one with its job, and a draft', async () => {
    const groups = await sqlRows<{ status: string; recipients: number | null; n: number; failed: number; opened: number; jobs: number }>(
      t,
      sql`SELECT g.status, g.recipients,
            (SELECT count(*) FROM notifications n WHERE n.facility_id = g.facility_id AND n.group_id = g.id)::int AS n,
            (SELECT count(*) FROM notifications n WHERE n.facility_id = g.facility_id AND n.group_id = g.id AND n.status = 'FAILED')::int AS failed,
            (SELECT count(*) FROM notifications n WHERE n.facility_id = g.facility_id AND n.group_id = g.id AND n.status = 'OPENED')::int AS opened,
            (SELECT count(*) FROM background_jobs j WHERE j.facility_id = g.facility_id AND j.name = 'notify.campaign' AND j.payload->>'groupId' = g.id::text)::int AS jobs
          FROM notification_groups g JOIN facilities f ON f.id = g.facility_id WHERE f.code = 'BVDK-AP' ORDER BY g.id`,
    );
    expect(groups.map((g) => g.status)).toEqual(['SENT', 'SCHEDULED', 'DRAFT']);
    const [sent, scheduled] = groups;
    expect(sent!.recipients).toBe(sent!.n);
    expect(sent!.n).toBeGreaterThan(20);
    expect(sent!.failed).toBeGreaterThan(0);
    expect(sent!.opened).toBeGreaterThan(0);
    expect(scheduled).toMatchObject({ recipients: null, n: 0, jobs: 1 });
  });
});

describe('demo questions (issue 19)', () => {
  it('has a few hundred questions in every state, answered by doctors of the specialty asked', async () => {
    const byStatus = await sqlRows<{ status: string; n: number }>(
      t,
      sql`SELECT q.status, count(*)::int AS n FROM questions q JOIN facilities f ON f.id = q.facility_id WHERE f.code = 'BVDK-AP' GROUP BY q.status ORDER BY q.status`,
    );
    const counts = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
    expect(Object.keys(counts).sort()).toEqual(['ACCEPTED', 'ANSWERED', 'HIDDEN', 'NEW', 'REJECTED']);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(300);
    expect(counts.ANSWERED).toBeGreaterThan(counts.NEW!);
    const [bad] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM questions q WHERE q.status = 'ANSWERED' AND q.specialty_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM doctor_specialties ds WHERE ds.doctor_id = q.doctor_id AND ds.specialty_id = q.specialty_id)`,
    );
    expect(bad!.n).toBe(0);
    const [flags] = await sqlRows<{ sensitive: number; overdue: number; rejectedWithoutReason: number }>(
      t,
      sql`SELECT count(*) FILTER (WHERE sensitive)::int AS sensitive,
                 count(*) FILTER (WHERE status IN ('NEW', 'ACCEPTED') AND created_at < now() - interval '48 hours')::int AS overdue,
                 count(*) FILTER (WHERE status = 'REJECTED' AND reject_reason IS NULL)::int AS "rejectedWithoutReason"
          FROM questions`,
    );
    expect(flags!.sensitive).toBeGreaterThan(0);
    expect(flags!.overdue).toBeGreaterThan(0);
    expect(flags!.rejectedWithoutReason).toBe(0);
  });
});
