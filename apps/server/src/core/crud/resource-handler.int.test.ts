import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { defineResource } from '@portal/shared/core/define-resource';
import { resourceEndpoints } from '@portal/shared/core/resource-endpoints';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Caller } from '../caller';
import { notFound } from '../errors';
import { bearer, login, makeFacility, testDatabase, type TestApp } from '../../test/test-app';
import type { ResourceHandler } from './resource-handler';
import { resourceRoutes } from './resource-routes';

/**
 * The handler interface on its own: a resource served by a tiny in-memory handler gets exactly the
 * routes its handler offers, each behind the resource's authority and the endpoint's schemas, and
 * the handler sees only the caller and checked input.
 */
const noteResource = defineResource({
  name: 'test-notes',
  label: 'Ghi chú',
  labelPlural: 'Ghi chú kiểm thử',
  path: '/api/test/v1/notes',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  operations: ['list', 'get', 'create'],
  exportName: 'ghi-chu',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [{ key: 'name', label: 'Tên ghi chú', type: 'text', required: true, max: 50, list: true, sortable: true, search: true }],
});

interface Note {
  id: number;
  facilityId: number;
  name: string;
  active: boolean;
}
const notes: Note[] = [];
const seen: { op: string; caller: Caller; input: unknown }[] = [];
const shown = ({ id, name, active }: Note) => ({ id, name, active });

const noteHandler: ResourceHandler<ReturnType<typeof shown>, { name: string }> = {
  async list(caller, q) {
    seen.push({ op: 'list', caller, input: q });
    const mine = notes.filter((n) => n.facilityId === caller.facilityId);
    return { rows: mine.slice(q.page * q.size, (q.page + 1) * q.size).map(shown), total: mine.length };
  },
  async get(caller, id) {
    seen.push({ op: 'get', caller, input: id });
    const note = notes.find((n) => n.id === id && n.facilityId === caller.facilityId);
    if (!note) throw notFound('Không tìm thấy ghi chú');
    return shown(note);
  },
  async create(caller, body) {
    seen.push({ op: 'create', caller, input: body });
    const note = { id: notes.length + 1, facilityId: caller.facilityId, name: body.name, active: true };
    notes.push(note);
    return shown(note);
  },
};

let t: TestApp;
let tok: { writer: string; other: string; outsider: string };
let facilityId: number;
const path = noteResource.path;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });

beforeAll(async () => {
  const database = await testDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    SEED_DEMO: 'false',
    DATABASE_URL: undefined,
  });
  const app = await buildApp(config, database);
  resourceRoutes(app, noteResource, noteHandler);
  await app.ready();
  t = { app, database, config, close: () => app.close() };
  const mine = await makeFacility(t, [
    { key: 'writer', authorities: ['MANAGER_CATALOG'] },
    { key: 'outsider', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_DOCTOR'] },
  ]);
  const theirs = await makeFacility(t, [{ key: 'writer', authorities: ['MANAGER_CATALOG'] }]);
  facilityId = mine.facilityId;
  tok = {
    writer: (await login(t, mine.accounts.writer!)).loginToken,
    outsider: (await login(t, mine.accounts.outsider!)).loginToken,
    other: (await login(t, theirs.accounts.writer!)).loginToken,
  };
});
afterAll(() => t.close());
beforeEach(() => {
  seen.length = 0;
});

describe('a resource served by its own handler', () => {
  it('gets exactly the routes of the operations its handler offers', () => {
    const has = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => t.app.hasRoute({ method, url });
    expect([has('GET', path), has('GET', `${path}/:id`), has('POST', path)]).toEqual([true, true, true]);
    expect([
      has('GET', `${path}/select`),
      has('GET', `${path}/export`),
      has('PUT', `${path}/:id`),
      has('PUT', `${path}/:id/active`),
      has('DELETE', `${path}/:id`),
    ]).toEqual([false, false, false, false, false]);
    expect(Object.keys(resourceEndpoints(noteResource)).sort()).toEqual(['create', 'get', 'list']);
  });

  it('creates, lists and reads through the handler, which gets the caller and the checked body', async () => {
    const made = await call('POST', path, tok.writer, { name: '  Giao ban sáng  ' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({ code: 0, message: 'Đã thêm ghi chú', data: { id: expect.any(Number), name: 'Giao ban sáng', active: true } });
    const id = made.json().data.id as number;
    // the body as the resource's schema left it (trimmed); the caller, not the request
    expect(seen).toEqual([{ op: 'create', caller: expect.objectContaining({ facilityId, address: expect.any(String) }), input: { name: 'Giao ban sáng' } }]);
    expect(seen[0]!.caller).not.toHaveProperty('headers');

    const page = await call('GET', `${path}?page=0&size=10`, tok.writer);
    expect(page.json()).toEqual({ code: 0, data: [{ id, name: 'Giao ban sáng', active: true }], totalElements: 1, totalPage: 1, page: 0, size: 10 });
    expect((await call('GET', `${path}/${id}`, tok.writer)).json()).toEqual({ code: 0, data: { id, name: 'Giao ban sáng', active: true } });
  });

  it('answers 400 from the endpoint’s schemas before the handler runs', async () => {
    const empty = await call('POST', path, tok.writer, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'name', message: 'Vui lòng nhập tên ghi chú' }]);
    expect((await call('POST', path, tok.writer, { name: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await call('POST', path, tok.writer, { name: 'x'.repeat(51) })).json().message).toBe('Tên ghi chú tối đa 50 ký tự');
    expect((await call('GET', `${path}/abc`, tok.writer)).statusCode).toBe(400);
    expect((await call('GET', `${path}?size=500`, tok.writer)).statusCode).toBe(400);
    expect((await call('GET', `${path}?sort=secret,asc`, tok.writer)).statusCode).toBe(400);
    expect(seen).toEqual([]);
  });

  it('answers 401 without a session and 403 without the resource’s authority, before the handler runs', async () => {
    for (const [method, url] of [
      ['GET', path],
      ['GET', `${path}/1`],
      ['POST', path],
    ] as const) {
      const anonymous = await call(method, url, null, { name: 'x' });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().message).toBe(MSG.unauthorized);
      const refused = await call(method, url, tok.outsider, { name: 'x' });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ code: 403, message: MSG.forbidden });
    }
    expect(seen).toEqual([]);
  });

  it('answers 404 for a row of another facility (the handler’s) and for an operation it does not offer', async () => {
    const id = (await call('POST', path, tok.writer, { name: 'Chỉ của cơ sở này' })).json().data.id as number;
    const theirs = await call('GET', `${path}/${id}`, tok.other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Không tìm thấy ghi chú');
    expect((await call('GET', path, tok.other)).json().totalElements).toBe(0);
    expect((await call('DELETE', `${path}/${id}`, tok.writer)).statusCode).toBe(404);
    expect((await call('PUT', `${path}/${id}`, tok.writer, { name: 'Đổi tên' })).statusCode).toBe(404);
    expect((await call('GET', `${path}/${id}`, tok.writer)).json().data.name).toBe('Chỉ của cơ sở này');
  });

  it('refuses at start a handler that does not offer exactly the resource’s operations', () => {
    const { create: _create, ...withoutCreate } = noteHandler;
    expect(() => resourceRoutes(Fastify(), noteResource, withoutCreate)).toThrow('test-notes: the endpoint "create" is declared without a handler');
    const withRemove = { ...noteHandler, remove: noteHandler.get };
    expect(() => resourceRoutes(Fastify(), noteResource, withRemove)).toThrow('test-notes: the endpoint "remove" is handled but not declared');
  });
});
