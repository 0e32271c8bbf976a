import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('refuses a second lock on the same folder with a clear message, and frees it on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-lock-'));
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'makerdesk.lock'), 'utf8')).toBe(`${process.pid}@${hostname()}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another MakerDesk server/);
    lock.release();
    expect(existsSync(join(dir, 'makerdesk.lock'))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock left by a dead process on this host', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-lock-'));
    writeFileSync(join(dir, 'makerdesk.lock'), `2147483646@${hostname()}`);
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'makerdesk.lock'), 'utf8')).toBe(`${process.pid}@${hostname()}`);
    lock.release();
  });

  it('does not take over a lock held by another host', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-lock-'));
    writeFileSync(join(dir, 'makerdesk.lock'), '2147483646@some-other-host');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });
});
