import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function md5(value: string): string {
  return createHash('md5').update(value).digest('hex');
}
