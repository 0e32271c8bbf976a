import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class MasterKeyError extends Error {}

/**
 * The master key encrypts exchange secrets and signs tokens (through derived sub-keys).
 * From MAKERDESK_MASTER_KEY (64 hex chars or base64 of 32 bytes), else a key file made once with mode 0600.
 */
export function loadMasterKey(envValue: string | undefined, dataDir: string): Buffer {
  if (envValue) return parseKey(envValue, 'MAKERDESK_MASTER_KEY');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'master.key');
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, randomBytes(32).toString('hex'));
    closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  return parseKey(readFileSync(file, 'utf8').trim(), file);
}

function parseKey(text: string, source: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new MasterKeyError(`${source} must hold a 32-byte key as 64 hex characters or base64`);
  }
  return key;
}

/** Independent sub-keys per purpose, so a leak of one use does not expose another. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `makerdesk:${purpose}`, 32));
}

/** What the database keeps of the master key: an HMAC under a key derived from it (not reversible, not the key). */
export function masterKeyDigest(master: Buffer): string {
  return createHmac('sha256', deriveKey(master, 'key-check')).update('makerdesk master key check').digest('hex');
}

/**
 * Refuses a master key other than the one the database was set up with (the first start records
 * it): with another key no stored secret can be decrypted and no session verified, and servers
 * sharing a PostgreSQL database would refuse each other's calls. Throws MasterKeyError.
 */
export async function checkMasterKey(store: { recordOrRead(digest: string): Promise<string> }, master: Buffer): Promise<void> {
  const mine = masterKeyDigest(master);
  const recorded = await store.recordOrRead(mine);
  if (recorded.length !== mine.length || !timingSafeEqual(Buffer.from(recorded), Buffer.from(mine))) {
    throw new MasterKeyError(
      'this database was set up with another master key, so its stored exchange secrets and sessions cannot be read with this one. ' +
        'Start with the key it was set up with (MAKERDESK_MASTER_KEY, or the master.key file of the data folder that first started on it); ' +
        'every server sharing one database needs the same key.',
    );
  }
}
