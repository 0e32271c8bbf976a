import type {
  CandleDto,
  myTrade,
  OrderDto,
  orderBookResponse,
  priceResponse,
  publicTrade,
  walletBalance,
  walletResponse,
} from '@makerdesk/contract';

/** The reply types of the pair's market and account reads, as the contract's schemas parse them. */
type Parsed<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;

export type Order = OrderDto;
export type { CandleInterval, OrderStatusName } from '@makerdesk/contract';
export type OrderBook = Parsed<typeof orderBookResponse>;
export type BookLevel = OrderBook['bids'][number];
export type PublicTrade = Parsed<typeof publicTrade>;
export type MyTrade = Parsed<typeof myTrade>;
export type Candle = CandleDto;
export type Balance = Parsed<typeof walletBalance>;
export type Wallet = Parsed<typeof walletResponse>;
export type Price = Parsed<typeof priceResponse>;
export type Direction = Order['direction'];
