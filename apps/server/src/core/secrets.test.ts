import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecrets, encryptSecrets, secretKey } from './secrets';

describe('channel secrets (AES-256-GCM)', () => {
  const key = randomBytes(32);
  it('round-trips, and never holds the plain text', () => {
    const sealed = encryptSecrets(key, 7, 'SMS', { apiKey: 'KEY-123', secretKey: 'SECRET-456' });
    expect(sealed).not.toContain('KEY-123');
    expect(decryptSecrets(key, 7, 'SMS', sealed)).toEqual({ apiKey: 'KEY-123', secretKey: 'SECRET-456' });
  });
  it.each([
    ['another key', randomBytes(32), 7, 'SMS'],
    ['another facility', key, 8, 'SMS'],
    ['another channel', key, 7, 'ZALO'],
  ] as const)('refuses %s', (_name, k, facility, channel) => {
    const sealed = encryptSecrets(key, 7, 'SMS', { a: '1' });
    expect(decryptSecrets(k, facility, channel, sealed)).toBeNull();
  });
  it('refuses a tampered value, and reads the key from the config', () => {
    const sealed = Buffer.from(encryptSecrets(key, 1, 'PUSH', { a: '1' }), 'base64');
    sealed[sealed.length - 1]! ^= 1;
    expect(decryptSecrets(key, 1, 'PUSH', sealed.toString('base64'))).toBeNull();
    expect(secretKey({ NOTIFY_SECRET_KEY: key.toString('base64') })).toEqual(key);
    expect(secretKey({ NOTIFY_SECRET_KEY: undefined })).toBeNull();
  });
});
