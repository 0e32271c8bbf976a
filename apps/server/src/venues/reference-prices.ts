import type { ReferencePrices } from '@makerdesk/engine';
import { add, div } from '@makerdesk/decimal';
import { ExchangeError, type MarketDataReader, type OrderBook } from '@makerdesk/exchange';
import { SIM_PLATFORM } from '../domain/platforms.ts';

/** Public market data of a platform without a key: a ccxt venue by its id. */
export type PublicVenueFactory = (platform: string) => Promise<Pick<MarketDataReader, 'fetchOrderBook'> & Partial<Pick<MarketDataReader, 'fetchTicker'>> & { close(): Promise<void> }>;

/** How long a public price read for the form is served from memory (issue 19): one read per pair every few seconds at most. */
export const REFERENCE_PRICE_CACHE_MS = 5_000;

/** The mid of a book's best bid and ask; null when a side is empty. */
function midOf(bid: string | null | undefined, ask: string | null | undefined): string | null {
  if (!bid || !ask) return null;
  return div(add(bid, ask), '2', { decimals: 18, rounding: 'half-even' });
}

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
  private readonly prices = new Map<string, { at: number; read: Promise<string | null> }>();

  constructor(
    private readonly simReference: (symbol: string, depth: number) => Promise<OrderBook>,
    private readonly openPublic: PublicVenueFactory = publicCcxtVenue,
    private readonly now: () => number = Date.now,
  ) {}

  async book(source: { platform: string; symbol: string }, depth: number): Promise<OrderBook> {
    const platform = source.platform.trim().toLowerCase();
    if (platform === SIM_PLATFORM) return this.simReference(source.symbol, depth);
    return (await this.venue(source.platform)).fetchOrderBook(source.symbol, depth);
  }

  /**
   * A followed pair's public price, for the form's 5 % check (GET /robot/referencePrice): the
   * simulator's reference mid for `sim`; elsewhere the venue's ticker (last trade, else the mid of bid
   * and ask; the book's mid when the venue has no ticker). Null when it cannot be read. Reads are
   * shared and served from memory for REFERENCE_PRICE_CACHE_MS, a failure included, so a form
   * typing away or many users at once cost the venue one read per pair every few seconds.
   */
  async price(source: { platform: string; symbol: string }): Promise<{ price: string | null; at: number }> {
    const platform = source.platform.trim().toLowerCase();
    const key = `${platform}\0${source.symbol}`;
    const now = this.now();
    let cached = this.prices.get(key);
    if (!cached || now - cached.at >= REFERENCE_PRICE_CACHE_MS) {
      cached = { at: now, read: this.readPrice(platform, source.symbol).catch(() => null) };
      this.prices.set(key, cached);
      for (const [k, v] of this.prices) if (now - v.at >= REFERENCE_PRICE_CACHE_MS) this.prices.delete(k);
    }
    return { price: await cached.read, at: cached.at };
  }

  private async readPrice(platform: string, symbol: string): Promise<string | null> {
    if (platform === SIM_PLATFORM) {
      const book = await this.simReference(symbol, 1);
      return midOf(book.bids[0]?.[0], book.asks[0]?.[0]);
    }
    const venue = await this.venue(platform);
    if (venue.fetchTicker) {
      const ticker = await venue.fetchTicker(symbol);
      return ticker.last ?? midOf(ticker.bid, ticker.ask);
    }
    const book = await venue.fetchOrderBook(symbol, 1);
    return midOf(book.bids[0]?.[0], book.asks[0]?.[0]);
  }

  private async venue(source: string): Promise<Awaited<ReturnType<PublicVenueFactory>>> {
    const platform = source.trim().toLowerCase();
    if (!PLATFORM_ID.test(platform)) throw new ExchangeError('venue_error', `Unknown reference platform ${JSON.stringify(source)}`, { platform: source });
    let venue = this.venues.get(platform);
    if (!venue) {
      venue = this.openPublic(platform).catch((err: unknown) => {
        this.venues.delete(platform);
        throw new ExchangeError('venue_error', `Unknown reference platform ${JSON.stringify(source)}: ${err instanceof Error ? err.message : String(err)}`, { platform }, { cause: err });
      });
      this.venues.set(platform, venue);
    }
    return venue;
  }

  async close(): Promise<void> {
    const opened = await Promise.allSettled(this.venues.values());
    for (const result of opened) if (result.status === 'fulfilled') await result.value.close().catch(() => undefined);
    this.venues.clear();
  }
}
