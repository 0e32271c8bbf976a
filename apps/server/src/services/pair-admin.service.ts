import { ErrorCode, isPriceBandInBounds, PRICE_BAND_DEFAULT, PRICE_BAND_MAX, PRICE_BAND_MIN, fractionToPercent, type Coin, type CoinAddRequest, type CoinUpdateRequest, type Platform, type PlatformAddRequest, type PlatformUpdateRequest } from '@makerdesk/contract';
import { SIM_SYMBOL, SimConfigError } from '@makerdesk/exchange';
import { thousands } from '@makerdesk/format';
import { HotCaches } from '../caches/hot-caches.ts';
import { AppError } from '../domain/app-error.ts';
import type { CoinChanges, CoinRow } from '../repositories/coin.repository.ts';
import type { PlatformChanges, PlatformRow } from '../repositories/platform.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { SIM_PLATFORM } from '../domain/platforms.ts';
import type { VenueMode } from '../venues/live-exchange.ts';
import { loggableFailure, venueFailureOf } from '../venues/venue-failure.ts';

/** The latest expiry accepted: the last millisecond of year 9999. */
export const MAX_EXPIRY_MS = 253_402_300_799_999;

/** What pair administration needs of the venues; injected so tests need no network and no ccxt. */
export interface PairAdminVenues {
  /** What ccxt knows of an exchange id, offline. */
  describe(code: string): Promise<{ known: boolean; sandbox: boolean }>;
  /** The spot symbols a live platform lists; rejects when it cannot be reached. */
  listSymbols(platform: VenueMode): Promise<string[]>;
  /** Whether a custom API base leads where the server may call (MAKERDESK_OUTBOUND_ALLOW beside the public internet). */
  allowsBaseUrl(url: string): Promise<boolean>;
  /** The built-in simulator's markets. */
  sim: {
    has(symbol: string): Promise<boolean>;
    /** Opens a market; throws a SimConfigError for a malformed symbol or opening price. */
    open(symbol: string, openingPrice?: string): Promise<void>;
    /** Opens those of `symbols` it lacks; answers the ones it could not open, with why. */
    reopen(symbols: readonly string[]): Promise<{ symbol: string; reason: string }[]>;
  };
}

export function toCoin(row: CoinRow): Coin {
  return {
    coinId: row.id,
    coinName: row.coinName,
    platformId: row.platformId,
    marketKind: row.marketKind,
    endTimeStamp: row.endTimeStamp ?? null,
    status: row.status,
    priceBand: normalizeBand(row.priceBand),
  };
}

/** The column's numeric(12, 6) as the contract gives it: '0.050000' → '0.05'. */
export function normalizeBand(value: string | null | undefined): string {
  if (typeof value !== 'string' || value === '') return PRICE_BAND_DEFAULT;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** A band as the pair calls take it: undefined leaves it, else within the contract's bounds (1030081). */
export function checkPriceBand(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isPriceBandInBounds(value)) {
    throw new AppError(ErrorCode.INVALID_PRICE_BAND, { min: `${thousands(fractionToPercent(PRICE_BAND_MIN))}%`, max: `${thousands(fractionToPercent(PRICE_BAND_MAX))}%` });
  }
  return value;
}

/** Expiry as the calls take it: undefined leaves it, null clears it, else whole epoch ms up to year 9999. */
export function checkExpiry(value: number | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_EXPIRY_MS) throw new AppError(ErrorCode.INVALID_EXPIRY);
  return value;
}

/**
 * The main account's administration of pairs and platforms: a pair is checked against its venue's
 * markets before it is saved (the simulator opens a market for a new one); a platform is any ccxt
 * id, in its sandbox or at another API base.
 */
export class PairAdminService {
  constructor(
    private readonly repos: Pick<Repositories, 'coins' | 'platforms'>,
    private readonly venues: PairAdminVenues,
    /** Told of every committed change to a pair, so its gate answers from the new row at once. */
    private readonly caches: Pick<HotCaches, 'pairChanged' | 'platformsChanged'> = HotCaches.none(),
    private readonly log?: { warn(obj: unknown, msg?: string): void },
  ) {}

