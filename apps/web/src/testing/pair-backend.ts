import { vi } from 'vitest';
import { jsonResponse } from './fetch-mock';

const balance = (asset: string, available: string, frozen = '0.00000000') => ({ asset, available, frozen, total: available });
const MANUAL = { kind: 'manual', robotId: null, robotName: null };
const order = (orderNo: string, price: string, status = 'pending') => ({
  orderNo,
  clientOrderId: null,
  source: MANUAL,
  symbol: 'BTC/USDT',
  price,
  amount: '0.01000',
  direction: 'buy',
  tradeType: 'limit',
  filledAmount: '0.00000',
  filledValue: '0',
  status,
  createdAt: 1_795_440_000_000,
  updatedAt: 1_795_440_000_000,
});
const now = Date.now();

const replies: Record<string, unknown> = {
  '/backend/order/orderBook': {
    symbol: 'BTC/USDT',
    bids: [
      ['64990.00', '0.5000'],
      ['64980.00', '1.5000'],
    ],
    asks: [['65010.00', '0.4000']],
    timestamp: 1,
  },
  '/backend/order/orderBookOther': { symbol: 'BTC/USDT', bids: [['64995.00', '0.30000']], asks: [['65005.00', '0.30000']], timestamp: 1 },
  '/backend/order/wallet': { base: balance('BTC', '2.00000000'), quote: balance('USDT', '99400.00000000', '600.00000000'), balances: [balance('ETH', '40.00000000')] },
  '/backend/order/getPrice': { symbol: 'BTC/USDT', last: '65000.00', bid: '64990.00', ask: '65010.00', reference: '65001.00' },
  '/backend/order/tradesList': [{ id: '7', price: '65000.00', amount: '0.00100', side: 'buy', timestamp: now }],
  '/backend/order/getOrders': [order('1', '60000.00')],
  '/backend/order/getHistoryOrders': [order('0', '61000.00', 'canceled')],
  '/backend/order/trade': [],
  '/backend/analysis/panel': {
    value: '229400.00',
    volume24h: { base: '0.5', quote: '32500', count: 3 },
    volumeTotal: { base: '0.75', quote: '48750', count: 5 },
  },
  // The desk P&L of a window: one bot and the manual trades; parts add up (10.5 + 2 − 0.5 = 12; 1.25 + 0 − 0.25 = 1).
  '/backend/desk/pnl': {
    coinId: 1,
    window: 'today',
    from: now - 3_600_000,
    to: now,
    base: 'BTC',
    quote: 'USDT',
    mid: '65000',
    midStart: '64800',
    total: '13',
    realised: '11.75',
    unrealised: '2',
    fees: '0.75',
    vsHold: '9.5',
    bots: [{ robotId: 3, name: 'Far ladder', total: '12', realised: '10.5', unrealised: '2', fees: '0.5' }],
    manual: { total: '1', realised: '1.25', unrealised: '0', fees: '0.25' },
    unvaluedFees: 1,
  },
  // The desk P&L across pairs: two USDT pairs (one whose venue failed) and one BTC pair, totals per quote.
  '/backend/desk/pnlAll': {
    window: 'today',
    from: now - 3_600_000,
    to: now,
    pairs: [
      { coinId: 1, coinName: 'BTC/USDT', pricePrecision: 2, quote: 'USDT', total: '13', realised: '11.75', unrealised: '2', fees: '0.75', vsHold: '9.5', unvaluedFees: 1, unavailable: null },
      { coinId: 7, coinName: 'ETH/BTC', pricePrecision: 6, quote: 'BTC', total: '-0.0004', realised: '0.0001', unrealised: '-0.0004', fees: '0.0001', vsHold: '-0.0003', unvaluedFees: 0, unavailable: null },
      { coinId: 2, coinName: 'ETH/USDT', pricePrecision: null, quote: 'USDT', total: null, realised: null, unrealised: null, fees: null, vsHold: null, unvaluedFees: 0, unavailable: { code: 1050500, msg: 'The system is busy, please try again later' } },
      { coinId: 3, coinName: 'SOL/USDT', pricePrecision: 3, quote: 'USDT', total: '-2.5', realised: '-1', unrealised: '-1', fees: '0.5', vsHold: '-3', unvaluedFees: 0, unavailable: null },
    ],
    totals: [
      { quote: 'USDT', total: '10.5', realised: '10.75', unrealised: '1', fees: '1.25', vsHold: '6.5', pairs: 2, unavailablePairs: 1 },
      { quote: 'BTC', total: '-0.0004', realised: '0.0001', unrealised: '-0.0004', fees: '0.0001', vsHold: '-0.0003', pairs: 1, unavailablePairs: 0 },
    ],
  },
  '/backend/order/candles': [{ time: now - 600_000, open: '64000.00', high: '65100.00', low: '63900.00', close: '65000.00', volume: '1.20000', quoteVolume: '78000.00' }],
};

/** A socket that never connects: the screens poll. */
class OfflineSocket {
  static OPEN = 1;
  static CONNECTING = 0;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

/** One pair's market and account reads, answered from the replies above (or `overrides`, by path), with the socket offline. */
export function stubPairBackend(overrides: Record<string, unknown> = {}) {
  vi.stubGlobal('WebSocket', OfflineSocket);
  localStorage.setItem('makerdesk_token', 'tok');
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(jsonResponse(200, { code: 200, data: { ...replies, ...overrides }[url.split('?')[0] ?? ''], msg: 'SUCCESS' }))),
  );
}
