import { intentTexts } from '../testing/intent-texts.ts';
import { renderServerText, smartBuyConfig, smartSellConfig, type ServerText } from '@makerdesk/contract';
import { add, compare, mul } from '@makerdesk/decimal';
import type { BookLevel } from '@makerdesk/exchange';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OwnFill, OwnOrder } from '../strategy.ts';
import { balances, book, kinds, market, ownOrder, placements, tick } from './testing/execution-fixtures.ts';
import { SMART_TAG, smartBuyStrategy, smartSellStrategy, type SmartExecutionState } from './smart-execution.strategy.ts';

const T0 = 1_700_000_000_000;
const MIN = 60_000;
const sellConfig = smartSellConfig.parse({
  totalAmount: '10',
  priceLimit: '99',
  targetAt: T0 + 10 * MIN,
  stageCount: 10,
  maxLiquidityShare: '0.5',
  intervalMin: 5,
  intervalMax: 10,
});
const buyConfig = smartBuyConfig.parse({ ...sellConfig, priceLimit: '101' });
const deep = book(
  [['100', '3'], ['99.5', '3'], ['99', '4'], ['98', '100']],
  [['101', '3'], ['101.5', '3'], ['102', '4'], ['103', '100']],
);
const fresh = (): SmartExecutionState => smartSellStrategy.initialState(sellConfig, T0);
const sell = (state: SmartExecutionState, over: Parameters<typeof tick>[2] = {}) => smartSellStrategy.decide(tick(sellConfig, state, { now: T0, startedAt: T0, market: market({ book: deep }), ...over }));
const fill = (amount: string, price = '100', side: OwnFill['side'] = 'sell'): OwnFill => ({ clientOrderId: 'x', tag: SMART_TAG, side, price, amount, at: 0 });

