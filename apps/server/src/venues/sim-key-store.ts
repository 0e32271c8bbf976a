import { MAIN_ACCOUNT } from '@makerdesk/contract';
import type { FacadeKey } from '@makerdesk/exchange/binance-facade';
import type { Repositories } from '../repositories/repositories.ts';
import { apiKeyHash } from '../security/api-key-hash.ts';
import { open, seal } from '../security/secret-box.ts';
import { SIM_PLATFORM } from '../domain/platforms.ts';
import { simKeyGrant } from './sim-key-access.ts';

/**
 * The simulator's key registry: an imported simulator key's secret, sealed, so the Binance facade
 * can verify HMAC signatures. A key keeps the secret it was first registered with, as a venue would;
 * it answers only while a credential of an active account holds it (`access`).
 */
export class SimKeyStore {
  constructor(
    private readonly repos: Pick<Repositories, 'simKeys'>,
    private readonly key: Buffer,
  ) {}

  async register(apiKey: string, secret: string): Promise<'registered' | 'exists' | 'conflict'> {
    const hash = apiKeyHash(apiKey);
    if (await this.repos.simKeys.insertIfAbsent(hash, seal(this.key, secret, hash))) return 'registered';
    return (await this.secretFor(apiKey)) === secret ? 'exists' : 'conflict';
  }

  /** The owner of an imported key replaces its secret (a typo fixed, a key re-issued). */
  async replaceSecret(apiKey: string, secret: string): Promise<void> {
    const hash = apiKeyHash(apiKey);
    await this.repos.simKeys.upsert(hash, seal(this.key, secret, hash));
  }

  async secretFor(apiKey: string): Promise<string | undefined> {
    const hash = apiKeyHash(apiKey);
    const sealed = await this.repos.simKeys.findSealedSecret(hash);
    return sealed === undefined ? undefined : open(this.key, sealed, hash);
  }

  /**
   * The key as the facade may use it for a caller at `clientIp`, read afresh on every call so a
   * deleted or suspended account, a replaced key or a new binding takes effect at once (and on
   * every server): undefined unless it is registered and held (sim-key-access.ts says how).
   */
  async access(apiKey: string, clientIp: string | undefined): Promise<FacadeKey | undefined> {
    const hash = apiKeyHash(apiKey);
    const found = await this.repos.simKeys.findAccess(hash, SIM_PLATFORM);
    if (!found) return undefined;
    const grant = simKeyGrant(
      found.holders.map((h) => ({ active: h.status === 'active', main: h.mainAccountId === MAIN_ACCOUNT, hosts: h.hosts, pairs: h.pairs })),
      clientIp,
    );
    return grant && { secret: open(this.key, found.secretSealed, hash), ...grant };
  }
}
