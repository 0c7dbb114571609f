import { afterAll, beforeAll, expect, it } from 'vitest';
import { md5 } from '../../core/tokens';
import { createLoggedTestApp, makeFacility, type TestApp } from '../../test/test-app';

let t: TestApp;
let lines: string[] = [];

beforeAll(async () => {
  const logged = await createLoggedTestApp();
  t = logged;
  lines = logged.log;
});
afterAll(() => t.app.close());

it('never writes passwords, tokens or searched personal data to the logs', async () => {
  const { accounts } = await makeFacility(t, [{ key: 'log', authorities: [] }]);
  const u = accounts.log!;
  const ok = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/login', payload: { emailOrPhone: u.username, password: md5(u.password) } });
  const { loginToken, refresh_token } = ok.json().data;
  await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/login', payload: { emailOrPhone: u.username, password: md5('Sai@12345') } });
  await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: { authorization: `Bearer ${loginToken}` } });
  await t.app.inject({ method: 'GET', url: `/api/his/v1/user/me?loginToken=${loginToken}` });
  await t.app.inject({ method: 'POST', url: '/api/his/v1/auth/refresh', payload: { refreshToken: refresh_token } });
  await t.app.inject({ method: 'GET', url: '/api/catalog/v1/emr/medical-services/lookup?name=Nguyen%20Van%20A%200912345678' });

  const log = lines.join('');
  expect(lines.length).toBeGreaterThanOrEqual(6); // one line per request at least: the test sees the log
  expect(log).toContain('"route":"/api/his/v1/user/me"');
  for (const secret of [u.password, md5(u.password), md5('Sai@12345'), loginToken, refresh_token, u.username, '0912345678', 'Nguyen']) {
    expect(log).not.toContain(secret);
  }
});
