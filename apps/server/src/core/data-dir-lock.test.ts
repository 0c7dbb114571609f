import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const dataDir = () => path.join(root, `d${n++}`, 'pglite');
const goneProcess = () => spawnSync(process.execPath, ['-e', '0']).pid; // has exited

describe('lockDataDir', () => {
  it('takes a free directory with this pid and gives it back on release', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a directory another running process holds, in Vietnamese, naming the pid and the lock file', () => {
    const dir = dataDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`đang được một tiến trình khác của cổng quản trị dùng (pid ${process.ppid})`);
    expect(() => lockDataDir(dir)).toThrow(`${dir}.lock`);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.ppid));
  });

  it.each([
    ['a process that has exited (kill -9, power loss)', () => String(goneProcess())],
    ['an empty file', () => ''],
    ['garbage', () => 'abc'],
  ])('takes over a lock left by %s', (_case, content) => {
    const dir = dataDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, content());
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('a release never removes a lock another process has taken since', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    release();
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.ppid));
  });
});
