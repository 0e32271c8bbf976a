import { followExchangeConfig } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import { readIntents } from '../testing/read-intents.ts';
import { describe, expect, it } from 'vitest';
import { atMost, balances, book, committed, kinds, market, ownOrder, placements, tick } from './testing/execution-fixtures.ts';
import { CORRECTION_TAG, followExchangeStrategy as strategy, type FollowExchangeState } from './follow-exchange.strategy.ts';

const config = followExchangeConfig.parse({
  source: { platform: 'sim', symbol: 'BTC/USDT' },
  priceMappingRatio: '1',
  layersPerSide: 3,
  layerStep: '0.001',
  baseSpread: '0.002',
  correctionThreshold: '0.01',
  correctionBudget: '500',
  orderAmountMin: '1',
  orderAmountMax: '2',
  intervalMin: 5,
  intervalMax: 10,
  maxDeviation: '0.05',
});
const refs = { 'sim:BTC/USDT': book([['99', '3']], [['101', '3']], 'BTC/USDT') };
const NOW = 1_700_000_000_000;
const fresh = (): FollowExchangeState => strategy.initialState(config, NOW);

describe('follow_exchange', () => {
  it('asks for its own book and the follow pair', () => {
    expect(strategy.needs(config).references).toEqual([{ platform: 'sim', symbol: 'BTC/USDT' }]);
  });

  it('quotes layersPerSide per side around the mapped mid: half the base spread, then one step further each', () => {
    const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs }) }));
    expect(out.reference).toBe('100');
    const placed = placements(out.intents);
    expect(placed.map((p) => [p.tag, p.side, p.price])).toEqual([
      ['bid-1', 'buy', '99.9'],
      ['ask-1', 'sell', '100.1'],
      ['bid-2', 'buy', '99.8'],
      ['ask-2', 'sell', '100.2'],
      ['bid-3', 'buy', '99.7'],
      ['ask-3', 'sell', '100.3'],
    ]);
    for (const p of placed) expect(compare(p.amount, '1') >= 0 && compare(p.amount, '2') <= 0).toBe(true);
  });

  it('scales the reference by the price mapping ratio, bids rounded down and asks up', () => {
    const out = strategy.decide(tick({ ...config, priceMappingRatio: '0.333' }, fresh(), { market: market({ references: refs }) }));
    expect(out.reference).toBe('33.3');
    expect(placements(out.intents).slice(0, 2).map((p) => p.price)).toEqual(['33.26', '33.34']);
  });

  it('raises a drawn amount under the venue minimum order value to it', () => {
    const small = { ...config, layersPerSide: 1, orderAmountMin: '0.01', orderAmountMax: '0.02' };
    const out = strategy.decide(tick(small, fresh(), { market: market({ references: refs }) }));
    expect(placements(out.intents).map((p) => [p.price, p.amount])).toEqual([
      ['99.9', '0.0501'],
      ['100.1', '0.05'],
    ]);
  });

  it('keeps resting orders that still fit, placing nothing new', () => {
    const orders = [
      ownOrder('bid-1', 'buy', '99.9', '1.5'),
      ownOrder('ask-1', 'sell', '100.1', '1.2'),
      ownOrder('bid-2', 'buy', '99.8', '1'),
      ownOrder('ask-2', 'sell', '100.2', '2'),
      ownOrder('bid-3', 'buy', '99.7', '1.75'),
      ownOrder('ask-3', 'sell', '100.3', '1.1'),
    ];
    const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs }), orders }));
    expect(out.intents).toEqual([]);
  });

  it('refresh tolerance: a ladder whose reference moved less than it stays; without it every layer is replaced', () => {
    const orders = [
      ownOrder('bid-1', 'buy', '99.9', '1.5'),
      ownOrder('ask-1', 'sell', '100.1', '1.2'),
      ownOrder('bid-2', 'buy', '99.8', '1'),
      ownOrder('ask-2', 'sell', '100.2', '2'),
      ownOrder('bid-3', 'buy', '99.7', '1.75'),
      ownOrder('ask-3', 'sell', '100.3', '1.1'),
    ];
    // The mapped mid moves 100 → 100.02 (0.02 %): every ideal price moves by 0.02 on a 0.05 % tolerance.
    const moved = { 'sim:BTC/USDT': book([['99.02', '3']], [['101.02', '3']], 'BTC/USDT') };
    const kept = strategy.decide(tick({ ...config, refreshTolerance: '0.0005' }, fresh(), { market: market({ references: moved }), orders }));
    expect(kept.reference).toBe('100.02');
    expect(kept.intents).toEqual([]);
    const churned = strategy.decide(tick({ ...config, refreshTolerance: '0' }, fresh(), { market: market({ references: moved }), orders }));
    expect(kinds(churned.intents).filter((k) => k === 'cancel')).toHaveLength(6);
    expect(placements(churned.intents)).toHaveLength(6);
    // A move past the tolerance (0.1 %) replaces them even with it.
    const far = { 'sim:BTC/USDT': book([['99.1', '3']], [['101.1', '3']], 'BTC/USDT') };
    expect(placements(strategy.decide(tick({ ...config, refreshTolerance: '0.0005' }, fresh(), { market: market({ references: far }), orders })).intents)).toHaveLength(6);
  });

  it('without a reference cancels nothing, places nothing and says so once', () => {
    const orders = [ownOrder('bid-1', 'buy', '99.9', '1.5')];
    const first = strategy.decide(tick(config, fresh(), { orders }));
    expect(first.reference).toBeNull();
    expect(kinds(first.intents)).toEqual(['alert']);
    expect(first.state.referenceMissing).toBe(true);
    const second = strategy.decide(tick(config, first.state, { orders }));
    expect(second.intents).toEqual([]);
    const emptyRef = strategy.decide(tick(config, first.state, { orders, market: market({ references: { 'sim:BTC/USDT': book([], []) } }) }));
    expect(emptyRef.intents).toEqual([]);
    const back = strategy.decide(tick(config, first.state, { market: market({ references: refs }) }));
    expect(back.intents[0]).toMatchObject({ kind: 'alert', level: 'info' });
    expect(back.state.referenceMissing).toBe(false);
    expect(placements(back.intents)).toHaveLength(6);
  });

  describe('correction', () => {
    // The others' market sits around 94.5, 5.5 % under the reference 100.
    const low = book([['94', '4']], [['95', '1'], ['96', '2'], ['101', '5']]);

    it('buys IOC at the reference, sized to the liquidity up to it, and leaves out bids that would cross', () => {
      const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, book: low }) }));
      const ioc = placements(out.intents).find((p) => p.tag === CORRECTION_TAG);
      expect(ioc).toMatchObject({ side: 'buy', price: '100', amount: '3', timeInForce: 'IOC' });
      expect(out.intents.at(-1)).toBe(ioc);
      expect(out.state.budgetSpent).toBe('300');
      expect(placements(out.intents).filter((p) => p.side === 'buy' && p.tag !== CORRECTION_TAG)).toEqual([]);
      expect(placements(out.intents).filter((p) => p.side === 'sell')).toHaveLength(3);
    });

    it('sells IOC at the reference when the market is above it', () => {
      const high = book([['104', '0.5'], ['102', '1'], ['99', '9']], [['105', '1']]);
      const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, book: high }) }));
      expect(placements(out.intents).find((p) => p.tag === CORRECTION_TAG)).toMatchObject({ side: 'sell', price: '100', amount: '1.5', timeInForce: 'IOC' });
    });

    it('spends no more than the hourly budget, carried between ticks and renewed each hour', () => {
      const small = { ...config, correctionBudget: '150' };
      const first = strategy.decide(tick(small, fresh(), { market: market({ references: refs, book: low }) }));
      expect(placements(first.intents).find((p) => p.tag === CORRECTION_TAG)?.amount).toBe('1.5');
      expect(first.state.budgetSpent).toBe('150');
      const again = strategy.decide(tick(small, first.state, { now: NOW + 10_000, market: market({ references: refs, book: low }) }));
      expect(placements(again.intents).find((p) => p.tag === CORRECTION_TAG)).toBeUndefined();
      const nextHour = strategy.decide(tick(small, first.state, { now: NOW + 3_600_000, market: market({ references: refs, book: low }) }));
      expect(placements(nextHour.intents).find((p) => p.tag === CORRECTION_TAG)?.amount).toBe('1.5');
    });

    it('is capped by the available balance', () => {
      const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, book: low, balances: balances('10', '120') }) }));
      expect(placements(out.intents).find((p) => p.tag === CORRECTION_TAG)?.amount).toBe('1.2');
    });

    it('waits while an earlier correction is in flight', () => {
      const orders = [ownOrder(CORRECTION_TAG, 'buy', '100', '3', { state: 'unknown' })];
      const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, book: low }), orders }));
      expect(placements(out.intents).find((p) => p.tag === CORRECTION_TAG)).toBeUndefined();
    });

    it("measures the drift on the others' book: a sister bot's quotes on the key neither hide nor fake one", () => {
      // Raw, the touch is 99.7 / 99.8 (a sister bot's quotes), well inside the threshold; the others sit at 94 / 95.
      const withSister = book([['99.7', '1'], ['94', '4']], [['99.8', '1'], ['95', '1'], ['96', '2'], ['101', '5']]);
      const sister = [
        { clientOrderId: 'sister-bid', side: 'buy' as const, price: '99.7', amount: '1', filledAmount: '0' },
        { clientOrderId: 'sister-ask', side: 'sell' as const, price: '99.8', amount: '1', filledAmount: '0' },
      ];
      const blind = strategy.decide(tick(config, fresh(), { market: market({ references: refs, book: withSister }) }));
      expect(placements(blind.intents).find((p) => p.tag === CORRECTION_TAG)).toBeUndefined();
      const out = strategy.decide(tick(config, fresh(), { market: { ...market({ references: refs, book: withSister }), accountOrders: sister } }));
      expect(placements(out.intents).find((p) => p.tag === CORRECTION_TAG)).toMatchObject({ side: 'buy', price: '100', amount: '3', timeInForce: 'IOC' });
    });

    it('does not trade inside the threshold', () => {
      const near = book([['99.5', '4']], [['99.6', '1']]);
      const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, book: near }) }));
      expect(placements(out.intents).find((p) => p.tag === CORRECTION_TAG)).toBeUndefined();
    });

    it('never takes liquidity in safe mode: one alert per drift episode instead', () => {
      const first = strategy.decide(tick(config, fresh(), { priceMode: 'safe', market: market({ references: refs, book: low }) }));
      expect(placements(first.intents).find((p) => p.tag === CORRECTION_TAG)).toBeUndefined();
      expect(first.intents.filter((i) => i.kind === 'alert')).toHaveLength(1);
      const [said] = readIntents(first.intents.filter((i) => i.kind === 'alert'), 'zh_CN') as { message: string }[];
      expect(said!.message).toMatch(/^市场中间价 [\d,]+\.\d+ USDT 偏离参考价 [\d,]+\.\d+ USDT [\d.]+ %；安全价格模式从不吃单，因此不做修正$/);
      const second = strategy.decide(tick(config, first.state, { priceMode: 'safe', market: market({ references: refs, book: low }) }));
      expect(second.intents.filter((i) => i.kind === 'alert')).toHaveLength(0);
    });
  });

  it('in safe mode leaves out layers further than the max deviation', () => {
    const out = strategy.decide(tick({ ...config, maxDeviation: '0.0015' }, fresh(), { priceMode: 'safe', market: market({ references: refs }) }));
    expect(placements(out.intents).map((p) => p.tag)).toEqual(['bid-1', 'ask-1']);
  });

  it('never commits more than the balance: the nearest layers first, the last one cut', () => {
    const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, balances: balances('2.5', '250') }) }));
    const used = committed(out.intents);
    expect(atMost(used.quote, '250')).toBe(true);
    expect(atMost(used.base, '2.5')).toBe(true);
    expect(placements(out.intents).filter((p) => p.side === 'buy').map((p) => p.tag)).toEqual(['bid-1', 'bid-2']);
  });

  it('counts what its own open orders hold as committable', () => {
    const orders = [ownOrder('bid-1', 'buy', '99', '2'), ownOrder('ask-1', 'sell', '101', '2')];
    const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, balances: balances('0', '0') }), orders }));
    const used = committed(out.intents);
    expect(atMost(used.quote, '198')).toBe(true);
    expect(atMost(used.base, '2')).toBe(true);
    expect(kinds(out.intents).filter((k) => k === 'cancel')).toHaveLength(2);
  });

  it('is deterministic: same input and seed, same output', () => {
    const run = (seed: number) => strategy.decide(tick(config, fresh(), { seed, market: market({ references: refs }) }));
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
  });

  it('does not crash on an empty own book and empty balances', () => {
    const out = strategy.decide(tick(config, fresh(), { market: market({ references: refs, balances: balances('0', '0') }) }));
    expect(placements(out.intents)).toEqual([]);
  });
});
