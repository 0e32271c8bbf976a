/**
 * Binance's market stream names (`btcusdt@depth@100ms`, `btcusdt@depth10`, `btcusdt@trade`, ...):
 * what each asks for. Symbols are Binance's, lower case in the name.
 */

/** Partial book streams' sizes (`<symbol>@depth<levels>`). */
export const PARTIAL_DEPTH_LEVELS = [5, 10, 20] as const;
export type PartialDepthLevels = (typeof PARTIAL_DEPTH_LEVELS)[number];

/** Update speeds of the book streams: every second by default, or every 100 ms. */
export type DepthSpeed = 1000 | 100;

export type MarketStream =
  | { kind: 'depth'; symbol: string; speed: DepthSpeed }
  | { kind: 'partialDepth'; symbol: string; levels: PartialDepthLevels; speed: DepthSpeed }
  | { kind: 'trade'; symbol: string }
  | { kind: 'bookTicker'; symbol: string }
  | { kind: 'ticker'; symbol: string }
  | { kind: 'miniTicker'; symbol: string };

const NAME = /^([a-z0-9]{2,20})@(depth(5|10|20)?(@100ms|@1000ms)?|trade|bookTicker|ticker|miniTicker)$/;

/**
 * The stream a name asks for, its symbol upper case (as Binance's REST spells it); undefined for a
 * name that is not one of the streams served. Whether the symbol is listed is the caller's check.
 */
export function parseStreamName(name: string): MarketStream | undefined {
  const match = NAME.exec(name);
  if (match === null) return undefined;
  const symbol = match[1]!.toUpperCase();
  const channel = match[2]!;
  if (channel === 'trade' || channel === 'bookTicker' || channel === 'ticker' || channel === 'miniTicker') return { kind: channel, symbol };
  const speed: DepthSpeed = match[4] === '@100ms' ? 100 : 1000;
  if (match[3] === undefined) return { kind: 'depth', symbol, speed };
  return { kind: 'partialDepth', symbol, levels: Number(match[3]) as PartialDepthLevels, speed };
}

/**
 * The stream names a connection's URL opens: `/ws/<name>` one, `/stream?streams=a/b/c` several.
 * Names that are not streams (ccxt's `/ws/0`, its connection index) open nothing.
 */
export function streamsOfUrl(path: string, query: URLSearchParams): string[] {
  const named = path.startsWith('/') ? path.slice(1) : path;
  const fromPath = named === '' ? [] : [named];
  const fromQuery = (query.get('streams') ?? '').split('/').filter((s) => s !== '');
  return [...fromPath, ...fromQuery].filter((name) => parseStreamName(name) !== undefined);
}
