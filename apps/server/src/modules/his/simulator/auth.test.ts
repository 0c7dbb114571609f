import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createHisSimulator, type HisSimulatorAuth, tokenPathOf } from './index';

const PREFIX = '/his-simulator/fhir/R4';

async function serverWith(auth: HisSimulatorAuth) {
  const sim = createHisSimulator({ patients: 50, auth, now: new Date('2025-11-20T03:00:00Z') });
  const app = Fastify();
  await sim.register(app, PREFIX);
  await app.ready();
  return app;
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('auth', () => {
  it('the token URL: the prefix without /fhir/R4, or its parent', () => {
    expect(tokenPathOf('/his-simulator/fhir/R4')).toBe('/his-simulator/oauth/token');
    expect(tokenPathOf('/fhir/R4')).toBe('/oauth/token');
    expect(tokenPathOf('/his/api/')).toBe('/his/oauth/token');
  });

  it.each<[string, HisSimulatorAuth, string | undefined, string, number]>([
    ['none, no header', { type: 'none' }, undefined, '', 200],
    ['basic, no header', { type: 'basic', username: 'his', password: 'Mk@123' }, undefined, 'Basic', 401],
    ['basic, wrong password', { type: 'basic', username: 'his', password: 'Mk@123' }, basic('his', 'sai'), 'Basic', 401],
    ['basic, right', { type: 'basic', username: 'his', password: 'Mk@123' }, basic('his', 'Mk@123'), '', 200],
    ['bearer, no header', { type: 'bearer', token: 'tk-1' }, undefined, 'Bearer', 401],
    ['bearer, wrong token', { type: 'bearer', token: 'tk-1' }, 'Bearer tk-2', 'Bearer', 401],
    ['bearer, right', { type: 'bearer', token: 'tk-1' }, 'Bearer tk-1', '', 200],
    ['oauth2, a token never given', { type: 'oauth2', clientId: 'portal', clientSecret: 's3cret' }, 'Bearer bia', 'Bearer', 401],
    ['oauth2, the client secret as a bearer', { type: 'oauth2', clientId: 'portal', clientSecret: 's3cret' }, 'Bearer s3cret', 'Bearer', 401],
  ])('%s → %i', async (_name, auth, header, challenge, status) => {
    const app = await serverWith(auth);
    for (const path of ['metadata', 'Patient?_count=1', 'Patient/bn-1']) {
      const r = await app.inject({ method: 'GET', url: `${PREFIX}/${path}`, headers: header ? { authorization: header } : {} });
      expect(r.statusCode).toBe(status);
      if (status === 401) {
        expect(r.headers['www-authenticate']).toMatch(new RegExp(`^${challenge} realm=`));
        expect(r.json().resourceType).toBe('OperationOutcome');
      }
    }
    await app.close();
  });

  it('oauth2 client credentials: id and secret in the form or by Basic, then the token opens the FHIR API', async () => {
    const app = await serverWith({ type: 'oauth2', clientId: 'portal', clientSecret: 's3cret' });
    const token = (payload: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/his-simulator/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload });
    const byForm = await token('grant_type=client_credentials&client_id=portal&client_secret=s3cret');
    expect(byForm.statusCode).toBe(200);
    expect(byForm.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const byBasic = await token('grant_type=client_credentials', { authorization: basic('portal', 's3cret') });
    expect(byBasic.statusCode).toBe(200);
    expect((await token('grant_type=client_credentials&client_id=portal&client_secret=sai')).statusCode).toBe(401);
    expect((await token('grant_type=password&client_id=portal&client_secret=s3cret')).statusCode).toBe(400);
    for (const t of [byForm.json().access_token, byBasic.json().access_token]) {
      const r = await app.inject({ method: 'GET', url: `${PREFIX}/Patient/bn-1`, headers: { authorization: `Bearer ${t}` } });
      expect(r.statusCode).toBe(200);
    }
    await app.close();
  });
});
