import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { serverRoot } from '../../core/paths';
import type { HashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';

export type { HashCost };

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
  const needsRehash = p.algorithm !== ARGON2ID || p.memoryCost !== cost.memoryCost || p.timeCost !== cost.timeCost || p.parallelism !== cost.parallelism;
  return { ok, needsRehash };
}

/** A hash to verify against when the account does not exist, so both paths cost the same. */
let decoy: Promise<string> | null = null;
export function decoyHash(cost: HashCost): Promise<string> {
  decoy ??= hashPassword(md5('decoy-password-for-timing'), cost);
  return decoy;
}

let common: Set<string> | null = null;

/**
 * MD5s of passwords an attacker tries first: the 49,233 most common passwords of
 * @zxcvbn-ts/language-common, each as typed and with its first letter capitalised, plus the
 * policy-passing weak passwords of weak-passwords.txt (Vietnamese names and words with the usual
 * "@123" suffixes), every string of one or two printable characters and every PIN of three or four
 * digits. Built once (about 120,000 MD5s: 0.2 to 0.5 s, 9 MB): main.ts builds it before listening, so no
 * request waits for it; tests build it on first use.
 */
export function commonPasswordHashes(): Set<string> {
  if (common) return common;
  const file = path.join(serverRoot, 'src', 'modules', 'auth', 'weak-passwords.txt');
  const local = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split(/\r?\n/) : [];
  const set = new Set<string>();
  for (const p of [...dictionary['passwords-common'], ...local]) {
    if (!p) continue;
    set.add(md5(p));
    set.add(md5(p.charAt(0).toUpperCase() + p.slice(1)));
  }
  // what no real client sends, but a hand-made request could: every printable character and pair, short PINs
  const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
  for (const a of printable) {
    set.add(md5(a));
    for (const b of printable) set.add(md5(a + b));
  }
  for (let n = 0; n < 10_000; n++) for (const width of [3, 4]) set.add(md5(String(n).padStart(width, '0')));
  common = set;
  return set;
}

/** What the server knows of the account whose new password it judges. */
export interface PasswordOwner {
  username: string;
  email: string | null;
  phone: string | null;
}

export type PasswordRefusal = 'empty' | 'like-account' | 'common';

/**
 * What the server can still see of a new password that reaches it as an MD5 (spec 7): whether it is
 * the empty string, the account's username, e-mail or phone (as typed, in lower or upper case), or a
 * common password. The length and character rule can only be checked by the client
 * (docs/decisions.md, "Passwords on the wire").
 */
export function refusePasswordHash(md5Hex: string, owner: PasswordOwner): PasswordRefusal | null {
  const h = md5Hex.toLowerCase();
  if (h === md5('')) return 'empty';
  const own = [owner.username, owner.email, owner.phone].filter((v): v is string => !!v);
  if (own.some((v) => [v, v.toLowerCase(), v.toUpperCase()].some((x) => md5(x) === h))) return 'like-account';
  return commonPasswordHashes().has(h) ? 'common' : null;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SYMBOLS = '@$!%*?&';

/** A random one-time password that satisfies the spec's strong-password rule (12 characters). */
export function oneTimePassword(): string {
  const pick = (s: string) => s[randomInt(s.length)]!;
  const chars = [pick('ABCDEFGHJKLMNPQRSTUVWXYZ'), pick('abcdefghijkmnopqrstuvwxyz'), pick('23456789'), pick(SYMBOLS)];
  while (chars.length < 12) chars.push(pick(ALPHABET));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
