import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config';

/**
 * Secrets at rest: the notification channels' (notify_channel_settings.secrets, under NOTIFY_SECRET_KEY) and the HIS
 * connection's (his_connections.sealed_secret, under HIS_SECRET_KEY, "channel" = 'his'). AES-256-GCM, stored as
 * base64 of iv (12 bytes) + tag (16 bytes) + ciphertext of the secrets' JSON. The facility and channel are the
 * additional data, so a value copied to another row does not decrypt.
 */
export type Secrets = Record<string, string | number>;

export function secretKey(config: Pick<Config, 'NOTIFY_SECRET_KEY'>): Buffer | null {
  return config.NOTIFY_SECRET_KEY ? Buffer.from(config.NOTIFY_SECRET_KEY, 'base64') : null;
}

export function hisSecretKey(config: Pick<Config, 'HIS_SECRET_KEY'>): Buffer | null {
  return config.HIS_SECRET_KEY ? Buffer.from(config.HIS_SECRET_KEY, 'base64') : null;
}

const aad = (facilityId: number, channel: string) => Buffer.from(`${facilityId}:${channel}`);

export function encryptSecrets(key: Buffer, facilityId: number, channel: string, secrets: Secrets): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(facilityId, channel));
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The secrets, or null when the key is not the one they were sealed with (or the value was tampered with). */
export function decryptSecrets(key: Buffer, facilityId: number, channel: string, sealed: string): Secrets | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(aad(facilityId, channel));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Secrets;
  } catch {
    return null;
  }
}
