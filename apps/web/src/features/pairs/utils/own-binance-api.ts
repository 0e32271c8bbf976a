/** Where this server serves the simulator's Binance-compatible API (the server's SIM_BINANCE_ROOT). */
const SIM_BINANCE_ROOT = '/sim/binance';

/**
 * This server's own Binance API as a platform's bases, seen from the console's address (`origin`,
 * e.g. `http://127.0.0.1:8080`): the REST base ccxt's `binance` calls and the WebSocket base its
 * streams open under (`…/ws`, `…/ws-api/v3` keep their paths below it).
 */
export function ownBinanceApi(origin: string): { apiBaseUrl: string; wsBaseUrl: string } {
  const url = new URL(origin);
  const ws = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return { apiBaseUrl: `${url.origin}${SIM_BINANCE_ROOT}/api/v3`, wsBaseUrl: `${ws}${SIM_BINANCE_ROOT}` };
}

/**
 * The WebSocket base that goes with a REST base when that base is a MakerDesk server's Binance API
 * (`<origin>/sim/binance/api/v3`, this server's or another's); undefined for any other base.
 */
export function wsBaseForBinanceApi(apiBaseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(apiBaseUrl.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.pathname.replace(/\/+$/, '') !== `${SIM_BINANCE_ROOT}/api/v3`) return undefined;
  return ownBinanceApi(url.origin).wsBaseUrl;
}
