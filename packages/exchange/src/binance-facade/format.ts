/**
 * Our unified structures → Binance spot REST v3 JSON. Pure: no IO, no clock. Field sets follow
 * Binance's documented responses (and what ccxt's binance `parseMarket`, `parseOrder`, `parseTrade`,
 * `parseTicker` and `parseBalance` read).
 */
import type { RateLimitEntry } from './limits.ts';
import type { Balance, BookLevel, Candle, Market, MyTrade, Order, OrderBook, Side, Ticker, Trade } from '../exchange.ts';
import { candleIntervalMs, type CandleInterval } from '../exchange.ts';
import { decimalsOf, div, minus, mul, sign, stepOf, toFixed } from '@makerdesk/decimal';
import { PERCENT_PRICE_BY_SIDE } from '../percent-price-filter.ts';
import { toBinanceSymbol } from './symbols.ts';

export type BinanceOrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED';
export type BinanceOrderType = 'LIMIT' | 'MARKET' | 'LIMIT_MAKER';
export type BinanceSide = 'BUY' | 'SELL';

/** Binance prints decimals with (at least) 8 places. */
const WIRE_DECIMALS = 8;
/** Stand-in upper bounds where our market has none: Binance's filters always carry a maximum. */
const NO_MAXIMUM = '9000000000';
/**
 * Self-trade prevention as every order gets it: an order that would trade with one of its
 * account's own resting orders expires instead (the simulator's and MakerDesk's rule, DESIGN §8).
 */
export const SELF_TRADE_PREVENTION_MODE = 'EXPIRE_TAKER';

/** The upper bounds `exchangeInfo` publishes for a market, which orders are checked against. */
export function filterMaxima(market: Market): { maxPrice: string; maxQty: string; maxNotional: string } {
  return { maxPrice: market.maxPrice ?? NO_MAXIMUM, maxQty: market.maxAmount ?? NO_MAXIMUM, maxNotional: market.maxNotional ?? NO_MAXIMUM };
}

export function wire(value: string): string {
  return toFixed(value, Math.max(WIRE_DECIMALS, decimalsOf(value)), 'down');
}

/** Binance ids are integers: numeric ids go out as numbers, anything else as the string it is. */
export function wireId(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

export function binanceSide(side: Side): BinanceSide {
  return side === 'buy' ? 'BUY' : 'SELL';
}

export function binanceOrderType(order: Pick<Order, 'tradeType' | 'timeInForce'>): BinanceOrderType {
  if (order.tradeType === 'market') return 'MARKET';
  return order.timeInForce === 'POST_ONLY' ? 'LIMIT_MAKER' : 'LIMIT';
}

/**
 * What Binance would report. An IOC or market order whose rest was dropped, and a fill-or-kill that
 * could not fill, is EXPIRED (ccxt: 'expired'); a resting order canceled by its owner is CANCELED,
 * filled part or not.
 */
export function binanceOrderStatus(order: Pick<Order, 'status' | 'tradeType' | 'timeInForce'>): BinanceOrderStatus {
  const immediate = order.tradeType === 'market' || order.timeInForce === 'IOC' || order.timeInForce === 'FOK';
  switch (order.status) {
    case 'pending':
      return 'NEW';
    case 'partial_filled':
      return 'PARTIALLY_FILLED';
    case 'filled':
      return 'FILLED';
    case 'canceled':
    case 'partial_canceled':
      return immediate ? 'EXPIRED' : 'CANCELED';
  }
}

export function timeInForceOf(order: Pick<Order, 'tradeType' | 'timeInForce'>): 'GTC' | 'IOC' | 'FOK' {
  if (order.tradeType !== 'limit') return 'GTC';
  return order.timeInForce === 'IOC' || order.timeInForce === 'FOK' ? order.timeInForce : 'GTC';
}

// ---------------------------------------------------------------- general

/** `rateLimits`: the limits the facade enforces (limits.ts rateLimitsOf). */
export function formatExchangeInfo(markets: readonly Market[], serverTime: number, rateLimits: readonly RateLimitEntry[]) {
  return {
    timezone: 'UTC',
    serverTime,
    rateLimits,
    exchangeFilters: [],
    symbols: markets.map(formatSymbolInfo),
  };
}

export function formatSymbolInfo(market: Market) {
  const tickSize = wire(stepOf(market.pricePrecision));
  const stepSize = wire(stepOf(market.amountPrecision));
  const basePrecision = Math.max(WIRE_DECIMALS, market.amountPrecision);
  const quotePrecision = Math.max(WIRE_DECIMALS, market.pricePrecision);
  const maxima = filterMaxima(market);
  return {
    symbol: toBinanceSymbol(market.symbol),
    status: market.active ? 'TRADING' : 'BREAK',
    baseAsset: market.base,
    baseAssetPrecision: basePrecision,
    quoteAsset: market.quote,
    quotePrecision,
    quoteAssetPrecision: quotePrecision,
    baseCommissionPrecision: basePrecision,
    quoteCommissionPrecision: quotePrecision,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET'],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: true,
    amendAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: tickSize, maxPrice: wire(maxima.maxPrice), tickSize },
      { filterType: 'LOT_SIZE', minQty: wire(market.minAmount), maxQty: wire(maxima.maxQty), stepSize },
      {
        filterType: 'NOTIONAL',
        minNotional: wire(market.minNotional),
        applyMinToMarket: true,
        maxNotional: wire(maxima.maxNotional),
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
      { ...PERCENT_PRICE_BY_SIDE },
    ],
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: SELF_TRADE_PREVENTION_MODE,
    allowedSelfTradePreventionModes: [SELF_TRADE_PREVENTION_MODE],
  };
}

