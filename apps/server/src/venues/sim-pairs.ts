import { addedPairConfig, addedPairFunds } from '@makerdesk/exchange';
import type { SimVenuePort } from './sim-access.ts';
import { SIM_HISTORY_DAYS } from './sim-factory.ts';

/**
 * The simulator's markets as pair administration sees them: which it trades, and opening one for
 * an operator's own pair (background market, reference venue book, three days of candles, demo
 * funds of its new assets), kept in the simulator's journal and snapshot.
 */
export class SimPairs {
  constructor(private readonly venue: () => Pick<SimVenuePort, 'pairs' | 'addPair'>) {}

  async has(symbol: string): Promise<boolean> {
    return (await this.venue().pairs()).some((p) => p.symbol === symbol);
  }

  /** Throws a SimConfigError for a malformed symbol or an opening price out of range; resolves once durable. */
  async open(symbol: string, openingPrice?: string): Promise<void> {
    const venue = this.venue();
    const config = addedPairConfig(symbol, openingPrice);
    const known = new Set((await venue.pairs()).flatMap((p) => [p.base, p.quote]));
    await venue.addPair(config, { funds: addedPairFunds(config, (asset) => known.has(asset)), historyDays: SIM_HISTORY_DAYS });
  }

  /**
   * At start: opens, at the default price, each simulator pair of the coins table the venue lacks
   * (its state was set aside, or the server stopped between opening the market and saving the
   * pair). Returns the symbols it could not open, with why.
   */
  async reopen(symbols: readonly string[]): Promise<{ symbol: string; reason: string }[]> {
    const failed: { symbol: string; reason: string }[] = [];
    for (const symbol of symbols) {
      if (await this.has(symbol)) continue;
      try {
        await this.open(symbol);
      } catch (err) {
        failed.push({ symbol, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    return failed;
  }
}