describe('smart_sell', () => {
  it('works the first stage at once: an IOC within the limit, at most the share of the liquidity inside it', () => {
    const out = sell(fresh());
    // stage 1 of 10 due: 1; liquidity ≥ 99 is 10, half is 5.
    expect(out.intents).toEqual([{ kind: 'place', tag: SMART_TAG, side: 'sell', price: '100', amount: '1', timeInForce: 'IOC' }]);
    expect(out.state.since).toBe(T0);
  });

  it('catches up with the stages due minus what filled, capped by the share and priced at the deepest level reached', () => {
    const later = sell({ ...fresh(), since: T0, filled: '1' }, { now: T0 + 6 * MIN + 1 });
    // stages 1-7 due: 7, filled 1 → 6, but half of the 10 inside the limit is 5, reaching 99.5 (3 + 3).
    expect(placements(later.intents)).toEqual([{ kind: 'place', tag: SMART_TAG, side: 'sell', price: '99.5', amount: '5', timeInForce: 'IOC' }]);
  });

  it('counts its fills and places nothing while nothing more is due', () => {
    const out = sell({ ...fresh(), since: T0 }, { now: T0 + 30_000, fills: [fill('1')] });
    expect(out.state.filled).toBe('1');
    expect(out.intents).toEqual([]);
  });

  it('places nothing when no liquidity is inside the limit', () => {
    const out = sell(fresh(), { market: market({ book: book([['98.99', '100']], [['101', '1']]) }) });
    expect(out.intents).toEqual([]);
  });

  it('never sells more than the available balance', () => {
    const out = sell(fresh(), { market: market({ book: deep, balances: balances('0.5', '0') }) });
    expect(placements(out.intents)[0]?.amount).toBe('0.5');
  });

  it('stops once the total is done, saying how much', () => {
    const out = sell({ ...fresh(), since: T0, filled: '9' }, { now: T0 + 9 * MIN, fills: [fill('1')] });
    expect(out.intents.map((i) => i.kind)).toEqual(['stop']);
    expect(intentTexts(out.intents)).toEqual(['done: sold 10 of 10']);
  });

  it('stops at the target date with what it sold', () => {
    const out = sell({ ...fresh(), since: T0, filled: '4' }, { now: T0 + 10 * MIN });
    expect(out.intents.map((i) => i.kind)).toEqual(['stop']);
    expect(intentTexts(out.intents)).toEqual(['target date reached: sold 4 of 10, the price limit held']);
  });

  it('keeps its schedule across a restart (startedAt moves, the first start stays)', () => {
    const out = sell({ ...fresh(), since: T0, filled: '0' }, { now: T0 + 5 * MIN, startedAt: T0 + 5 * MIN - 1000 });
    expect(placements(out.intents)[0]?.amount).toBe('5');
  });

  it('waits for an order in flight, and cancels a live order that is not the wanted one before placing', () => {
    const unknown = [ownOrder(SMART_TAG, 'sell', '100', '1', { state: 'unknown' })];
    expect(sell(fresh(), { orders: unknown }).intents).toEqual([]);
    const stale = [ownOrder(SMART_TAG, 'sell', '100.5', '1')];
    expect(sell(fresh(), { orders: stale }).intents).toEqual([{ kind: 'cancel', clientOrderId: `c-${SMART_TAG}` }]);
  });

  it('in safe mode rests POST_ONLY at the best ask instead of taking, and keeps it while it is still right', () => {
    const out = sell(fresh(), { priceMode: 'safe' });
    expect(out.intents).toEqual([{ kind: 'place', tag: SMART_TAG, side: 'sell', price: '101', amount: '1', timeInForce: 'POST_ONLY' }]);
    const resting: OwnOrder[] = [ownOrder(SMART_TAG, 'sell', '101', '1')];
    expect(sell(fresh(), { priceMode: 'safe', orders: resting }).intents).toEqual([]);
    const noAsks = sell(fresh(), { priceMode: 'safe', market: market({ book: book([['100', '3'], ['99', '10']], []) }) });
    expect(placements(noAsks.intents)[0]?.price).toBe('100.01');
  });

  it('finishes by the target date when liquidity allows', () => {
    let state = fresh();
    let fills: OwnFill[] = [];
    let reason: string | ServerText = '';
    for (let now = T0; now <= T0 + 11 * MIN && !reason; now += 20_000) {
      const out = sell(state, { now, fills });
      state = out.state;
      fills = placements(out.intents).map((p) => fill(p.amount, p.price));
      const stopped = out.intents.find((i) => i.kind === 'stop');
      if (stopped?.kind === 'stop') reason = stopped.reason;
      if (stopped) expect(now).toBeLessThanOrEqual(T0 + 10 * MIN);
    }
    expect(typeof reason === 'string' ? reason : renderServerText(reason, 'en_US')).toBe('done: sold 10 of 10');
  });

  describe('trailing callback', () => {
    const trailing = { ...sellConfig, trailingCallback: '1' };
    const at = (bid: string): BookLevel[] => [[bid, '10']];
    const run = (state: SmartExecutionState, bid: string, now = T0) =>
      smartSellStrategy.decide(tick(trailing, state, { now, startedAt: T0, market: market({ book: book(at(bid), [['120', '1']]) }) }));

    it('tracks the highest bid since the stage was due and sells only once it came back 1 % from it', () => {
      const t1 = run(fresh(), '100');
      expect(t1.intents).toEqual([]);
      const t2 = run(t1.state, '102');
      expect(t2.state.trail).toEqual({ stage: 0, best: '102', triggered: false });
      const t3 = run(t2.state, '101');
      expect(t3.intents).toEqual([]);
      const t4 = run(t3.state, '100.98');
      expect(t4.state.trail?.triggered).toBe(true);
      expect(placements(t4.intents)).toEqual([{ kind: 'place', tag: SMART_TAG, side: 'sell', price: '100.98', amount: '1', timeInForce: 'IOC' }]);
    });

    it('tracks afresh when the next stage is due', () => {
      const armed = { ...fresh(), since: T0, trail: { stage: 0, best: '102', triggered: true } };
      const next = run(armed, '100', T0 + MIN);
      expect(next.state.trail).toEqual({ stage: 1, best: '100', triggered: false });
      expect(next.intents).toEqual([]);
    });
  });
});

