import {
  robotConfigJsonSchema,
  robotTypeKeys,
  robotTypes,
  type PairDefaults,
  type RobotDto,
  type RobotFigures,
  type RobotTypeItem,
  type RobotTypeKey,
} from '@makerdesk/contract';
import { vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch-mock';

const pair: PairDefaults = { symbol: 'BTC/USDT', price: '65000.00', pricePrecision: 2, amountPrecision: 5, minAmount: '0.00001', minNotional: '5' };
export const NOW = 1_795_440_000_000;

/** GET /robot/init/list as the server builds it: from the contract's own types, schemas and defaults. */
export function robotTypeItems(now = Date.now()): RobotTypeItem[] {
  return robotTypeKeys.map((key) => {
    const d = robotTypes[key];
    return {
      type: key,
      category: d.category,
      name: d.name,
      nameZh: d.nameZh,
      description: d.description,
      descriptionZh: d.descriptionZh,
      simulationOnly: d.simulationOnly,
      available: true,
      quoting: d.quoting,
      follows: d.follows,
      schema: robotConfigJsonSchema(key),
      defaults: d.defaults(pair, now) as Record<string, unknown>,
    };
  });
}

export function figures(over: Partial<RobotFigures> = {}): RobotFigures {
  return {
    from: NOW - 3_600_000,
    to: NOW,
    ordersPlaced: 12,
    ordersFilled: 3,
    ordersCanceled: 8,
    tradeCount: 3,
    baseVolume: '0.01500',
    quoteVolume: '975.50',
    fees: '0.97',
    inventoryChange: { base: '0.00500', quote: '-325.10' },
    averageCost: '65020.00',
    realizedPnl: '1.25',
    unrealizedPnl: '-0.40',
    pnlVsHold: '2.50',
    uptimeMs: 3_723_000,
    ...over,
  };
}

export function robotDto(over: Partial<RobotDto> & { id: number; type: RobotTypeKey }): RobotDto {
  const type = robotTypes[over.type];
  return {
    coinId: 1,
    coinName: 'BTC/USDT',
    status: 'running',
    stopReason: null,
    description: 'Keeps the book deep',
    priceMode: 'normal',
    startMode: 'now',
    startAt: null,
    config: type.defaults(pair, NOW) as Record<string, unknown>,
    runtime: {
      activity: 'active',
      lastTickAt: NOW - 2_000,
      nextTickAt: NOW + 5_000,
      consecutiveFailures: 0,
      throttledUntil: null,
      openOrders: 4,
      quote: { bid: '64980.00', ask: '65020.00', spreadBps: '6.15' },
      inventory: { base: '2', share: '0.9924', target: '0.5' },
      lastAction: { at: NOW - 3_000, kind: 'requoted', reason: { key: 'bots.reason.midMoved', params: { move: '+0.12 %' } } },
      lastHour: { orders: 1191, cancels: 1115, fills: 76, orderToFill: '15.67' },
      perMinute: { placements: '19.9', cancels: '18.6', windowSec: 600, refreshTolerance: '0.001', budget: '2.36', deferred: 3 },
      errors: { count: 2, last: { at: NOW - 60_000, text: { key: 'bots.tickFailed', params: { failures: 1, error: 'timeout' } } } },
    },
    figures: { lastHour: figures(), today: figures({ tradeCount: 10, baseVolume: '0.05000', pnlVsHold: '-4.20' }), allTime: figures({ tradeCount: 40 }) },
    createdAt: NOW - 86_400_000,
    updatedAt: NOW - 60_000,
    ...over,
  };
}

const balance = (asset: string, available: string) => ({ asset, available, frozen: '0.00000000', total: available });

type Handler = (url: URL, init?: RequestInit) => unknown;

/** The desk P&L of a window whose every bot made +2.50 USDT in the last hour and -4.20 today (nothing else traded). */
export function deskPnlOf(window: string, robots: readonly RobotDto[]) {
  const total = window === '1h' ? '2.5' : '-4.2';
  const zero = { total: '0', realised: '0', unrealised: '0', fees: '0' };
  const bots = robots.map((r) => ({ robotId: r.id, name: r.description || r.type, total, realised: total, unrealised: '0', fees: '0' }));
  return { coinId: 1, window, from: 0, to: NOW, base: 'BTC', quote: 'USDT', mid: '65000', midStart: null, ...zero, vsHold: '0', bots, manual: zero, unvaluedFees: 0 };
}

/**
 * The backend of the bot screens, by path: market reads of BTC/USDT, the bot types, the given bots;
 * `handlers` answer other calls (PUT /robot/update…) or replace these. A handler that returns a
 * Response (or a promise of one) answers with it as it is.
 */
export function stubRobotBackend({ robots = [] as RobotDto[], price = { last: '65000.00', reference: '65000.00' }, handlers = {} as Record<string, Handler> } = {}) {
  localStorage.setItem('makerdesk_token', 'tok');
  vi.stubGlobal(
    'WebSocket',
    class {
      readyState = 0;
      send() {}
      close() {}
    },
  );
  const replies: Record<string, Handler> = {
    '/backend/order/orderBook': () => ({ symbol: 'BTC/USDT', bids: [['64990.00', '0.50000']], asks: [['65010.00', '0.40000']], timestamp: 1 }),
    '/backend/order/wallet': () => ({ base: balance('BTC', '2.00000000'), quote: balance('USDT', '1000.00000000'), balances: [] }),
    '/backend/order/getPrice': () => ({ symbol: 'BTC/USDT', bid: '64990.00', ask: '65010.00', minAmount: '0.00001', ...price }),
    '/backend/robot/init/list': () => robotTypeItems(),
    '/backend/robot/list': () => robots,
    '/backend/coin/list': () => [],
    // Each bot's total P&L: +2.50 in the last hour, -4.20 today.
    '/backend/desk/pnl': (url) => deskPnlOf(url.searchParams.get('window') ?? 'today', robots),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const handler = replies[url.pathname] ?? Object.entries(replies).find(([path]) => path.includes(':') && new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`).test(url.pathname))?.[1];
    if (!handler) return jsonResponse(404, { code: 404, data: null, msg: `no stub for ${url.pathname}` });
    const data = await handler(url, init);
    return data instanceof Response ? data : jsonResponse(200, { code: 200, data, msg: 'SUCCESS' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to a path. */
export function bodiesTo(fetchMock: ReturnType<typeof vi.fn>, path: string): unknown[] {
  return fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}
