import fs from 'node:fs';
import path from 'node:path';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { serverRoot } from '../../core/paths';
import { md5 } from '../../core/tokens';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

const ARGON2ID = 2 as Algorithm;

/** argon2id of the MD5 hex the client sends (the wire format of spec §7). */
export function hashPassword(md5Hex: string, cost: HashCost): Promise<string> {
  return hash(md5Hex.toLowerCase(), { ...cost, algorithm: ARGON2ID });
}

export async function verifyPassword(stored: string, md5Hex: string, cost: HashCost): Promise<{ ok: boolean; needsRehash: boolean }> {
  let ok = false;
  try {
    ok = await verify(stored, md5Hex.toLowerCase());
  } catch {
    return { ok: false, needsRehash: false };
  }
  if (!ok) return { ok, needsRehash: false };
  const p = parseOptions(stored);
  const needsRehash =
    p.algorithm !== ARGON2ID || p.memoryCost !== cost.memoryCost || p.timeCost !== cost.timeCost || p.parallelism !== cost.parallelism;
  return { ok, needsRehash };
}

/** A hash to verify against when the account does not exist, so both paths cost the same. */
let decoy: Promise<string> | null = null;
export function decoyHash(cost: HashCost): Promise<string> {
  decoy ??= hashPassword(md5('decoy-password-for-timing'), cost);
  return decoy;
}

let weak: Set<string> | null = null;
/** MD5s of well-known weak passwords that nonetheless pass the character rule (weak-passwords.txt). */
export function isWeakPasswordHash(md5Hex: string): boolean {
  if (!weak) {
    const file = path.join(serverRoot, 'src', 'modules', 'auth', 'weak-passwords.txt');
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split(/\r?\n/) : [];
    weak = new Set(lines.filter(Boolean).map((p) => md5(p)));
  }
  return weak.has(md5Hex.toLowerCase());
}
