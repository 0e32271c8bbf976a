import type { CandleInterval } from '@makerdesk/contract';
import type { SeriesMarker, UTCTimestamp } from 'lightweight-charts';

/**
 * What the console posts to the embedded chart (same origin only): the account's open orders, drawn
 * as price lines, and its fills, drawn as markers on their candles. Labels come already in the
 * reader's language ("Buy · Ladder A"); prices are decimal strings, turned into numbers only to draw.
 */
export interface OwnOverlayMessage {
  type: 'ownOverlay';
  orders: { side: 'buy' | 'sell'; price: string; label: string }[];
  fills: { side: 'buy' | 'sell'; price: string; time: number; label: string }[];
}

const SIDES = new Set(['buy', 'sell']);
const isString = (v: unknown): v is string => typeof v === 'string';

/** The message, when it is one (anything else posted to the page is ignored). */
export function parseOwnOverlay(data: unknown): OwnOverlayMessage | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'ownOverlay') return null;
  const { orders, fills } = data as { orders?: unknown; fills?: unknown };
  if (!Array.isArray(orders) || !Array.isArray(fills)) return null;
  const okOrder = (o: unknown) => typeof o === 'object' && o !== null && SIDES.has((o as { side: string }).side) && isString((o as { price: unknown }).price) && isString((o as { label: unknown }).label);
  const okFill = (f: unknown) => okOrder(f) && Number.isFinite((f as { time: unknown }).time);
  if (!orders.every(okOrder) || !fills.every(okFill)) return null;
  return data as OwnOverlayMessage;
}

export const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/** The open time (UTC seconds) of the bar a moment falls in. */
export function barTimeOf(timeMs: number, interval: CandleInterval): UTCTimestamp {
  const ms = INTERVAL_MS[interval];
  return (Math.floor(timeMs / ms) * ms) / 1000 as UTCTimestamp;
}

/** One price line per side and price: several orders at one price share a line, their labels joined. */
export function orderLines(orders: OwnOverlayMessage['orders']): { side: 'buy' | 'sell'; price: number; title: string }[] {
  const lines = new Map<string, { side: 'buy' | 'sell'; price: number; labels: Set<string> }>();
  for (const o of orders) {
    const key = `${o.side}:${Number(o.price)}`;
    const line = lines.get(key) ?? { side: o.side, price: Number(o.price), labels: new Set<string>() };
    line.labels.add(o.label);
    lines.set(key, line);
  }
  return [...lines.values()].map((l) => ({ side: l.side, price: l.price, title: [...l.labels].join(', ') }));
}

/** Past this many fill markers on screen their source labels would overlap (a label is wider than many bars): counts only. */
export const LABELLED_MARKERS_MAX = 6;

/**
 * The fills as markers on their candles (only candles on screen): buys below the bar as an up arrow,
 * sells above as a down arrow; several fills of one side in one bar make one marker with their count.
 * Markers carry their source's label while there are few of them; past LABELLED_MARKERS_MAX only the
 * count of a bar with several fills (the source stays readable in the order lists and the ledger).
 */
export function fillMarkers(
  fills: OwnOverlayMessage['fills'],
  interval: CandleInterval,
  barTimes: ReadonlySet<number>,
  colors: { buy: string; sell: string },
): SeriesMarker<UTCTimestamp>[] {
  const byBar = new Map<string, { time: UTCTimestamp; side: 'buy' | 'sell'; count: number; label: string }>();
  for (const f of fills) {
    const time = barTimeOf(f.time, interval);
    if (!barTimes.has(time)) continue;
    const key = `${time}:${f.side}`;
    const found = byBar.get(key);
    if (found) found.count += 1;
    else byBar.set(key, { time, side: f.side, count: 1, label: f.label });
  }
  const labelled = byBar.size <= LABELLED_MARKERS_MAX;
  const count = (n: number) => (n > 1 ? `×${n}` : '');
  return [...byBar.values()]
    .sort((a, b) => a.time - b.time || (a.side === 'buy' ? -1 : 1))
    .map((m) => ({
      time: m.time,
      position: m.side === 'buy' ? 'belowBar' : 'aboveBar',
      shape: m.side === 'buy' ? 'arrowUp' : 'arrowDown',
      color: colors[m.side],
      text: labelled ? [m.label, count(m.count)].filter(Boolean).join(' ') : count(m.count),
    }));
}
