import { describe, expect, it } from 'vitest';
import { ledgerOrder, takeNewest, type LedgerKey, type PackSpan } from './packed-ledger.ts';

const row = (at: number, id: number, kind: 'bot' | 'manual' = 'bot'): LedgerKey => ({ at: new Date(at), kind, id });

describe('the ledger read on into the packs', () => {
  it('orders newest first, the bots’ fill before a manual one at the same instant, then the greater id', () => {
    const rows = [row(5, 1), row(7, 2, 'manual'), row(7, 3), row(7, 9), row(1, 4)];
    expect([...rows].sort(ledgerOrder).map((r) => [r.at.getTime(), r.kind, r.id])).toEqual([
      [7, 'bot', 9],
      [7, 'bot', 3],
      [7, 'manual', 2],
      [5, 'bot', 1],
      [1, 'bot', 4],
    ]);
  });

  it('decodes the packs newest first until none left can hold a row among the wanted, packs overlapping in time', async () => {
    const packs: Record<string, LedgerKey[]> = { a: [row(100, 10), row(90, 9), row(50, 5)], b: [row(95, 20), row(60, 21)], c: [row(40, 30), row(30, 31)] };
    const spans: PackSpan[] = [
      { robotId: 1, day: 'a', fills: 3, firstAt: 50, lastAt: 100 },
      { robotId: 3, day: 'c', fills: 2, firstAt: 30, lastAt: 40 },
      { robotId: 2, day: 'b', fills: 2, firstAt: 60, lastAt: 95 },
    ];
    const loaded: string[] = [];
    const load = async (s: PackSpan) => (loaded.push(s.day), packs[s.day]!);
    expect((await takeNewest(spans, 3, load)).map((r) => r.id)).toEqual([10, 20, 9]);
    expect(loaded).toEqual(['a', 'b']);
    loaded.length = 0;
    expect((await takeNewest(spans, Infinity, load)).map((r) => r.id)).toEqual([10, 20, 9, 21, 5, 30, 31]);
    expect(loaded).toEqual(['a', 'b', 'c']);
    expect(await takeNewest(spans, 0, load)).toEqual([]);
  });
});
