import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { APP_CLINIC_PATH as APP, CHAT_MESSAGES, GROUPS_CHAT_PATH as G } from '@portal/shared/contracts/clinic-chat.contract';
import { MEMBERS_PATH } from '@portal/shared/contracts/clinic.contract';
import type { LiveServerMessage } from '@portal/shared/contracts/live.contract';
import { clinicFacility, type ClinicFac } from '../../test/clinic-fixtures';
import { bearer, createTestApp, sqlRows, type TestApp } from '../../test/test-app';

/**
 * The private clinic's conversations through the API (issue 20): groups and their members, one-to-one conversations,
 * messages in order with history paged backwards and catch-up after the last seen, read marks and unread counts, the
 * moderator's hide, the member's side in the app; 400/401/403/404 and facility isolation; and a message posted on
 * one server instance reaching a socket on another.
 */
let t: TestApp;
let t2: TestApp;
let a: ClinicFac;
let b: ClinicFac;
let group: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, app = t) =>
  app.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });
const say = (token: string, text: string, base = G, id = group) => call('POST', `${base}/${id}/messages`, token, { text });

beforeAll(async () => {
  t = await createTestApp();
  // a second server instance on the same database, as behind a load balancer
  t2 = await createTestApp();
  a = await clinicFacility(t, 4);
  b = await clinicFacility(t, 1);
  for (const [i, p] of a.patients.entries()) {
    const res = await call('POST', MEMBERS_PATH, a.shp, { medicalProfileId: p.profileId, program: i < 3 ? 'DIABETES' : 'HYPERTENSION' });
    expect(res.statusCode, res.body).toBe(200);
  }
  await call('POST', MEMBERS_PATH, b.shp, { medicalProfileId: b.patients[0]!.profileId, program: 'DIABETES' });
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

describe('groups', () => {
  it('creates a programme’s group with its active members and the creator; another facility’s or an inactive person is a 400 naming them', async () => {
    const foreign = await call('POST', G, a.shp, { name: 'Nhóm lạ', userIds: [b.patients[0]!.userId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(CHAT_MESSAGES.membersUnknown.replace('{ids}', String(b.patients[0]!.userId)));
    const staff = await call('POST', G, a.shp, { name: 'Nhóm lạ', accountIds: [b.shpId] });
    expect(staff.statusCode).toBe(400);
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM clinic_chat_groups WHERE facility_id = ${a.id}`);
    expect(n!.n).toBe(0);

    const res = await call('POST', G, a.shp, { name: 'Câu lạc bộ Đái tháo đường', program: 'DIABETES', withProgramMembers: true });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data;
    group = g.id;
    expect(g).toMatchObject({ kind: 'GROUP', memberCount: 4, joined: true, unread: 0 });
    expect(
      g.participants
        .filter((p: { kind: string }) => p.kind === 'MEMBER')
        .map((p: { refId: number }) => p.refId)
        .sort(),
    ).toEqual(
      a.patients
        .slice(0, 3)
        .map((p) => p.userId)
        .sort(),
    );
    expect((await call('POST', G, a.shp, { name: '' })).statusCode).toBe(400);
    expect((await call('POST', G, a.desk, { name: 'x' })).statusCode).toBe(403);
    expect((await call('POST', G, null, { name: 'x' })).statusCode).toBe(401);
  });

  it('staff outside a group read it but may not write (403) until they join', async () => {
    expect((await call('GET', `${G}/${group}/messages`, a.shp2)).statusCode).toBe(200);
    const refused = await say(a.shp2, 'Chào cả nhà');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHAT_MESSAGES.notParticipant);
    expect((await call('POST', `${G}/${group}/join`, a.shp2)).json().data.joined).toBe(true);
    expect((await say(a.shp2, 'Chào cả nhà, tôi là điều dưỡng phụ trách')).statusCode).toBe(200);
  });

  it('adds and removes people; the last staff member stays; another facility sees nothing (404)', async () => {
    const add = await call('POST', `${G}/${group}/members`, a.shp, { userIds: [a.patients[3]!.userId] });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().message).toBe('Đã thêm 1 người vào nhóm');
    const people = add.json().data.participants as { id: number; kind: string; refId: number }[];
    const removed = await call('DELETE', `${G}/${group}/members/${people.find((p) => p.refId === a.patients[3]!.userId && p.kind === 'MEMBER')!.id}`, a.shp);
    expect(removed.json().data.memberCount).toBe(5);
    expect((await call('GET', `${G}/${group}`, b.shp)).statusCode).toBe(404);
    expect((await call('GET', `${G}/${group}/messages`, b.shp)).statusCode).toBe(404);
    expect((await say(b.shp, 'xin chào')).statusCode).toBe(404);
    expect((await call('POST', `${G}/${group}/members`, a.shp, {})).statusCode).toBe(400);

    const solo = (await call('POST', G, a.shp, { name: 'Một mình' })).json().data;
    const last = await call('DELETE', `${G}/${solo.id}/members/${solo.participants[0].id}`, a.shp);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(CHAT_MESSAGES.lastStaff);
  });

  it('a one-to-one conversation is opened once, and keeps its two people', async () => {
    const first = await call('POST', `${G}/direct`, a.shp, { userId: a.patients[3]!.userId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ kind: 'DIRECT', memberCount: 2 });
    const again = await call('POST', `${G}/direct`, a.shp, { userId: a.patients[3]!.userId });
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await call('POST', `${G}/${first.json().data.id}/members`, a.shp, { accountIds: [a.shp2Id] })).statusCode).toBe(409);
    expect((await call('POST', `${G}/direct`, a.shp, { userId: b.patients[0]!.userId })).statusCode).toBe(400);
  });
});

describe('messages', () => {
  it('keeps their order; history pages backwards and `after` catches up from the last seen', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await say(a.shp, `Tin số ${i}`)).json().data.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const latest = (await call('GET', `${G}/${group}/messages?size=3`, a.shp)).json().data;
    expect(latest.messages.map((m: { text: string }) => m.text)).toEqual(['Tin số 5', 'Tin số 6', 'Tin số 7']);
    expect(latest.hasOlder).toBe(true);
    const older = (await call('GET', `${G}/${group}/messages?size=3&before=${latest.messages[0].id}`, a.shp)).json().data;
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual(['Tin số 2', 'Tin số 3', 'Tin số 4']);
    const after = (await call('GET', `${G}/${group}/messages?after=${ids[3]}&size=2`, a.shp)).json().data;
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['Tin số 5', 'Tin số 6']);
    expect(after.hasNewer).toBe(true);
    expect((await call('GET', `${G}/${group}/messages?after=1&before=2`, a.shp)).statusCode).toBe(400);
    expect((await call('GET', `${G}/${group}/messages?size=101`, a.shp)).statusCode).toBe(400);
  });

  it('refuses an empty message, one too long, and an image that was not uploaded here', async () => {
    const empty = await call('POST', `${G}/${group}/messages`, a.shp, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(CHAT_MESSAGES.empty);
    expect((await say(a.shp, 'x'.repeat(2001))).statusCode).toBe(400);
    const image = await call('POST', `${G}/${group}/messages`, a.shp, { imageUrl: 'https://example.com/a.png' });
    expect(image.statusCode).toBe(400);
    const notImage = await t.app.inject({
      method: 'POST',
      url: `${G}/images`,
      headers: { ...bearer(a.shp), 'content-type': 'image/png' },
      payload: Buffer.from('<html>not an image</html>'),
    });
    expect([400, 415]).toContain(notImage.statusCode);
  });

  it('the member reads and writes in the app, counts unread messages of others, and marks them read', async () => {
    const p = a.patients[0]!;
    const groups = (await call('GET', `${APP}/groups`, p.token)).json();
    const mine = groups.data.find((g: { id: number }) => g.id === group);
    expect(mine.unread).toBe(8);
    const page = (await call('GET', `${APP}/groups/${group}/messages?size=1`, p.token)).json().data;
    const sent = await say(p.token, 'Sáng nay đường huyết lúc đói của tôi là 7,2 mmol/L', `${APP}/groups`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.sender).toMatchObject({ kind: 'MEMBER', id: p.userId, name: p.name });
    await call('PUT', `${APP}/groups/${group}/read`, p.token, { messageId: page.messages[0].id });
    expect((await call('GET', `${APP}/groups`, p.token)).json().data.find((g: { id: number }) => g.id === group).unread).toBe(0);
    const detail = (await call('GET', `${G}/${group}`, a.shp)).json().data;
    expect(detail.participants.find((x: { refId: number; kind: string }) => x.kind === 'MEMBER' && x.refId === p.userId).lastReadMessageId).toBe(
      sent.json().data.id,
    );
    // staff: the member's message is unread
    expect((await call('GET', `${G}/filter`, a.shp)).json().data.find((g: { id: number }) => g.id === group).unread).toBe(1);
  });

  it('a member may not read or write a conversation they are not in (404), nor write once deactivated (403)', async () => {
    const outsider = a.patients[3]!;
    expect((await call('GET', `${APP}/groups/${group}/messages`, outsider.token)).statusCode).toBe(404);
    expect((await say(outsider.token, 'Cho tôi vào', `${APP}/groups`)).statusCode).toBe(404);
    const member = (await call('GET', `${MEMBERS_PATH}/filter?q=${a.patients[1]!.code}`, a.shp)).json().data[0];
    await call('PUT', `${MEMBERS_PATH}/${member.id}/activation`, a.shp, { active: false, reason: 'Tạm ngưng theo dõi' });
    const refused = await say(a.patients[1]!.token, 'Còn ai không?', `${APP}/groups`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHAT_MESSAGES.inactiveMember);
    await call('PUT', `${MEMBERS_PATH}/${member.id}/activation`, a.shp, { active: true });
    expect((await call('GET', `${APP}/groups`, null)).statusCode).toBe(401);
    expect((await call('GET', `${APP}/membership`, a.patients[0]!.token)).json().data).toMatchObject({ program: 'DIABETES', programName: 'Đái tháo đường' });
  });

  it('a moderator hides a message: the member reads only that it was hidden, staff still see it, the audit keeps who', async () => {
    const m = (await say(a.patients[2]!.token, 'Bán thuốc tiểu đường gia truyền, liên hệ 0909...', `${APP}/groups`)).json().data;
    const hidden = await call('PUT', `${G}/${group}/messages/${m.id}/hidden`, a.shp, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ hidden: true, hiddenBy: 'Nhân viên shp' });
    const forMember = (await call('GET', `${APP}/groups/${group}/messages?after=${m.id - 1}`, a.patients[0]!.token)).json().data.messages[0];
    expect(forMember).toMatchObject({ id: m.id, hidden: true, text: '', imageUrl: null });
    const forStaff = (await call('GET', `${G}/${group}/messages?after=${m.id - 1}`, a.shp2)).json().data.messages[0];
    expect(forStaff.text).toContain('gia truyền');
    const [log] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'HIDE_MESSAGE' AND entity_id = ${String(m.id)}`);
    expect(log!.n).toBe(1);
    expect((await call('PUT', `${G}/${group}/messages/${m.id}/hidden`, b.shp, { hidden: false })).statusCode).toBe(404);
    expect((await call('PUT', `${G}/${group}/messages/999999999/hidden`, a.shp, { hidden: true })).statusCode).toBe(404);
  });
});

describe('live delivery', () => {
  it('a message posted on one server instance reaches a socket open on the other, within a second', async () => {
    await t2.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t2.app.server.address() as AddressInfo).port}/api/live/v1?loginToken=${a.shp2}`;
    const ws = new WebSocket(url);
    const got: LiveServerMessage[] = [];
    ws.on('message', (raw) => got.push(JSON.parse(String(raw)) as LiveServerMessage));
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'subscribe', topics: ['clinic-chat'] }));
    await expect.poll(() => got.some((m) => m.type === 'subscribed')).toBe(true);
    const sentAt = Date.now();
    const sent = (await say(a.shp, 'Lịch sinh hoạt nhóm tuần này: thứ Bảy 8 giờ')).json().data;
    await expect.poll(() => got.find((m) => m.type === 'event' && m.event === 'MESSAGE'), { timeout: 5000 }).toBeTruthy();
    const event = got.find((m) => m.type === 'event' && m.event === 'MESSAGE') as Extract<LiveServerMessage, { type: 'event' }>;
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(event.data).toMatchObject({ groupId: group, message: { id: sent.id, text: 'Lịch sinh hoạt nhóm tuần này: thứ Bảy 8 giờ' } });
    ws.close();
  });
});
