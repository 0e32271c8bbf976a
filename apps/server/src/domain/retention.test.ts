import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOf, foldOrders, isPrunable, mergeDays, orderDaysIn, retentionCuts, RETENTION_DEFAULTS, type FoldableOrder } from './retention.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1); // 2026-10-01T00:00Z
const order = (o: Partial<FoldableOrder>): FoldableOrder => ({ robotId: 1, state: 'canceled', filledAmount: '0', filledValue: '0', createdAt: T0, updatedAt: T0, ...o });

describe('which orders retention prunes', () => {
  const now = T0 + 100 * DAY;
  const cuts = retentionCuts(now, RETENTION_DEFAULTS);

  it('cuts each kind at its days before now', () => {
    expect(cuts).toEqual({ cancelledOrders: now - 3 * DAY, filledOrders: now - 30 * DAY, tradingLogs: now - 90 * DAY, incidents: now - 90 * DAY, fills: now - 400 * DAY, fillRows: now - 30 * DAY });
    // Fill rows never outlive the ledger: a row retention over the ledger's reads as the ledger's.
    expect(retentionCuts(now, { ...RETENTION_DEFAULTS, fillDays: 20, fillRowDays: 30 })).toMatchObject({ fills: now - 20 * DAY, fillRows: now - 20 * DAY });
  });

  it('never a live or unknown order, whatever its age', () => {
    for (const state of ['sending', 'unknown', 'open', 'canceling']) expect(isPrunable(order({ state, updatedAt: T0 }), cuts)).toBe(false);
  });

  it('one cancelled or rejected without a fill after 3 days; one with a fill after 30', () => {
    expect(isPrunable(order({ state: 'canceled', updatedAt: now - 3 * DAY - 1 }), cuts)).toBe(true);
    expect(isPrunable(order({ state: 'canceled', updatedAt: now - 3 * DAY }), cuts)).toBe(false);
    expect(isPrunable(order({ state: 'rejected', updatedAt: now - 4 * DAY }), cuts)).toBe(true);
    expect(isPrunable(order({ state: 'canceled', filledAmount: '0.5', updatedAt: now - 4 * DAY }), cuts)).toBe(false);
    expect(isPrunable(order({ state: 'filled', filledAmount: '1', updatedAt: now - 29 * DAY }), cuts)).toBe(false);
    expect(isPrunable(order({ state: 'filled', filledAmount: '1', updatedAt: now - 31 * DAY }), cuts)).toBe(true);
    expect(isPrunable(order({ state: 'canceled', filledAmount: '0.5', updatedAt: now - 31 * DAY }), cuts)).toBe(true);
  });
});

describe('folding orders into per-bot, per-day aggregates', () => {
  it('counts placed on the day of creation, filled and cancelled on the day of the last change, with the volumes filled', () => {
    const days = foldOrders([
      order({ state: 'canceled', createdAt: T0 + 1000, updatedAt: T0 + 2000 }),
      order({ state: 'filled', filledAmount: '1.5', filledValue: '150.25', createdAt: T0 + DAY - 1, updatedAt: T0 + DAY + 5 }),
      order({ state: 'canceled', filledAmount: '0.1', filledValue: '10', createdAt: T0 + 3000, updatedAt: T0 + 4000 }),
      order({ state: 'rejected', createdAt: T0 + 500, updatedAt: T0 + 600 }),
      order({ robotId: 2, state: 'canceled', createdAt: T0, updatedAt: T0 + 1 }),
    ]);
    expect(days).toEqual([
      { robotId: 1, day: '2026-10-01', placed: 3, filled: 0, canceled: 2, rejected: 1, filledBase: '0.1', filledQuote: '10', firstAt: T0 + 600, lastAt: T0 + DAY - 1 },
      { robotId: 1, day: '2026-10-02', placed: 0, filled: 1, canceled: 0, rejected: 0, filledBase: '1.5', filledQuote: '150.25', firstAt: T0 + DAY + 5, lastAt: T0 + DAY + 5 },
      { robotId: 2, day: '2026-10-01', placed: 1, filled: 0, canceled: 1, rejected: 0, filledBase: '0', filledQuote: '0', firstAt: T0, lastAt: T0 + 1 },
    ]);
  });

  it('a window counts a day whole or not at all', () => {
    const days = foldOrders([order({ createdAt: T0 + 10, updatedAt: T0 + 20 }), order({ createdAt: T0 + DAY, updatedAt: T0 + DAY + 1 })]);
    expect(orderDaysIn(days, { from: 0, to: T0 + 2 * DAY })).toEqual({ placed: 2, filled: 0, canceled: 2 });
    expect(orderDaysIn(days, { from: T0 + 15, to: T0 + 2 * DAY })).toEqual({ placed: 1, filled: 0, canceled: 1 });
    expect(orderDaysIn(days, { from: T0 + 2 * DAY, to: T0 + 3 * DAY })).toEqual({ placed: 0, filled: 0, canceled: 0 });
  });

  const arbOrder = fc.record({
    robotId: fc.integer({ min: 1, max: 3 }),
    state: fc.constantFrom('filled', 'canceled', 'rejected'),
    filledAmount: fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toString()),
    filledValue: fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 1000).toString()),
    createdAt: fc.integer({ min: T0, max: T0 + 40 * DAY }),
    lag: fc.integer({ min: 0, max: 3 * DAY }),
  });

  it('folding in batches, then merging, gives what folding at once gives; the all-time counts are the rows’ counts', () => {
    fc.assert(
      fc.property(fc.array(arbOrder, { maxLength: 60 }), fc.integer({ min: 0, max: 60 }), (raw, split) => {
        const orders = raw.map(({ lag, ...o }) => ({ ...o, updatedAt: o.createdAt + lag }));
        const merged = new Map<string, ReturnType<typeof foldOrders>[number]>();
        for (const d of [...foldOrders(orders.slice(0, split)), ...foldOrders(orders.slice(split))]) {
          const key = `${d.robotId}|${d.day}`;
          const had = merged.get(key);
          merged.set(key, had ? mergeDays(had, d) : d);
        }
        const once = foldOrders(orders);
        expect([...merged.values()].sort((a, b) => a.robotId - b.robotId || a.day.localeCompare(b.day))).toEqual(once);
        const all = orderDaysIn(once, { from: 0, to: T0 + 50 * DAY });
        expect(all).toEqual({
          placed: orders.filter((o) => o.state !== 'rejected').length,
          filled: orders.filter((o) => o.state === 'filled').length,
          canceled: orders.filter((o) => o.state === 'canceled').length,
        });
        for (const d of once) expect(dayOf(d.firstAt)).toBe(d.day);
      }),
    );
  });
});
