import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMasterKey, deriveKey, loadMasterKey, masterKeyDigest, MasterKeyError } from './master-key.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { open, seal } from './secret-box.ts';
import { TokenSigner } from './tokens.ts';

describe('master key', () => {
  it('creates a 0600 key file once and reads the same key back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-key-'));
    const first = loadMasterKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(loadMasterKey(undefined, dir).equals(first)).toBe(true);
  });

  it('accepts hex or base64 from the environment and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(loadMasterKey(hex, '/nonexistent').toString('hex')).toBe(hex);
    expect(loadMasterKey(Buffer.alloc(32, 7).toString('base64'), '/nonexistent')).toEqual(Buffer.alloc(32, 7));
    expect(() => loadMasterKey('too-short', '/nonexistent')).toThrow(MasterKeyError);
    const dir = mkdtempSync(join(tmpdir(), 'md-key-'));
    writeFileSync(join(dir, 'master.key'), 'garbage');
    expect(() => loadMasterKey(undefined, dir)).toThrow(/32-byte key/);
  });

  it('the database keeps the first key’s digest (not the key) and refuses any other key after it', async () => {
    let kept: string | undefined;
    const store = { recordOrRead: async (digest: string) => (kept ??= digest) };
    const a = Buffer.alloc(32, 1);
    const b = Buffer.alloc(32, 2);
    await checkMasterKey(store, a);
    expect(kept).toBe(masterKeyDigest(a));
    expect(kept).toMatch(/^[0-9a-f]{64}$/);
    expect(kept).not.toContain(a.toString('hex'));
    await expect(checkMasterKey(store, a)).resolves.toBeUndefined();
    await expect(checkMasterKey(store, b)).rejects.toThrow(MasterKeyError);
    await expect(checkMasterKey(store, b)).rejects.toThrow(/set up with another master key/);
    expect(kept).toBe(masterKeyDigest(a));
  });

  it('derives distinct keys per purpose', () => {
    const master = Buffer.alloc(32, 1);
    expect(deriveKey(master, 'jwt').equals(deriveKey(master, 'secrets'))).toBe(false);
    expect(deriveKey(master, 'jwt').equals(deriveKey(master, 'jwt'))).toBe(true);
  });
});

describe('secret box (AES-256-GCM)', () => {
  const key = Buffer.alloc(32, 9);
  it('round-trips and never stores the plaintext', () => {
    const sealed = seal(key, 'my-exchange-secret', 'credential:1');
    expect(sealed).not.toContain('my-exchange-secret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(open(key, sealed, 'credential:1')).toBe('my-exchange-secret');
    expect(seal(key, 'x')).not.toBe(seal(key, 'x'));
  });

  it('rejects tampering, a wrong key or a value moved to another row', () => {
    const sealed = seal(key, 'secret', 'credential:1');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => open(key, parts.join('.'), 'credential:1')).toThrow();
    expect(() => open(Buffer.alloc(32, 8), sealed, 'credential:1')).toThrow();
    expect(() => open(key, sealed, 'credential:2')).toThrow();
    expect(() => open(key, 'garbage', '')).toThrow(/Malformed/);
  });
});

describe('passwords and tokens', () => {
  it('hashes with argon2id and verifies', async () => {
    const hashed = await hashPassword('Pass-word-1');
    expect(hashed.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hashed, 'Pass-word-1')).toBe(true);
    expect(await verifyPassword(hashed, 'Pass-word-2')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('signs and verifies tokens; another key or an expired token is refused', async () => {
    const signer = new TokenSigner(Buffer.alloc(32, 1));
    const token = await signer.sign({ adminId: 7, sessionId: 's-1' }, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual({ adminId: 7, sessionId: 's-1' });
    expect(await new TokenSigner(Buffer.alloc(32, 2)).verify(token)).toBeNull();
    const expired = await signer.sign({ adminId: 7, sessionId: 's-1' }, new Date(Date.now() - 1000));
    expect(await signer.verify(expired)).toBeNull();
  });
});