// ---------------------------------------------------------------- market data

function levels(side: readonly BookLevel[]): [string, string][] {
  return side.map(([price, amount]) => [wire(price), wire(amount)]);
}

export function formatDepth(book: OrderBook) {
  // The venue's update id, which the diff-depth streams carry too; a venue without one: its timestamp.
  return { lastUpdateId: book.updateId ?? book.timestamp, bids: levels(book.bids), asks: levels(book.asks) };
}

export function formatTrade(trade: Trade) {
  return {
    id: wireId(trade.id),
    price: wire(trade.price),
    qty: wire(trade.amount),
    quoteQty: wire(mul(trade.price, trade.amount)),
    time: trade.timestamp,
    isBuyerMaker: trade.side === 'sell',
    isBestMatch: true,
  };
}

/** One aggregate per trade: our trades are already one per price and taker order. */
export function formatAggTrade(trade: Trade) {
  const id = wireId(trade.id);
  return {
    a: id,
    p: wire(trade.price),
    q: wire(trade.amount),
    f: id,
    l: id,
    T: trade.timestamp,
    m: trade.side === 'sell',
    M: true,
  };
}

/** Binance's kline row; trade counts and taker volumes are not kept, so they read 0. */
export function formatKline(candle: Candle, interval: CandleInterval) {
  return [
    candle.time,
    wire(candle.open),
    wire(candle.high),
    wire(candle.low),
    wire(candle.close),
    wire(candle.volume),
    candle.time + candleIntervalMs[interval] - 1,
    wire(candle.quoteVolume),
    0,
    wire('0'),
    wire('0'),
    '0',
  ] as const;
}

const DAY_MS = 86_400_000;

