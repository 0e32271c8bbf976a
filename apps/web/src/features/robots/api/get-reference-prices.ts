import { endpoints, type Coin } from '@makerdesk/contract';
import { add, div, isDecimal } from '@makerdesk/decimal';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { getPriceQueryOptions } from '@/market-data/api/get-price';
import type { Price } from '@/market-data/types';
import type { ReferenceLeg } from '../utils/price-gap';

/** The simulator's reference venue: follow bots name it 'sim'. */
const SIM = 'sim';

/** A price of its own the reference venue gives, or the mid of its book. */
function referenceOf(price: Price | undefined): string | null {
  if (!price) return null;
  if (price.reference && isDecimal(price.reference)) return price.reference;
  return null;
}

function currentOf(price: Price): string | null {
  if (price.last && isDecimal(price.last)) return price.last;
  if (price.bid && price.ask && isDecimal(price.bid) && isDecimal(price.ask)) return div(add(price.bid, price.ask), '2', { decimals: 18, rounding: 'half-even' });
  return null;
}

/** A live leg's platform and pair, as the server reads it (platform codes are lower case). */
function liveKey(leg: ReferenceLeg): string {
  return `${leg.platform.trim().toLowerCase()} ${leg.symbol}`;
}

export interface ReferencePrices {
  /** The pair's own price now: last trade, else mid. */
  current: string | null;
  priceOf: (leg: ReferenceLeg) => string | null;
}

/**
 * The prices a follow config needs for the 5 % check: the pair's own price, each followed pair's
 * price on the simulator's reference venue (GET /order/getPrice, its `reference`), and each followed
 * pair of a live platform read publicly through the server (GET /robot/referencePrice: the venue's
 * ticker, cached a few seconds there; issue 19). A price that cannot be read stays unknown.
 */
export async function fetchReferencePrices(queryClient: QueryClient, coinId: number, legs: ReferenceLeg[]): Promise<ReferencePrices> {
  const own = await queryClient.fetchQuery({ ...getPriceQueryOptions(coinId), staleTime: 2_000 });
  const others = [...new Set(legs.filter((leg) => leg.platform === SIM && leg.symbol !== own.symbol).map((leg) => leg.symbol))];
  const bySymbol = new Map<string, string | null>([[own.symbol, referenceOf(own)]]);
  const live = new Map<string, string | null>();
  const liveLegs = [...new Map(legs.filter((leg) => leg.platform !== SIM && leg.platform && leg.symbol).map((leg) => [liveKey(leg), leg])).values()];
  const liveReads = Promise.all(
    liveLegs.map(async (leg) => {
      const answer = await call(endpoints.robotReferencePrice, { query: { platform: leg.platform.trim().toLowerCase(), symbol: leg.symbol } }, { skipErrorHandler: true }).catch(() => undefined);
      live.set(liveKey(leg), answer?.price && isDecimal(answer.price) ? answer.price : null);
    }),
  );
  if (others.length > 0) {
    const coins = await queryClient
      .fetchQuery({ queryKey: ['coins'], queryFn: (): Promise<Coin[]> => call(endpoints.coinList), staleTime: 60_000 })
      .catch((): Coin[] => []);
    await Promise.all(
      others.map(async (symbol) => {
        const coin = coins.find((c) => c.coinName === symbol);
        const price = coin
          ? await call(endpoints.getPrice, { query: { coinId: coin.coinId } }, { skipErrorHandler: true }).catch(() => undefined)
          : undefined;
        bySymbol.set(symbol, referenceOf(price));
      }),
    );
  }
  await liveReads;
  return {
    current: currentOf(own),
    priceOf: (leg) => (leg.platform === SIM ? (bySymbol.get(leg.symbol) ?? null) : (live.get(liveKey(leg)) ?? null)),
  };
}