describe('smart_buy', () => {
  const buy = (state: SmartExecutionState, over: Parameters<typeof tick>[2] = {}) => smartBuyStrategy.decide(tick(buyConfig, state, { now: T0, startedAt: T0, market: market({ book: deep }), ...over }));

  it('buys IOC at or under its limit, within the share of the asks inside it', () => {
    const out = buy(smartBuyStrategy.initialState(buyConfig, T0), { now: T0 + 9 * MIN });
    // all 10 due; asks ≤ 101: 3, half is 1.5.
    expect(out.intents).toEqual([{ kind: 'place', tag: SMART_TAG, side: 'buy', price: '101', amount: '1.5', timeInForce: 'IOC' }]);
  });

  it('never spends more quote than available', () => {
    const out = buy(smartBuyStrategy.initialState(buyConfig, T0), { market: market({ book: deep, balances: balances('0', '50.5') }) });
    expect(placements(out.intents)[0]).toMatchObject({ price: '101', amount: '0.5' });
  });

  it('says "bought" when done', () => {
    const out = buy({ since: T0, filled: '10', trail: null });
    expect(out.intents.map((i) => i.kind)).toEqual(['stop']);
    expect(intentTexts(out.intents)).toEqual(['done: bought 10 of 10']);
  });

  it('does not crash on an empty book', () => {
    const out = buy(smartBuyStrategy.initialState(buyConfig, T0), { market: market() });
    expect(out.intents).toEqual([]);
    expect(out.reference).toBeNull();
  });
});

describe('smart execution invariants (random books)', () => {
  const price = fc.integer({ min: 9_000, max: 11_000 }).map((cents) => (cents / 100).toFixed(2));
  const level = fc.tuple(price, fc.integer({ min: 1, max: 5_000 }).map((u) => (u / 1000).toFixed(3)));
  const sideLevels = (desc: boolean) => fc.uniqueArray(level, { selector: ([p]) => p, maxLength: 12 }).map((ls) => [...ls].sort((a, b) => (desc ? compare(b[0], a[0]) : compare(a[0], b[0]))) as BookLevel[]);
  const scenario = fc.record({
    bids: sideLevels(true),
    asks: sideLevels(false),
    limit: price,
    share: fc.integer({ min: 1, max: 100 }).map((p) => (p / 100).toFixed(2)),
    elapsed: fc.integer({ min: 0, max: 10 * MIN - 1 }),
    filled: fc.integer({ min: 0, max: 9_999 }).map((u) => (u / 1000).toFixed(3)),
    safe: fc.boolean(),
    buy: fc.boolean(),
  });

  it('never passes the price limit, never takes more than the share of the liquidity inside it, never more than is due or held', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const config = s.buy ? { ...buyConfig, priceLimit: s.limit, maxLiquidityShare: s.share } : { ...sellConfig, priceLimit: s.limit, maxLiquidityShare: s.share };
        const strategy = s.buy ? smartBuyStrategy : smartSellStrategy;
        const out = strategy.decide(
          tick(config, { since: T0, filled: s.filled, trail: null }, {
            now: T0 + s.elapsed,
            startedAt: T0,
            priceMode: s.safe ? 'safe' : 'normal',
            market: market({ book: book(s.bids, s.asks), balances: balances('7', '700') }),
          }),
        );
        const placed = placements(out.intents);
        expect(placed.length).toBeLessThanOrEqual(1);
        for (const p of placed) {
          expect(p.side).toBe(s.buy ? 'buy' : 'sell');
          expect(s.buy ? compare(p.price, s.limit) <= 0 : compare(p.price, s.limit) >= 0).toBe(true);
          const inside = (s.buy ? s.asks : s.bids).filter(([lp]) => (s.buy ? compare(lp, s.limit) <= 0 : compare(lp, s.limit) >= 0));
          const visible = inside.reduce((sum, [, a]) => add(sum, a), '0');
          expect(compare(p.amount, mul(visible, s.share))).toBeLessThanOrEqual(0);
          expect(compare(add(s.filled, p.amount), '10')).toBeLessThanOrEqual(0);
          expect(compare(s.buy ? mul(p.amount, p.price) : p.amount, s.buy ? '700' : '7')).toBeLessThanOrEqual(0);
          if (s.safe) {
            expect(p.timeInForce).toBe('POST_ONLY');
            const opposite = (s.buy ? s.asks : s.bids)[0]?.[0];
            if (opposite) expect(s.buy ? compare(p.price, opposite) < 0 : compare(p.price, opposite) > 0).toBe(true);
          } else expect(p.timeInForce).toBe('IOC');
        }
        expect(kinds(out.intents).every((k) => k === 'place')).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic', () => {
    const a = smartSellStrategy.decide(tick(sellConfig, fresh(), { now: T0, market: market({ book: deep }) }));
    const b = smartSellStrategy.decide(tick(sellConfig, fresh(), { now: T0, market: market({ book: deep }) }));
    expect(a).toEqual(b);
  });
});
