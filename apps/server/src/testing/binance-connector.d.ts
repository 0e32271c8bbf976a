/** The part of Binance's official Node connector (it ships no types) that the tests call. */
declare module '@binance/connector' {
  interface Answer<T = unknown> {
    status: number;
    data: T;
  }
  type Options = Record<string, string | number | boolean | undefined>;

  export class Spot {
    constructor(apiKey: string, apiSecret: string, options: { baseURL: string });
    publicRequest(method: string, path: string, params?: Options): Promise<Answer>;
    time(options?: Options): Promise<Answer<{ serverTime: number }>>;
    exchangeInfo(options?: Options): Promise<Answer<{ symbols: { symbol: string; filters: Record<string, string>[] }[] }>>;
    depth(symbol: string, options?: Options): Promise<Answer<{ bids: [string, string][]; asks: [string, string][] }>>;
    trades(symbol: string, options?: Options): Promise<Answer<{ id: number }[]>>;
    historicalTrades(symbol: string, options?: Options): Promise<Answer<{ id: number }[]>>;
    ticker24hr(symbol?: string): Promise<Answer<{ count: number; firstId: number; lastId: number }>>;
    newOrder(symbol: string, side: string, type: string, options?: Options): Promise<Answer<Record<string, unknown>>>;
    getOrder(symbol: string, options?: Options): Promise<Answer<Record<string, unknown>>>;
    cancelAndReplace(symbol: string, side: string, type: string, cancelReplaceMode: string, options?: Options): Promise<Answer<Record<string, Record<string, unknown>>>>;
    openOrders(options?: Options): Promise<Answer<Record<string, unknown>[]>>;
    cancelOpenOrders(symbol: string, options?: Options): Promise<Answer<unknown[]>>;
    orderCount(options?: Options): Promise<Answer<{ interval: string; count: number }[]>>;
    systemStatus(): Promise<Answer<{ status: number; msg: string }>>;
    tradeFee(options?: Options): Promise<Answer<{ symbol: string; makerCommission: string; takerCommission: string }[]>>;
  }
}