  async addPair(input: CoinAddRequest): Promise<{ coinId: number }> {
    const platform = await this.repos.platforms.findById(input.platformId);
    if (!platform) throw new AppError(ErrorCode.PLATFORM_NOT_FOUND);
    const symbol = input.coinName.trim().toUpperCase();
    const endTimeStamp = checkExpiry(input.endTimeStamp);
    const priceBand = checkPriceBand(input.priceBand);
    if (await this.repos.coins.findByName(platform.id, symbol)) throw this.exists(symbol, platform);
    if (platform.code === SIM_PLATFORM) await this.openSimMarket(symbol, input.openingPrice);
    else await this.checkListed(symbol, platform);
    const row = await this.repos.coins.insert({
      platformId: platform.id,
      coinName: symbol,
      endTimeStamp: endTimeStamp ?? null,
      status: input.status ?? 'enabled',
      priceBand: priceBand ?? PRICE_BAND_DEFAULT,
    });
    if (!row) throw this.exists(symbol, platform);
    this.caches.pairChanged(row.id);
    return { coinId: row.id };
  }

  async updatePair(input: CoinUpdateRequest): Promise<Coin> {
    const changes: CoinChanges = {};
    const endTimeStamp = checkExpiry(input.endTimeStamp);
    if (endTimeStamp !== undefined) changes.endTimeStamp = endTimeStamp;
    if (input.status !== undefined) changes.status = input.status;
    const priceBand = checkPriceBand(input.priceBand);
    if (priceBand !== undefined) changes.priceBand = priceBand;
    const row = await this.repos.coins.update(input.coinId, changes);
    this.caches.pairChanged(input.coinId);
    if (!row) throw new AppError(ErrorCode.PAIR_NOT_FOUND);
    return toCoin(row);
  }

  async addPlatform(input: PlatformAddRequest): Promise<{ id: number }> {
    const code = input.code.trim().toLowerCase();
    const sandbox = input.sandbox ?? false;
    const described = await this.venues.describe(code);
    if (!described.known) throw new AppError(ErrorCode.UNKNOWN_EXCHANGE_ID, { id: input.code.trim() });
    if (sandbox && !described.sandbox) throw new AppError(ErrorCode.SANDBOX_UNAVAILABLE, { platform: code });
    const apiBaseUrl = input.apiBaseUrl ? input.apiBaseUrl.replace(/\/+$/, '') : null;
    if (apiBaseUrl && !(await this.venues.allowsBaseUrl(apiBaseUrl))) throw new AppError(ErrorCode.DESTINATION_NOT_ALLOWED);
    const wsBaseUrl = input.wsBaseUrl ? input.wsBaseUrl.replace(/\/+$/, '') : null;
    if (wsBaseUrl && !(await this.venues.allowsBaseUrl(httpOf(wsBaseUrl)))) throw new AppError(ErrorCode.DESTINATION_NOT_ALLOWED);
    const row = await this.repos.platforms.insert({ name: input.name.trim(), code, sandbox, apiBaseUrl, wsBaseUrl });
    if (!row) throw new AppError(ErrorCode.PLATFORM_ALREADY_EXISTS, { platform: code });
    this.caches.platformsChanged();
    return { id: row.id };
  }

