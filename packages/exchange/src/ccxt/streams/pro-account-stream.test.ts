/**
 * proAccountStream over a stand-in of a ccxt.pro venue that keeps orders and balances as ccxt.pro
 * does: one object per order updated in place (moved to the end, its `info` the message), one
 * balance object per account type holding every asset heard of.
 */
import { describe, expect, it } from 'vitest';
import type { Balance, Order } from '../../exchange.ts';
import { proAccountStream, toldAssets } from './account-feed.ts';
import type { ProVenue } from './pro-venue.ts';

interface CcxtOrderLike {
  id: string;
  symbol: string;
  side: string;
  type: string;
  price: number;
  amount: number;
  filled: number;
  status: string;
  timestamp: number;
  info: object;
}

class StandIn {
  orders: CcxtOrderLike[] = [];
  balance: Record<string, Record<string, unknown>> = {};
  private waiting: { reject: (err: unknown) => void }[] = [];
  handleMessage(_client: unknown, message: { order?: Omit<CcxtOrderLike, 'info'>; balance?: Record<string, { free: number; used: number }>; B?: { a: string }[] }): void {
    if (message.order) {
      const at = this.orders.findIndex((o) => o.id === message.order!.id);
      const kept = at >= 0 ? this.orders.splice(at, 1)[0]! : ({} as CcxtOrderLike);
      Object.assign(kept, message.order, { info: message });
      this.orders.push(kept);
    }
    if (message.balance) {
      const spot: Record<string, unknown> = { ...this.balance.spot, info: message };
      for (const [asset, { free, used }] of Object.entries(message.balance)) spot[asset] = { free, used, total: free + used };
      this.balance.spot = spot;
    }
  }
  client(): { future: (hash: string) => Promise<unknown> } {
    return { future: () => new Promise(() => undefined) };
  }
  async loadMarkets() {
    return {};
  }
  watchOrders(): Promise<unknown> {
    return new Promise((_resolve, reject) => this.waiting.push({ reject }));
  }
  watchBalance(): Promise<unknown> {
    return new Promise((_resolve, reject) => this.waiting.push({ reject }));
  }
  async authenticate() {}
  safeCurrencyCode(id: string) {
    return id;
  }
  cut(): void {
    for (const w of this.waiting.splice(0)) w.reject(new Error('cut'));
  }
  async close() {
    this.cut();
  }
  tell(message: Parameters<StandIn['handleMessage']>[1]): void {
    (this as unknown as { handleMessage: StandIn['handleMessage'] }).handleMessage(undefined, message);
  }
}

const base = { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: 100, amount: 0.003, timestamp: 1 };

describe('proAccountStream', () => {
  it('tells each message once: the orders it updated, the assets it named', async () => {
    const venue = new StandIn();
    const stream = proAccountStream(venue as unknown as ProVenue);
    const orders: Order[][] = [];
    const balances: Balance[][] = [];
    const { broken } = await stream.connect({ orders: (o) => orders.push(o), balances: (b) => balances.push(b) });
    venue.tell({ order: { ...base, id: '1', filled: 0, status: 'open' } });
    venue.tell({ order: { ...base, id: '2', filled: 0, status: 'open' } });
    venue.tell({ order: { ...base, id: '1', filled: 0.001, status: 'open' } });
    venue.tell({ order: { ...base, id: '1', filled: 0.003, status: 'closed' } });
    expect(orders.map((batch) => batch.map((o) => `${o.orderNo}:${o.status}:${o.filledAmount}`))).toEqual([['1:pending:0'], ['2:pending:0'], ['1:partial_filled:0.001'], ['1:filled:0.003']]);
    venue.tell({ balance: { BTC: { free: 1, used: 0.5 }, USDT: { free: 100, used: 0 } }, B: [{ a: 'BTC' }, { a: 'USDT' }] });
    venue.tell({ balance: { BTC: { free: 2, used: 0 } }, B: [{ a: 'BTC' }] });
    expect(balances).toEqual([
      [
        { asset: 'BTC', available: '1', frozen: '0.5', total: '1.5' },
        { asset: 'USDT', available: '100', frozen: '0', total: '100' },
      ],
      [{ asset: 'BTC', available: '2', frozen: '0', total: '2' }],
    ]);
    let settled = false;
    void broken.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    venue.cut();
    await broken;
    await stream.close();
  });

  it('reads the assets a Binance balance message names', () => {
    expect(toldAssets({ e: 'outboundAccountPosition', B: [{ a: 'BTC' }, { a: 'USDT' }] }, (id) => id)).toEqual(['BTC', 'USDT']);
    expect(toldAssets({ e: 'balanceUpdate', a: 'ETH', d: '1' }, (id) => id)).toEqual(['ETH']);
    expect(toldAssets({ e: 'other' }, (id) => id)).toBeNull();
  });
});