export function formatTicker24hr(ticker: Ticker, book: OrderBook) {
  const last = ticker.last ?? '0';
  const open = ticker.open24h ?? last;
  const change = minus(last, open);
  const bestBid = book.bids[0];
  const bestAsk = book.asks[0];
  return {
    symbol: toBinanceSymbol(ticker.symbol),
    priceChange: wire(change),
    priceChangePercent: sign(open) > 0 ? toFixed(div(mul(change, '100'), open, { decimals: 3, rounding: 'down' }), 3, 'down') : '0.000',
    weightedAvgPrice: wire(sign(ticker.baseVolume24h) > 0 ? div(ticker.quoteVolume24h, ticker.baseVolume24h, { decimals: WIRE_DECIMALS, rounding: 'down' }) : '0'),
    prevClosePrice: wire(open),
    lastPrice: wire(last),
    lastQty: wire('0'),
    bidPrice: wire(bestBid?.[0] ?? ticker.bid ?? '0'),
    bidQty: wire(bestBid?.[1] ?? '0'),
    askPrice: wire(bestAsk?.[0] ?? ticker.ask ?? '0'),
    askQty: wire(bestAsk?.[1] ?? '0'),
    openPrice: wire(open),
    highPrice: wire(ticker.high24h ?? last),
    lowPrice: wire(ticker.low24h ?? last),
    volume: wire(ticker.baseVolume24h),
    quoteVolume: wire(ticker.quoteVolume24h),
    openTime: ticker.timestamp - DAY_MS,
    closeTime: ticker.timestamp,
    ...tradesOfWindow(ticker),
  };
}

/** Binance's trade figures of a ticker's window: -1 for an id it does not know (no trade, or none told). */
function tradesOfWindow({ trades24h }: Ticker) {
  const id = (value: string | null | undefined) => (value == null ? -1 : wireId(value));
  return { firstId: id(trades24h?.firstId), lastId: id(trades24h?.lastId), count: trades24h?.count ?? 0 };
}

export function formatPriceTicker(ticker: Ticker) {
  return { symbol: toBinanceSymbol(ticker.symbol), price: wire(ticker.last ?? '0') };
}

export function formatBookTicker(book: OrderBook) {
  return {
    symbol: toBinanceSymbol(book.symbol),
    bidPrice: wire(book.bids[0]?.[0] ?? '0'),
    bidQty: wire(book.bids[0]?.[1] ?? '0'),
    askPrice: wire(book.asks[0]?.[0] ?? '0'),
    askQty: wire(book.asks[0]?.[1] ?? '0'),
  };
}

// ---------------------------------------------------------------- account

/** Commission in basis points, as Binance's integer `makerCommission`: '0.001' → 10. */
function basisPoints(rate: string): number {
  return Number(toFixed(mul(rate, '10000'), 0, 'down'));
}

export function formatAccount(balances: readonly Balance[], fees: { maker: string; taker: string }, updateTime: number) {
  return {
    makerCommission: basisPoints(fees.maker),
    takerCommission: basisPoints(fees.taker),
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: { maker: wire(fees.maker), taker: wire(fees.taker), buyer: wire('0'), seller: wire('0') },
    canTrade: true,
    canWithdraw: false,
    canDeposit: false,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime,
    accountType: 'SPOT',
    balances: balances.map((b) => ({ asset: b.asset, free: wire(b.available), locked: wire(b.frozen) })),
    permissions: ['SPOT'],
    uid: 0,
  };
}

/**
 * One entry of `sapi/v1/capital/config/getall`: the asset and what the account holds of it. The
 * venue has no chain, so no networks and nothing to deposit or withdraw; the asset's code is its name.
 */
export function formatCoinInfo(asset: string, balance: Balance | undefined) {
  return {
    coin: asset,
    depositAllEnable: false,
    withdrawAllEnable: false,
    name: asset,
    free: wire(balance?.available ?? '0'),
    locked: wire(balance?.frozen ?? '0'),
    freeze: wire('0'),
    withdrawing: wire('0'),
    ipoing: wire('0'),
    ipoable: wire('0'),
    storage: wire('0'),
    isLegalMoney: false,
    trading: true,
    networkList: [],
  };
}

/**
 * `GET /api/v3/account/commission`: the market's rates as the standard commission; no special or
 * tax commission, no discount (nothing is paid in BNB here).
 */
export function formatCommission(market: Market) {
  const none = { maker: wire('0'), taker: wire('0'), buyer: wire('0'), seller: wire('0') };
  return {
    symbol: toBinanceSymbol(market.symbol),
    standardCommission: { maker: wire(market.makerFee), taker: wire(market.takerFee), buyer: wire('0'), seller: wire('0') },
    specialCommission: none,
    taxCommission: none,
    discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: wire('0') },
  };
}

