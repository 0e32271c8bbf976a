/**
 * The master key inside a backup, only when its owner asks for it: sealed under a passphrase
 * (scrypt, then AES-256-GCM), so the backup file alone opens no stored exchange secret.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

export interface SealedKeyFile {
  format: 'makerdesk-sealed-master-key';
  version: 1;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  iv: string;
  tag: string;
  ciphertext: string;
}

export class SealedKeyError extends Error {}

/** At least this long: the passphrase is all that stands between the backup file and the key. */
export const MIN_PASSPHRASE_LENGTH = 12;

const SCRYPT = { N: 1 << 15, r: 8, p: 1 };

function derive(passphrase: string, kdf: SealedKeyFile['kdf']): Buffer {
  return scryptSync(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r });
}

export function sealMasterKey(key: Buffer, passphrase: string): SealedKeyFile {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) throw new SealedKeyError(`the passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters`);
  const kdf = { name: 'scrypt' as const, ...SCRYPT, salt: randomBytes(16).toString('base64') };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(passphrase, kdf), iv);
  cipher.setAAD(Buffer.from('makerdesk master key'));
  const ciphertext = Buffer.concat([cipher.update(key), cipher.final()]);
  return {
    format: 'makerdesk-sealed-master-key',
    version: 1,
    kdf,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

/** The key back; SealedKeyError for a wrong passphrase or a damaged file (GCM cannot tell the two apart). */
export function openMasterKey(sealed: SealedKeyFile, passphrase: string): Buffer {
  if (sealed.format !== 'makerdesk-sealed-master-key' || sealed.version !== 1 || sealed.kdf?.name !== 'scrypt') {
    throw new SealedKeyError('the sealed master key is of an unknown format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', derive(passphrase, sealed.kdf), Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from('makerdesk master key'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  } catch {
    throw new SealedKeyError('the passphrase does not open the sealed master key (wrong passphrase, or the backup is damaged)');
  }
}
