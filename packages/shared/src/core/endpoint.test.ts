import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { endpoint, fillPath, pathParamNames, type EndpointInput, type EndpointResponse } from './endpoint';
import { envelope } from './api';

describe('fillPath', () => {
  it.each([
    ['/api/x', {}, '/api/x'],
    ['/api/x/:id', { id: 5 }, '/api/x/5'],
    ['/api/x/:id/y/:yId', { id: 5, yId: 'a b' }, '/api/x/5/y/a%20b'],
    ['/api/x/:name', { name: '../etc/passwd' }, '/api/x/..%2Fetc%2Fpasswd'],
    ['/api/x/:name', { name: 'Nguyễn' }, '/api/x/Nguy%E1%BB%85n'],
  ])('%s with %o → %s', (path, params, expected) => {
    expect(fillPath(path, params)).toBe(expected);
  });

  it.each([
    ['/api/x/:id', {}],
    ['/api/x/:id', { id: '' }],
    ['/api/x/:id/:other', { id: 1 }],
  ])('%s with %o is a programming error', (path, params) => {
    expect(() => fillPath(path, params)).toThrow(/no value for :/);
  });
});

describe('endpoint', () => {
  const idParam = z.object({ id: z.coerce.number().int() });
  const response = envelope(z.object({ id: z.number(), name: z.string() }));

  it('names the path parameters in order', () => {
    expect(pathParamNames('/a/:id/b/:childId')).toEqual(['id', 'childId']);
    expect(pathParamNames('/a/b')).toEqual([]);
  });

  it('refuses a path parameter without a schema', () => {
    expect(() => endpoint({ method: 'GET', path: '/a/:id', summary: 'x', response, errors: [] })).toThrow('GET /a/:id: path parameters without a schema: id');
    expect(() => endpoint({ method: 'GET', path: '/a/:id/:other', summary: 'x', params: idParam, response, errors: [] })).toThrow('without a schema: other');
    expect(endpoint({ method: 'GET', path: '/a/:id', summary: 'x', params: idParam, response, errors: [404] }).path).toBe('/a/:id');
  });

  it('types the input and the response from the schemas', () => {
    const get = endpoint({ method: 'GET', path: '/a/:id', summary: 'x', params: idParam, query: z.object({ q: z.string().optional() }), response, errors: [] });
    const post = endpoint({ method: 'POST', path: '/a', summary: 'x', body: z.object({ name: z.string() }), response, errors: [] });
    expectTypeOf<EndpointInput<typeof get>['params']>().toEqualTypeOf<{ id: unknown }>();
    // an id read from the path's text (regex, then a number) may be given as a number; a choice stays a choice
    const textId = endpoint({
      method: 'GET',
      path: '/a/:id/:kind',
      summary: 'x',
      params: z.object({ id: z.string().regex(/^\d+$/).transform(Number), kind: z.enum(['rooms', 'departments']) }),
      response,
      errors: [],
    });
    expectTypeOf<EndpointInput<typeof textId>['params']>().toEqualTypeOf<{ id: string | number; kind: 'rooms' | 'departments' }>();
    expectTypeOf<EndpointInput<typeof post>['body']>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<EndpointResponse<typeof get>>().toEqualTypeOf<{ code: 0; message?: string | undefined; data: { id: number; name: string } }>();
    // @ts-expect-error: an endpoint with path parameters needs them
    const missing: EndpointInput<typeof get> = {};
    expect(missing).toEqual({});
  });
});
