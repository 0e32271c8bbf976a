import type { CandleDto } from '@makerdesk/contract';
import type { CandlestickData, HistogramData, UTCTimestamp } from 'lightweight-charts';

export interface ChartBars {
  candles: CandlestickData<UTCTimestamp>[];
  volumes: HistogramData<UTCTimestamp>[];
}

const UP_VOLUME = 'rgba(46, 189, 133, 0.45)';
const DOWN_VOLUME = 'rgba(246, 70, 93, 0.45)';

/** 'BTC/USDT', 'btc_usdt', 'BTC-USDT' → 'BTCUSDT': the path form of the public candles call. */
export function chartSymbol(symbol: string): string {
  return symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * Server candles → the chart's bars: seconds instead of milliseconds, numbers instead of strings
 * (the chart draws; nothing is computed from them), volume bars coloured like their candle.
 */
export function toChartBars(candles: readonly CandleDto[]): ChartBars {
  const bars: ChartBars = { candles: [], volumes: [] };
  for (const c of candles) {
    const time = Math.floor(c.time / 1000) as UTCTimestamp;
    const open = Number(c.open);
    const close = Number(c.close);
    bars.candles.push({ time, open, high: Number(c.high), low: Number(c.low), close });
    bars.volumes.push({ time, value: Number(c.volume), color: close >= open ? UP_VOLUME : DOWN_VOLUME });
  }
  return bars;
}

/** Decimals of the pair's prices, as the server pads them ('65043.52' → 2). */
export function priceDecimals(candles: readonly CandleDto[]): number {
  const close = candles.at(-1)?.close ?? '';
  const dot = close.indexOf('.');
  return dot < 0 ? 0 : close.length - dot - 1;
}

export type ChartUpdate = { kind: 'replace' } | { kind: 'update'; from: number };

/**
 * How a fresh answer reaches the chart: bars from the last one shown onwards are updated in place
 * (the chart keeps the user's zoom and scroll); anything else (first load, a gap, a restarted
 * venue) replaces the data.
 */
export function planUpdate(shownLastTime: number | null, next: readonly CandleDto[]): ChartUpdate {
  if (shownLastTime === null) return { kind: 'replace' };
  const from = next.findIndex((c) => c.time >= shownLastTime);
  if (from < 0 || next[from]?.time !== shownLastTime) return { kind: 'replace' };
  return { kind: 'update', from };
}
