import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { simApiKeys } from '../db/schema.ts';
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
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  async register(apiKey: string, secret: string): Promise<'registered' | 'exists' | 'conflict'> {
    const hash = keyHash(apiKey);
    const inserted = await this.db
      .insert(simApiKeys)
      .values({ apiKeyHash: hash, secretSealed: seal(this.key, secret, hash) })
      .onConflictDoNothing()
      .returning({ hash: simApiKeys.apiKeyHash });
    if (inserted.length > 0) return 'registered';
    return (await this.secretFor(apiKey)) === secret ? 'exists' : 'conflict';
  }

  /** The owner of an imported key replaces its secret (a typo fixed, a key re-issued). */
  async replaceSecret(apiKey: string, secret: string): Promise<void> {
    const hash = keyHash(apiKey);
    await this.db
      .insert(simApiKeys)
      .values({ apiKeyHash: hash, secretSealed: seal(this.key, secret, hash) })
      .onConflictDoUpdate({ target: simApiKeys.apiKeyHash, set: { secretSealed: seal(this.key, secret, hash) } });
  }

  async secretFor(apiKey: string): Promise<string | undefined> {
    const hash = keyHash(apiKey);
    const [row] = await this.db.select().from(simApiKeys).where(eq(simApiKeys.apiKeyHash, hash));
    return row ? open(this.key, row.secretSealed, hash) : undefined;
  }
}
