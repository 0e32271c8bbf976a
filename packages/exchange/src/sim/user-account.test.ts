import { describe, expect, it } from 'vitest';
import { CLOSED_ORDERS_PER_PAIR, FILLS_PER_PAIR, UserAccount, type OrderRecord } from './user-account.ts';

function record(no: number, clientOrderId = `c${no}`): OrderRecord {
  return {
    no: String(no),
    clientOrderId,
    symbol: 'B/U',
    side: 'buy',
    type: 'limit',
    timeInForce: 'GTC',
    price: 100,
    qty: 10,
    filledQty: 0,
    filledQuote: 0n,
    status: 'pending',
    createdAt: no,
    updatedAt: no,
  };
}

describe('UserAccount', () => {
  it('keeps open orders in placement order and closed ones newest first', () => {
    const account = new UserAccount('k');
    expect(account.ledgerId).toBe('user:k');
    const [a, b, c] = [record(1), record(2), record(3)];
    account.add(a, true);
    account.add(b, true);
    account.add(c, false);
    expect(account.openOrders('B/U').map((o) => o.no)).toEqual(['1', '2']);
    account.close(a);
    account.close(a);
    expect(account.openOrders('B/U').map((o) => o.no)).toEqual(['2']);
    expect(account.closedOrders('B/U', 10).map((o) => o.no)).toEqual(['1', '3']);
    expect(account.find('B/U', '3')).toBe(c);
    expect(account.orderByClientId('B/U', 'c2')).toBe(b);
    expect(account.find('X/U', '3')).toBeUndefined();
  });

  it('frees a client order id once its order leaves the closed history', () => {
    const account = new UserAccount('k');
    account.add(record(0, 'reused'), false);
    for (let i = 1; i < CLOSED_ORDERS_PER_PAIR; i++) account.add(record(i), false);
    expect(account.usesClientOrderId('reused')).toBe(true);
    account.add(record(CLOSED_ORDERS_PER_PAIR), false);
    expect(account.usesClientOrderId('reused')).toBe(false);
    expect(account.closedOrders('B/U', 5000)).toHaveLength(CLOSED_ORDERS_PER_PAIR);
  });

  it('answers the fills from a trade id on, newest first, the oldest kept when that one is gone', () => {
    const account = new UserAccount('k');
    const fill = { orderNo: '1', side: 'buy', price: 100, qty: 1, fee: 1n, feeAsset: 'B', liquidity: 'taker' } as const;
    for (let i = 10; i < 20; i++) account.addFill('B/U', { ...fill, tradeId: String(i), time: i });
    expect(account.fillsFrom('B/U', 14, 3).map((f) => f.tradeId)).toEqual(['16', '15', '14']);
    expect(account.fillsFrom('B/U', 18, 5).map((f) => f.tradeId)).toEqual(['19', '18']);
    expect(account.fillsFrom('B/U', 2, 2).map((f) => f.tradeId)).toEqual(['11', '10']);
    expect(account.fillsFrom('B/U', 20, 5)).toEqual([]);
    expect(account.fillsFrom('X/U', 0, 5)).toEqual([]);
  });

  it('keeps the last fills per pair and round-trips through JSON', () => {
    const account = new UserAccount('k');
    for (let i = 0; i < FILLS_PER_PAIR + 5; i++) {
      const fill = { orderNo: '1', side: 'buy', price: 100, qty: 1, fee: 1n, feeAsset: 'B', liquidity: 'taker' } as const;
      account.addFill('B/U', { ...fill, tradeId: String(i), time: i });
    }
    account.add(record(1), true);
    account.add(record(2), false);
    expect(account.fills('B/U', 2).map((f) => f.tradeId)).toEqual([String(FILLS_PER_PAIR + 4), String(FILLS_PER_PAIR + 3)]);
    const copy = UserAccount.fromJSON(JSON.parse(JSON.stringify(account.toJSON())), 'account');
    expect(copy.toJSON()).toEqual(account.toJSON());
    expect(copy.usesClientOrderId('c1')).toBe(true);
    const broken = { ...record(1), filledQuote: '0', status: 'weird' };
    expect(() => UserAccount.fromJSON({ apiKey: 'k', pairs: [{ symbol: 'B/U', open: [broken], closed: [], fills: [] }] }, 'a')).toThrow(
      /a\.pairs\[0\]\.open\[0\]\.status should be one of/,
    );
  });
});
