import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openMasterKey, sealMasterKey, SealedKeyError } from './sealed-key.ts';

describe('the sealed master key', () => {
  const key = randomBytes(32);

  it('opens with its passphrase into the same key, and holds no trace of it in clear', () => {
    const sealed = sealMasterKey(key, 'correct horse battery');
    const text = JSON.stringify(sealed);
    expect(text).not.toContain(key.toString('hex'));
    expect(text).not.toContain(key.toString('base64'));
    expect(openMasterKey(sealed, 'correct horse battery').equals(key)).toBe(true);
  });

  it('refuses a wrong passphrase, a damaged file and a short passphrase', () => {
    const sealed = sealMasterKey(key, 'correct horse battery');
    expect(() => openMasterKey(sealed, 'correct horse batterY')).toThrow(SealedKeyError);
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0]! ^= 1;
    expect(() => openMasterKey({ ...sealed, ciphertext: flipped.toString('base64') }, 'correct horse battery')).toThrow(/wrong passphrase, or the backup is damaged/);
    expect(() => sealMasterKey(key, 'short')).toThrow(/at least 12/);
  });

  it('seals the same key differently each time (fresh salt and nonce)', () => {
    const a = sealMasterKey(key, 'correct horse battery');
    const b = sealMasterKey(key, 'correct horse battery');
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });
});
