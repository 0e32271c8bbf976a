/**
 * Opening pairs: the made-up past of a new venue's pairs, and a pair opened while the venue runs
 * (its checks before the command, then what the command does), with the demo funds of its assets.
 */
import { ExchangeError } from '../errors.ts';
import { seedHistory } from './history-seed.ts';
import { decimalToUnits } from './matching/index.ts';
import { Prng } from './prng.ts';
import type { ReferenceVenue } from './reference-venue.ts';
import { NOISE_PROFILE, fairOf, type BackgroundDriver } from './sim-background-driver.ts';
import type { Batch } from './sim-batches.ts';
import { SimConfigError, setupPairs, type PairSetup } from './sim-pair.ts';
import type { SimState } from './sim-state.ts';
import type { SimAddPairOptions, SimPairConfig } from './sim-venue.api.ts';

/** The most history a new venue makes up: the 1m candles keep 25 hours, the 1d ones years. */
const MAX_HISTORY_DAYS = 30;
const HISTORY_SEED_SALT = 0x0ddba11;

/** A pair to open, checked: what `openPair` needs. */
interface PairToOpen {
  readonly config: SimPairConfig;
  readonly setup: PairSetup;
  /** Every asset's decimals, the new pair's included. */
  readonly assetDecimals: ReadonlyMap<string, number>;
  /** Its demo funds, as given and in units. */
  readonly funds: Readonly<Record<string, string>>;
  readonly fundUnits: [string, bigint][];
  readonly historyDays: number;
}

/**
 * Checks a pair to open while the venue runs. Throws a SimConfigError for a bad configuration, an
 * ExchangeError 'invalid_order' for a pair that already trades.
 */
export function checkPairToOpen(state: SimState, config: SimPairConfig, options: SimAddPairOptions): PairToOpen {
  if (state.pairs.has(config?.symbol)) throw new ExchangeError('invalid_order', `${config.symbol} already trades here.`, { symbol: config.symbol });
  const { setups, assetDecimals } = setupPairs([...state.setups.map((setup) => setup.config), config]);
  const setup = setups.at(-1) as PairSetup;
  for (const asset of Object.keys(options.funds)) {
    if (state.assetDecimals.has(asset) || (asset !== config.base && asset !== config.quote)) {
      throw new SimConfigError(`demo funds of ${config.symbol} may name only its new assets, not ${asset}`);
    }
  }
  const fundUnits = readDemoFunds(options.funds, assetDecimals);
  const days = options.historyDays;
  if (!(Number.isInteger(days) && days >= 0 && days <= MAX_HISTORY_DAYS)) throw new SimConfigError(`historyDays must be between 0 and ${MAX_HISTORY_DAYS}`);
  return { config, setup, assetDecimals, funds: options.funds, fundUnits, historyDays: days };
}

/**
 * Opens a checked pair inside the running batch: its background market, its reference venue book
 * and its made-up history ending at its initial price; every account is credited its demo funds.
 */
export function openPair(state: SimState, background: BackgroundDriver, reference: ReferenceVenue, batch: Batch, pairToOpen: PairToOpen): void {
  const { config, setup, assetDecimals, funds, fundUnits, historyDays } = pairToOpen;
  state.setups.push(setup);
  for (const [asset, decimals] of assetDecimals) state.assetDecimals.set(asset, decimals);
  const pair = background.newPair(setup);
  state.pairs.set(config.symbol, pair);
  state.added.push({ config: { ...config }, funds: { ...funds } });
  // Its own random source for the past, from what the journal keeps: a replay draws the same candles.
  const rng = Prng.seeded((hashText(config.symbol) ^ batch.time ^ HISTORY_SEED_SALT) >>> 0);
  pair.lastPrice = seedHistory(pair.candles, setup, batch.time, historyDays, NOISE_PROFILE, rng, () => state.nextTradeId++);
  background.quote(pair);
  reference.addPair(setup, fairOf(pair));
  for (const [asset, units] of fundUnits) {
    state.demoFunds.push([asset, units]);
    for (const user of state.users.values()) {
      state.ledger.deposit(user.ledgerId, asset, units);
      batch.balances.add(user);
    }
  }
  batch.changed = true;
  batch.books.add(pair);
}

/** A new venue's made-up past (its own random source: the market's sequence is the same with or without it). */
export function seedHistories(state: SimState, days: number, seed: number, now: number): void {
  if (!(Number.isFinite(days) && days >= 0 && days <= MAX_HISTORY_DAYS)) {
    throw new SimConfigError(`historyDays must be between 0 and ${MAX_HISTORY_DAYS}`);
  }
  const rng = Prng.seeded((seed ^ HISTORY_SEED_SALT) >>> 0);
  for (const pair of state.pairs.values()) {
    pair.lastPrice = seedHistory(pair.candles, pair.setup, now, days, NOISE_PROFILE, rng, () => state.nextTradeId++) ?? pair.lastPrice;
  }
}

export function readDemoFunds(funds: Readonly<Record<string, string>>, assetDecimals: ReadonlyMap<string, number>): [string, bigint][] {
  if (typeof funds !== 'object' || funds === null) {
    throw new SimConfigError('demoFunds must be an object of decimal strings');
  }
  return Object.entries(funds).map(([asset, amount]) => {
    const decimals = assetDecimals.get(asset);
    if (decimals === undefined) throw new SimConfigError(`demoFunds names ${asset}, which no pair trades`);
    try {
      return [asset, decimalToUnits(amount, decimals)];
    } catch (err) {
      throw new SimConfigError(`demoFunds.${asset}: ${(err as Error).message}`, { cause: err });
    }
  });
}

/** FNV-1a of a text: a seed from a pair's symbol. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
