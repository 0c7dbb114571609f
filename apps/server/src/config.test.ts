import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { StartupError } from './core/startup';

describe('loadConfig', () => {
  it.each([
    [{}, '127.0.0.1'],
    [{ NODE_ENV: 'development' }, '127.0.0.1'],
    [{ NODE_ENV: 'test' }, '127.0.0.1'],
    [{ NODE_ENV: 'production' }, '0.0.0.0'],
    [{ HOST: '0.0.0.0' }, '0.0.0.0'],
    [{ NODE_ENV: 'production', HOST: '10.0.0.5' }, '10.0.0.5'],
    [{ HOST: '' }, '127.0.0.1'],
  ])('%o listens on %s (the demo, with its published passwords, only on this machine)', (env, host) => {
    expect(loadConfig(env).HOST).toBe(host);
  });

  it('tells every wrong setting on one Vietnamese line', () => {
    const run = () => loadConfig({ PORT: 'ba nghìn', LOG_LEVEL: 'nhiều' });
    expect(run).toThrow(StartupError);
    expect(run).toThrow(/^Cấu hình không hợp lệ: PORT: .+; LOG_LEVEL: .+$/);
    try {
      run();
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
    }
  });

  it('refuses test fixtures in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ENABLE_TEST_FIXTURES: '1' })).toThrow(StartupError);
  });

  it.each<[Record<string, string>, number, string]>([
    [{}, 60, '24:00'],
    [{ LATE_CHECKIN_MINUTES: '0', NO_SHOW_AT: '20:00' }, 0, '20:00'],
    [{ LATE_CHECKIN_MINUTES: '1440', NO_SHOW_AT: '00:00' }, 1440, '00:00'],
  ])('%o: late check-in after %d minutes, no-show hour %s', (env, late, hour) => {
    const c = loadConfig(env);
    expect([c.LATE_CHECKIN_MINUTES, c.NO_SHOW_AT]).toEqual([late, hour]);
  });

  it.each([{ NO_SHOW_AT: '8:00' }, { NO_SHOW_AT: '24:30' }, { NO_SHOW_AT: 'tối' }, { LATE_CHECKIN_MINUTES: '-1' }, { LATE_CHECKIN_MINUTES: '1441' }])(
    'refuses %o at start',
    (env) => {
      expect(() => loadConfig(env)).toThrow(StartupError);
    },
  );
});
