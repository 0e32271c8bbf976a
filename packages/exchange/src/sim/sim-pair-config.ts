/** One simulated market, as the venue opens it, its journal records it and its snapshot keeps it. */
export interface SimPairConfig {
  /** Unified symbol `BASE/QUOTE`, as the server's coin list names it. */
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  amountPrecision: number;
  baseDecimals: number;
  quoteDecimals: number;
  /** Starting reference price, decimal string. */
  initialPrice: string;
  minAmount: string;
  minNotional: string;
  makerFeePpm: number;
  takerFeePpm: number;
  /** Standard deviation of the reference price's relative move per background tick (e.g. 0.0008). */
  volatility: number;
}
