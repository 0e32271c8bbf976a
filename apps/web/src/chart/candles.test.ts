import { describe, expect, it } from 'vitest';
import type { CandleDto } from '@makerdesk/contract';
import { chartSymbol, planUpdate, priceDecimals, toChartBars } from './candles';

const candle = (time: number, open: string, close: string, volume = '0.5'): CandleDto => ({
  time,
  open,
  high: '65100.00',
  low: '64900.00',
  close,
  volume,
  quoteVolume: '1',
});

describe('chart candles', () => {
  it('maps server candles to bars in seconds, with volume coloured by direction', () => {
    const bars = toChartBars([candle(1_795_440_660_000, '64974.00', '65095.58', '0.00323'), candle(1_795_440_720_000, '65095.58', '65000.10')]);
    expect(bars.candles).toEqual([
      { time: 1_795_440_660, open: 64974, high: 65100, low: 64900, close: 65095.58 },
      { time: 1_795_440_720, open: 65095.58, high: 65100, low: 64900, close: 65000.1 },
    ]);
    expect(bars.volumes).toEqual([
      { time: 1_795_440_660, value: 0.00323, color: 'rgba(46, 189, 133, 0.45)' },
      { time: 1_795_440_720, value: 0.5, color: 'rgba(246, 70, 93, 0.45)' },
    ]);
  });

  it('writes any spelling of a pair the way the candles call wants it', () => {
    expect(chartSymbol('BTC/USDT')).toBe('BTCUSDT');
    expect(chartSymbol('eth_usdt')).toBe('ETHUSDT');
    expect(chartSymbol('SOL-USDT')).toBe('SOLUSDT');
  });

  it('reads the price precision from the padded closes', () => {
    expect(priceDecimals([candle(0, '0.8500', '0.8512')])).toBe(4);
    expect(priceDecimals([])).toBe(0);
  });

  it('updates in place from the last bar shown, and replaces otherwise', () => {
    const next = [candle(60_000, '1', '1'), candle(120_000, '1', '1'), candle(180_000, '1', '1')];
    expect(planUpdate(null, next)).toEqual({ kind: 'replace' });
    expect(planUpdate(60_000, next)).toEqual({ kind: 'update', from: 0 });
    expect(planUpdate(120_000, next)).toEqual({ kind: 'update', from: 1 });
    expect(planUpdate(180_000, next)).toEqual({ kind: 'update', from: 2 });
    // The shown history no longer overlaps, or the venue went back in time.
    expect(planUpdate(30_000, next)).toEqual({ kind: 'replace' });
    expect(planUpdate(240_000, next)).toEqual({ kind: 'replace' });
    expect(planUpdate(90_000, next)).toEqual({ kind: 'replace' });
  });
});
