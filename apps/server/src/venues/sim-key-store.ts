import { createHash } from 'node:crypto';
import type { Repositories } from '../repositories/repositories.ts';
import { open, seal } from '../security/secret-box.ts';

function keyHash(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/**
 * The simulator's key registry: an imported simulator key's secret, sealed, so the Binance facade
 * can verify HMAC signatures. A key keeps the secret it was first registered with, as a venue would.
 */
export class SimKeyStore {
  constructor(
    private readonly repos: Pick<Repositories, 'simKeys'>,
    private readonly key: Buffer,
  ) {}

  async register(apiKey: string, secret: string): Promise<'registered' | 'exists' | 'conflict'> {
    const hash = keyHash(apiKey);
    if (await this.repos.simKeys.insertIfAbsent(hash, seal(this.key, secret, hash))) return 'registered';
    return (await this.secretFor(apiKey)) === secret ? 'exists' : 'conflict';
  }

  /** The owner of an imported key replaces its secret (a typo fixed, a key re-issued). */
  async replaceSecret(apiKey: string, secret: string): Promise<void> {
    const hash = keyHash(apiKey);
    await this.repos.simKeys.upsert(hash, seal(this.key, secret, hash));
  }

  async secretFor(apiKey: string): Promise<string | undefined> {
    const hash = keyHash(apiKey);
    const sealed = await this.repos.simKeys.findSealedSecret(hash);
    return sealed === undefined ? undefined : open(this.key, sealed, hash);
  }
}
