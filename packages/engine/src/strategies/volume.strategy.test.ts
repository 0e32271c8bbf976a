import { parseRobotConfig, type VolumeConfig } from '@makerdesk/contract';
import { add, compare, minus } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { book, cancels, NOW, ownOrder, places, tick } from './liquidity.fixture.ts';
import { decideVolume, splitVolume, type VolumeMode, type VolumeState } from './volume.strategy.ts';

const base = { volumeMin: '2', volumeMax: '5', intervalMin: 2, intervalMax: 4, orderCountMin: 1, orderCountMax: 3 };
const state: VolumeState = { rounds: 0, walk: '0.5', warned: null };
/** Spread 99.50 / 100.50: 99 prices strictly inside. */
const wide = book([['99.5', '10']], [['100.5', '10']]);

function config(type: string, extra: Record<string, unknown> = {}): VolumeConfig {
  const parsed = parseRobotConfig(type as 'volume_random', { ...base, ...extra });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.config as VolumeConfig;
}

function round(mode: VolumeMode, cfg: VolumeConfig, over: Parameters<typeof tick<VolumeConfig, VolumeState>>[2] = {}) {
  return decideVolume(mode, tick(cfg, state, { market: { book: wide }, ...over }));
}

describe('volume bots: one round', () => {
  it('trades a volume inside [min, max] in 1-3 pairs of legs against itself, all at one price strictly inside the spread', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const out = round('random', config('volume_random'), { rng: createRng(seed) });
      const legs = places(out.intents);
      expect(legs.length % 2).toBe(0);
      expect(legs.length / 2).toBeGreaterThanOrEqual(1);
      expect(legs.length / 2).toBeLessThanOrEqual(3);
      const prices = new Set(legs.map((l) => l.price));
      expect(prices.size).toBe(1);
      const [price] = [...prices];
      expect(compare(price!, '99.5')).toBeGreaterThan(0);
      expect(compare(price!, '100.5')).toBeLessThan(0);
      let volume = '0';
      for (let i = 0; i < legs.length; i += 2) {
        const [maker, taker] = [legs[i]!, legs[i + 1]!];
        expect(maker).toMatchObject({ timeInForce: 'GTC', selfTrade: true, tag: `vol-${i / 2 + 1}-m` });
        expect(taker).toMatchObject({ timeInForce: 'IOC', selfTrade: true, tag: `vol-${i / 2 + 1}-t`, amount: maker.amount });
        expect(taker.side).not.toBe(maker.side);
        volume = add(volume, maker.amount);
      }
      expect(compare(volume, '2')).toBeGreaterThanOrEqual(0);
      expect(compare(volume, '5')).toBeLessThanOrEqual(0);
      expect(out.state.rounds).toBe(1);
    }
  });

  it('mid-price: the middle of the spread, rounded down to the tick', () => {
    expect(places(round('mid', config('volume_mid')).intents)[0]!.price).toBe('100');
    const odd = book([['99.5', '1']], [['99.53', '1']]);
    expect(places(round('mid', config('volume_mid'), { market: { book: odd } }).intents)[0]!.price).toBe('99.51');
  });

  it('range: inside both the spread and the configured range; skipped with one warning when they do not meet', () => {
    const cfg = config('volume_range', { priceLow: '100.2', priceHigh: '100.3' });
    for (let seed = 1; seed <= 20; seed++) {
      const price = places(round('range', cfg, { rng: createRng(seed) }).intents)[0]!.price;
      expect(compare(price, '100.2')).toBeGreaterThanOrEqual(0);
      expect(compare(price, '100.3')).toBeLessThanOrEqual(0);
    }
    const away = config('volume_range', { priceLow: '101', priceHigh: '102' });
    const first = round('range', away);
    expect(places(first.intents)).toEqual([]);
    expect(first.intents).toEqual([expect.objectContaining({ kind: 'alert', level: 'warn', message: expect.stringMatching(/does not meet the range/) })]);
    expect(decideVolume('range', tick(away, first.state, { market: { book: wide } })).intents).toEqual([]);
  });

  it('natural: the price walks at most walkStep of the spread per round and stays inside it', () => {
    const cfg = config('volume_natural', { walkStep: '0.1' });
    let s = state;
    let last: string | null = null;
    for (let i = 0; i < 60; i++) {
      const out = decideVolume('natural', tick(cfg, s, { market: { book: wide }, rng: createRng(i + 7) }));
      const price = places(out.intents)[0]!.price;
      expect(compare(price, '99.51')).toBeGreaterThanOrEqual(0);
      expect(compare(price, '100.49')).toBeLessThanOrEqual(0);
      // The window 99.51..100.49 is 0.98 wide: a tenth of it is 0.098, plus one tick of rounding.
      if (last !== null) expect(compare(minus(price, last).replace('-', ''), '0.11')).toBeLessThanOrEqual(0);
      last = price;
      s = out.state;
    }
  });

  it('sine: at the bid side, the middle and the ask side a quarter period apart', () => {
    const cfg = config('volume_sine', { periodSec: 400 });
    const at = (ms: number) => places(decideVolume('sine', tick(cfg, state, { market: { book: wide }, startedAt: NOW - ms })).intents)[0]!.price;
    expect(at(0)).toBe('100');
    expect(at(100_000)).toBe('100.49');
    expect(at(200_000)).toBe('100');
    expect(at(300_000)).toBe('99.51');
  });

  it('minimum hold: trades at the mid only when the pair has had no trade for the quiet window', () => {
    const cfg = config('volume_min_hold', { quietSec: 60 });
    const trade = (ago: number) => [{ id: '1', symbol: 'TKN/USDT', price: '100', amount: '1', side: 'buy' as const, timestamp: NOW - ago }];
    expect(round('min_hold', cfg, { market: { book: wide, trades: trade(30_000) } }).intents).toEqual([]);
    expect(places(round('min_hold', cfg, { market: { book: wide, trades: trade(61_000) } }).intents)[0]!.price).toBe('100');
    expect(places(round('min_hold', cfg, { market: { book: wide, trades: [] } }).intents).length).toBeGreaterThan(0);
  });

  it('skips a round when no price lies strictly inside the spread, or the funds are short; cancels a leftover leg first', () => {
    const tight = book([['99.5', '1']], [['99.51', '1']]);
    expect(round('random', config('volume_random'), { market: { book: tight } }).intents).toEqual([expect.objectContaining({ kind: 'alert', message: expect.stringMatching(/strictly inside/) })]);
    const poor = { base: { available: '1', total: '1' }, quote: { available: '1000', total: '1000' } };
    expect(places(round('random', config('volume_random'), { market: { book: wide, balances: poor } }).intents)).toEqual([]);
    const left = ownOrder('vol-1-m', 'sell', '100', '1');
    const out = round('random', config('volume_random'), { orders: [left] });
    expect(cancels(out.intents)).toEqual(['c-vol-1-m']);
    expect(places(out.intents)).toEqual([]);
  });

  it('splits a volume into parts that each meet the venue minimum', () => {
    expect(splitVolume('5', 3, '1', 2)).toEqual(['1.66', '1.66', '1.68']);
    expect(splitVolume('2.5', 3, '1', 2)).toEqual(['1.25', '1.25']);
    expect(splitVolume('0.5', 3, '1', 2)).toBeNull();
  });
});
