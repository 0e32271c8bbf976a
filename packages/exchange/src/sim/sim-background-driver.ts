/**
 * Driving the background market on the venue's books: each pair's liquidity provider and noise
 * traders place real orders that settle like anyone's, the reference price walks, and the
 * reference venue follows. The accounts are minted what they lack (the ledger's supply grows;
 * total === supply still holds).
 */
import {
  drawNoiseOrder,
  emptyLadder,
  requoteLadder,
  walkLogOffset,
  type LadderProfile,
  type NoiseOrder,
  type NoiseProfile,
} from './background-market.ts';
import { CandleSeries } from './candles.ts';
import { lotsToBaseUnits, notionalUnits, type OrderRequest } from './matching/index.ts';
import type { ReferenceVenue } from './reference-venue.ts';
import type { Batch, CommandBatches } from './sim-batches.ts';
import type { PairSetup } from './sim-pair.ts';
import { settle } from './sim-settlement.ts';
import type { CorePair, SimState } from './sim-state.ts';
import { VenueBook } from './venue-book.ts';

const PROVIDER = 'market:lp';
const noiseTrader = (index: number): string => `market:noise-${index}`;

/** What the background accounts are minted when short, in multiples of what they need right then. */
const REFILL_FACTOR = 20n;

export const LIQUIDITY_PROFILE: LadderProfile = {
  layers: 15,
  halfSpread: 0.0004,
  step: 0.0005,
  firstLayerNotionals: 300,
  growth: 0.3,
  requoteChance: 0.04,
};

export const NOISE_PROFILE: NoiseProfile = {
  activity: 0.45,
  medianNotionals: 12,
  sizeDispersion: 0.9,
  limitShare: 0.3,
  limitReach: 0.0015,
  traders: 3,
};

/** The background market's current reference price of a pair (a float, for the quoting only). */
export function fairOf(pair: CorePair): number {
  return pair.setup.initialPrice * Math.exp(pair.walk);
}

export class BackgroundDriver {
  constructor(
    private readonly state: SimState,
    private readonly batches: CommandBatches,
  ) {}

  /** A pair's empty book and history, its liquidity provider quoting into the running batch. */
  newPair(setup: PairSetup): CorePair {
    const book = new VenueBook(setup.market, this.state.ledger);
    const pair: CorePair = {
      setup,
      book,
      trades: [],
      candles: new CandleSeries(),
      lastPrice: null,
      walk: 0,
      bookUpdateId: 0,
      ladder: emptyLadder(LIQUIDITY_PROFILE.layers),
      port: {
        priceOf: (no) => book.priceOf(no),
        cancel: (no) => {
          book.cancel(no, PROVIDER);
        },
        placeLimit: (side, price, qty) => this.placeBackground(pair, { type: 'limit', account: PROVIDER, side, price, qty }),
      },
    };
    return pair;
  }

  quote(pair: CorePair): void {
    requoteLadder(pair.port, pair.ladder, fairOf(pair), LIQUIDITY_PROFILE, pair.setup.grid, this.state.rng);
  }

  /**
   * One background tick: every reference price walks, every provider requotes, noise traders
   * may trade, and the reference venue follows.
   */
  step(batch: Batch, reference: ReferenceVenue): void {
    const { pairs } = this.state;
    batch.changed = true;
    for (const pair of pairs.values()) {
      pair.walk = walkLogOffset(pair.walk, pair.setup.config.volatility, this.state.rng);
    }
    for (const pair of pairs.values()) {
      this.quote(pair);
      const noise = drawNoiseOrder(fairOf(pair), NOISE_PROFILE, pair.setup.grid, this.state.rng);
      if (noise !== null) this.placeNoise(pair, noise);
      batch.books.add(pair);
    }
    reference.step(this.fairs());
  }

  fairs(): Map<string, number> {
    const out = new Map<string, number>();
    for (const pair of this.state.pairs.values()) out.set(pair.setup.config.symbol, fairOf(pair));
    return out;
  }

  private placeNoise(pair: CorePair, noise: NoiseOrder): void {
    const account = noiseTrader(noise.trader);
    const { side, qty } = noise;
    this.placeBackground(
      pair,
      noise.price === null
        ? { type: 'market', account, side, qty }
        : { type: 'limit', account, side, price: noise.price, qty, timeInForce: 'IOC' },
    );
  }

  /**
   * Places a background order, minting the account what it lacks first (the ledger's supply
   * grows; total === supply still holds). Returns the order number if it rests.
   */
  private placeBackground(pair: CorePair, req: OrderRequest): string | null {
    const { ledger } = this.state;
    const market = pair.setup.market;
    let asset: string;
    let need: bigint;
    if (req.side === 'sell') {
      asset = market.base;
      need = lotsToBaseUnits(market, req.qty as number);
    } else {
      asset = market.quote;
      need =
        req.type === 'limit'
          ? notionalUnits(market, req.price, req.qty)
          : pair.book.book.previewMarket('buy', req.account, req.qty as number).quote;
    }
    const available = ledger.balance(req.account, asset).available;
    if (available < need) ledger.deposit(req.account, asset, need * REFILL_FACTOR - available);
    const no = String(this.state.nextOrderNo++);
    settle(this.state, this.batches.current, pair, pair.book.place(no, req), null);
    return pair.book.isResting(no) ? no : null;
  }
}
