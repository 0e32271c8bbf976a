import { add, div, minus, mul } from '@makerdesk/decimal';
import type { RobotRecord } from '../ports.ts';
import type { AnyStrategy, TickInput, TickOutput } from '../strategy.ts';
import { syncSlots, type DesiredOrder } from '../strategies/kit/sync-slots.ts';

/** A valid depth_near config the test ladder reads: layers, step, half spread, amount, interval 5-10 s. */
export const testLadderConfig = {
  baseSpreadMin: '0.002',
  baseSpreadMax: '0.004',
  layersPerSideMin: 2,
  layersPerSideMax: 4,
  layerStep: '0.001',
  orderAmountMin: '0.01',
  orderAmountMax: '0.02',
  intervalMin: 5,
  intervalMax: 10,
  maxDeviation: '0.05',
};

export interface LadderState {
  ticks: number;
  fills: number;
}

/**
 * A fixed ladder for the engine's tests and the bench (the real strategies live beside their own
 * tests): `layersPerSideMin` bids and asks around the book's mid, `baseSpreadMin / 2` from it and
 * `layerStep` apart, `orderAmountMin` each, kept while within 1 % of where they belong.
 */
export function testLadderStrategy(overrides: { decide?: (input: TickInput<typeof testLadderConfig, LadderState>, normal: () => TickOutput<LadderState>) => TickOutput<LadderState> } = {}): AnyStrategy {
  const normal = (input: TickInput<typeof testLadderConfig, LadderState>): TickOutput<LadderState> => {
    const { config, market, orders, now } = input;
    const bid = market.book.bids[0]?.[0];
    const ask = market.book.asks[0]?.[0];
    const state = { ticks: input.state.ticks + 1, fills: input.state.fills + input.fills.length };
    if (bid === undefined || ask === undefined) return { intents: [], state, reference: null };
    const mid = div(add(bid, ask), '2', { decimals: 8, rounding: 'half-even' });
    const half = div(config.baseSpreadMin, '2', { decimals: 8, rounding: 'half-even' });
    const desired: DesiredOrder[] = [];
    for (let i = 0; i < config.layersPerSideMin; i++) {
      const offset = add(half, mul(String(i), config.layerStep));
      desired.push({ tag: `bid-${i}`, side: 'buy', price: mul(mid, minus('1', offset)), amount: config.orderAmountMin });
      desired.push({ tag: `ask-${i}`, side: 'sell', price: mul(mid, add('1', offset)), amount: config.orderAmountMin });
    }
    return { intents: syncSlots(desired, orders, { now, tolerance: '0.01' }), state, reference: mid };
  };
  return {
    type: 'depth_near',
    initialState: () => ({ ticks: 0, fills: 0 }),
    needs: () => ({ bookDepth: 5, references: [] }),
    decide: (input) => (overrides.decide ? overrides.decide(input, () => normal(input)) : normal(input)),
  };
}

export function testRobotRecord(id: number, overrides: Partial<RobotRecord> = {}): RobotRecord {
  return {
    id,
    adminId: 1,
    coinId: 2,
    symbol: 'ETH/USDT',
    type: 'depth_near',
    config: { ...testLadderConfig },
    status: 'running',
    startMode: 'now',
    startAt: null,
    priceMode: 'normal',
    state: null,
    startedAt: null,
    ...overrides,
  };
}