/** One entry of `sapi/v1/asset/tradeFee`: the market's rates as decimal fractions. */
export function formatTradeFee(market: Market) {
  return { symbol: toBinanceSymbol(market.symbol), makerCommission: wire(market.makerFee), takerCommission: wire(market.takerFee) };
}

export function formatOrder(order: Order) {
  return {
    symbol: toBinanceSymbol(order.symbol),
    orderId: wireId(order.orderNo),
    orderListId: -1,
    clientOrderId: order.clientOrderId ?? '',
    price: wire(order.price ?? '0'),
    origQty: wire(order.amount),
    executedQty: wire(order.filledAmount),
    cummulativeQuoteQty: wire(order.filledValue),
    status: binanceOrderStatus(order),
    timeInForce: timeInForceOf(order),
    type: binanceOrderType(order),
    side: binanceSide(order.direction),
    stopPrice: wire('0'),
    icebergQty: wire('0'),
    time: order.createdAt,
    updateTime: order.updatedAt,
    isWorking: true,
    workingTime: order.createdAt,
    origQuoteOrderQty: wire('0'),
    selfTradePreventionMode: SELF_TRADE_PREVENTION_MODE,
  };
}

export type NewOrderRespType = 'ACK' | 'RESULT' | 'FULL';

export function formatNewOrder(order: Order, respType: NewOrderRespType, fills: readonly MyTrade[], origQuoteOrderQty = '0') {
  const ack = {
    symbol: toBinanceSymbol(order.symbol),
    orderId: wireId(order.orderNo),
    orderListId: -1,
    clientOrderId: order.clientOrderId ?? '',
    transactTime: order.updatedAt,
  };
  if (respType === 'ACK') return ack;
  const result = {
    ...ack,
    price: wire(order.price ?? '0'),
    origQty: wire(order.amount),
    executedQty: wire(order.filledAmount),
    origQuoteOrderQty: wire(origQuoteOrderQty),
    cummulativeQuoteQty: wire(order.filledValue),
    status: binanceOrderStatus(order),
    timeInForce: timeInForceOf(order),
    type: binanceOrderType(order),
    side: binanceSide(order.direction),
    workingTime: order.createdAt,
    selfTradePreventionMode: SELF_TRADE_PREVENTION_MODE,
  };
  if (respType === 'RESULT') return result;
  return {
    ...result,
    fills: fills.map((f) => ({
      price: wire(f.price),
      qty: wire(f.amount),
      commission: wire(f.fee),
      commissionAsset: f.feeAsset,
      tradeId: wireId(f.id),
    })),
  };
}

export function formatCanceledOrder(order: Order, cancelClientOrderId: string) {
  return {
    symbol: toBinanceSymbol(order.symbol),
    origClientOrderId: order.clientOrderId ?? '',
    orderId: wireId(order.orderNo),
    orderListId: -1,
    clientOrderId: cancelClientOrderId,
    transactTime: order.updatedAt,
    price: wire(order.price ?? '0'),
    origQty: wire(order.amount),
    executedQty: wire(order.filledAmount),
    origQuoteOrderQty: wire('0'),
    cummulativeQuoteQty: wire(order.filledValue),
    status: binanceOrderStatus(order),
    timeInForce: timeInForceOf(order),
    type: binanceOrderType(order),
    side: binanceSide(order.direction),
    selfTradePreventionMode: SELF_TRADE_PREVENTION_MODE,
  };
}

export function formatMyTrade(trade: MyTrade) {
  return {
    symbol: toBinanceSymbol(trade.symbol),
    id: wireId(trade.id),
    orderId: wireId(trade.orderNo),
    orderListId: -1,
    price: wire(trade.price),
    qty: wire(trade.amount),
    quoteQty: wire(mul(trade.price, trade.amount)),
    commission: wire(trade.fee),
    commissionAsset: trade.feeAsset,
    time: trade.timestamp,
    // `MyTrade.side` is the account's own side (the simulator's and ccxt's reading).
    isBuyer: trade.side === 'buy',
    isMaker: trade.liquidity === 'maker',
    isBestMatch: true,
  };
}