  /**
   * Renames a platform, or moves it into or out of its sandbox or to another API base (its pairs and
   * keys follow it). The simulator takes a new name only; a change that would make it the twin of
   * another platform is refused as adding that one would be.
   */
  async updatePlatform(input: PlatformUpdateRequest): Promise<Platform> {
    const current = await this.repos.platforms.findById(input.id);
    if (!current) throw new AppError(ErrorCode.PLATFORM_NOT_FOUND);
    const changes: PlatformChanges = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.sandbox !== undefined && input.sandbox !== current.sandbox) changes.sandbox = input.sandbox;
    if (input.apiBaseUrl !== undefined) {
      const apiBaseUrl = input.apiBaseUrl ? input.apiBaseUrl.replace(/\/+$/, '') : null;
      if (apiBaseUrl !== current.apiBaseUrl) changes.apiBaseUrl = apiBaseUrl;
    }
    if (input.wsBaseUrl !== undefined) {
      const wsBaseUrl = input.wsBaseUrl ? input.wsBaseUrl.replace(/\/+$/, '') : null;
      if (wsBaseUrl !== current.wsBaseUrl) changes.wsBaseUrl = wsBaseUrl;
    }
    const moves = changes.sandbox !== undefined || changes.apiBaseUrl !== undefined || changes.wsBaseUrl !== undefined;
    if (moves && current.code === SIM_PLATFORM) throw new AppError(ErrorCode.PLATFORM_BUILT_IN);
    if (changes.sandbox && !(await this.venues.describe(current.code)).sandbox) throw new AppError(ErrorCode.SANDBOX_UNAVAILABLE, { platform: current.code });
    if (changes.apiBaseUrl && !(await this.venues.allowsBaseUrl(changes.apiBaseUrl))) throw new AppError(ErrorCode.DESTINATION_NOT_ALLOWED);
    if (changes.wsBaseUrl && !(await this.venues.allowsBaseUrl(httpOf(changes.wsBaseUrl)))) throw new AppError(ErrorCode.DESTINATION_NOT_ALLOWED);
    if (moves) {
      const sandbox = changes.sandbox ?? current.sandbox;
      const apiBaseUrl = changes.apiBaseUrl === undefined ? current.apiBaseUrl : changes.apiBaseUrl;
      const twin = (await this.repos.platforms.list()).some((p) => p.id !== current.id && p.code === current.code && p.sandbox === sandbox && p.apiBaseUrl === apiBaseUrl);
      if (twin) throw new AppError(ErrorCode.PLATFORM_ALREADY_EXISTS, { platform: current.code });
    }
    const row = await this.repos.platforms.update(current.id, changes);
    if (!row) throw new AppError(ErrorCode.PLATFORM_NOT_FOUND);
    this.caches.platformsChanged();
    return { id: row.id, name: row.name, code: row.code, sandbox: row.sandbox, apiBaseUrl: row.apiBaseUrl, wsBaseUrl: row.wsBaseUrl };
  }

  /** Deletes a platform nothing uses: the simulator never, one with pairs or keys only once they are gone. */
  async deletePlatform(id: number): Promise<void> {
    const current = await this.repos.platforms.findById(id);
    if (!current) throw new AppError(ErrorCode.PLATFORM_NOT_FOUND);
    if (current.code === SIM_PLATFORM) throw new AppError(ErrorCode.PLATFORM_BUILT_IN);
    if (await this.repos.platforms.deleteUnused(id)) {
      this.caches.platformsChanged();
      return;
    }
    const usage = await this.repos.platforms.usage(id);
    if (usage.pairs + usage.keys === 0) throw new AppError(ErrorCode.PLATFORM_NOT_FOUND);
    throw new AppError(ErrorCode.PLATFORM_IN_USE, { platform: current.name, pairs: usage.pairs, keys: usage.keys });
  }

  /**
   * At start: every simulator pair of the coins table has its market (the simulator keeps the ones
   * it opened in its own state; this covers state set aside, or a stop between the two writes).
   */
  async reopenSimMarkets(): Promise<{ symbol: string; reason: string }[]> {
    const sim = await this.repos.platforms.findByCode(SIM_PLATFORM);
    if (!sim) return [];
    return this.venues.sim.reopen((await this.repos.coins.listOnPlatform(sim.id)).map((row) => row.coinName));
  }

  private exists(symbol: string, platform: PlatformRow): AppError {
    return new AppError(ErrorCode.PAIR_ALREADY_EXISTS, { symbol, platform: platform.name });
  }

  /** Any well-formed BASE/QUOTE: a market the simulator already trades is used as it is. */
  private async openSimMarket(symbol: string, openingPrice: string | undefined): Promise<void> {
    const match = SIM_SYMBOL.exec(symbol);
    if (!match || match[1] === match[2]) throw new AppError(ErrorCode.INVALID_SYMBOL);
    if (await this.venues.sim.has(symbol)) return;
    try {
      await this.venues.sim.open(symbol, openingPrice || undefined);
    } catch (err) {
      if (err instanceof SimConfigError) throw new AppError(ErrorCode.INVALID_PRICE);
      throw err;
    }
  }

  private async checkListed(symbol: string, platform: PlatformRow): Promise<void> {
    let symbols: string[];
    try {
      symbols = await this.venues.listSymbols(platform);
    } catch (err) {
      // The caller is told what kind of failure it was; what the venue said stays in the server's log.
      const failure = venueFailureOf(err);
      this.log?.warn({ platformId: platform.id, failure, detail: loggableFailure(err) }, 'the markets of a platform could not be read');
      if (failure === 'not_allowed') throw new AppError(ErrorCode.DESTINATION_NOT_ALLOWED);
      if (failure === 'no_answer') throw new AppError(ErrorCode.VENUE_UNREACHABLE, { platform: platform.name });
      throw new AppError(ErrorCode.VENUE_ANSWER_UNREADABLE, { platform: platform.name });
    }
    // No market at all: whatever answered at that address is not the venue's API (a page, another service).
    if (symbols.length === 0) throw new AppError(ErrorCode.VENUE_ANSWER_UNREADABLE, { platform: platform.name });
    if (!symbols.includes(symbol)) throw new AppError(ErrorCode.SYMBOL_NOT_LISTED, { symbol, platform: platform.name });
  }
}

/** The address a WebSocket base connects to, as the outbound guard checks addresses (ws → http, wss → https). */
function httpOf(wsBaseUrl: string): string {
  return wsBaseUrl.replace(/^ws/i, 'http');
}
