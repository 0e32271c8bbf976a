import type { ReferencePrices } from '@makerdesk/engine';
import { ExchangeError, type MarketDataReader, type OrderBook } from '@makerdesk/exchange';
import { SIM_PLATFORM } from '../domain/platforms.ts';

/** Public market data of a platform without a key: a ccxt venue by its id. */
export type PublicVenueFactory = (platform: string) => Promise<Pick<MarketDataReader, 'fetchOrderBook'> & { close(): Promise<void> }>;

export const publicCcxtVenue: PublicVenueFactory = async (platform) => {
  const { createCcxtExchange } = await import('@makerdesk/exchange/ccxt');
  return createCcxtExchange({ id: platform });
};

const PLATFORM_ID = /^[a-z0-9_]{1,32}$/;

/**
 * Where follow bots read their reference: `sim` is the simulator's reference venue; any other
 * platform is a ccxt venue opened once without keys and kept. An unknown platform fails clearly.
 */
export class PublicReferencePrices implements ReferencePrices {
  private readonly venues = new Map<string, ReturnType<PublicVenueFactory>>();

  constructor(
    private readonly simReference: (symbol: string, depth: number) => Promise<OrderBook>,
    private readonly openPublic: PublicVenueFactory = publicCcxtVenue,
  ) {}

  async book(source: { platform: string; symbol: string }, depth: number): Promise<OrderBook> {
    const platform = source.platform.trim().toLowerCase();
    if (platform === SIM_PLATFORM) return this.simReference(source.symbol, depth);
    if (!PLATFORM_ID.test(platform)) throw new ExchangeError('venue_error', `Unknown reference platform ${JSON.stringify(source.platform)}`, { platform: source.platform });
    let venue = this.venues.get(platform);
    if (!venue) {
      venue = this.openPublic(platform).catch((err: unknown) => {
        this.venues.delete(platform);
        throw new ExchangeError('venue_error', `Unknown reference platform ${JSON.stringify(source.platform)}: ${err instanceof Error ? err.message : String(err)}`, { platform }, { cause: err });
      });
      this.venues.set(platform, venue);
    }
    return (await venue).fetchOrderBook(source.symbol, depth);
  }

  async close(): Promise<void> {
    const opened = await Promise.allSettled(this.venues.values());
    for (const result of opened) if (result.status === 'fulfilled') await result.value.close().catch(() => undefined);
    this.venues.clear();
  }
}
