import { hash, randomBytes } from 'node:crypto';

/** A new opaque token: 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

export function md5(value: string): string {
  return hash('md5', value, 'hex');
}
