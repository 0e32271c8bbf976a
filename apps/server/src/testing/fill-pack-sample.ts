import { add, mul } from '@makerdesk/decimal';
import { applyFill, FLAT, type Position } from '@makerdesk/engine';
import type { PackedFill } from '../domain/fill-pack.ts';

/**
 * A depth near bot's day of fills as the ledger writes them (the fill-pack tests and bench): `count`
 * fills about `gapMs` apart from `start`, prices a few ticks around one mid drifting slowly, amounts
 * from a few sizes, some fills partial (two of one order), the average-cost fold's realised P&L,
 * position and average cost (18 decimals) after each, ids rising by the other bots' fills in between.
 * Deterministic for a seed.
 */
export function sampleBotDay(opts: { seed?: number; count?: number; start?: number; gapMs?: number; firstId?: number; mid?: number } = {}): PackedFill[] {
  let state = (opts.seed ?? 7) >>> 0 || 1;
  const rand = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const count = opts.count ?? 2150;
  const gap = opts.gapMs ?? 40_000;
  let at = opts.start ?? Date.UTC(2026, 10, 20);
  let id = opts.firstId ?? 1_000_000;
  let midTicks = Math.round((opts.mid ?? 64_250) * 100);
  const sizes = ['0.001', '0.002', '0.005', '0.01', '0.02'];
  let position: Position = FLAT;
  let order = 0;
  let filledAfter = '0';
  const out: PackedFill[] = [];
  for (let i = 0; i < count; i++) {
    const partial = filledAfter !== '0' && rand() < 0.5;
    if (!partial) {
      order++;
      filledAfter = '0';
    }
    midTicks += Math.round((rand() - 0.5) * 40);
    const side: 'buy' | 'sell' = rand() < 0.5 ? 'buy' : 'sell';
    const offset = 1 + Math.floor(rand() * 8);
    const ticks = side === 'buy' ? midTicks - offset : midTicks + offset;
    const price = `${Math.floor(ticks / 100)}.${String(ticks % 100).padStart(2, '0')}`;
    const amount = sizes[Math.floor(rand() * sizes.length)] as string;
    const quoteAmount = mul(price, amount);
    const fee = mul(quoteAmount, '0.001');
    const applied = applyFill(position, { side, price, amount });
    position = applied.position;
    filledAfter = partial ? add(filledAfter, amount) : amount;
    at += Math.max(1, Math.round(gap * (0.2 + rand() * 1.6)));
    id += 1 + Math.floor(rand() * 60);
    out.push({
      id,
      clientOrderId: `MDdepthnearZ${(order * 7919).toString(36).padStart(16, '0')}`,
      filledAfter,
      side,
      price,
      amount,
      quoteAmount,
      fee,
      realizedPnl: applied.realized,
      positionAfter: position.base,
      avgCostAfter: position.avgCost,
      at,
      orderNo: rand() < 0.9 ? String(9_000_000_000 + order * 13) : null,
    });
  }
  return out;
}
