/**
 * A ccxt.pro venue (ccxt's WebSocket side, inside the `ccxt` package) opened with the same settings as
 * a platform's REST venue (`createCcxtExchange`): its REST calls (ccxt.pro's own, such as Binance's
 * book snapshot and listen key) at the platform's API base, its streams at the platform's WebSocket
 * base. Null where there can be no stream: ccxt.pro has no class for the venue, or the platform
 * moved the API base without naming a WebSocket base (its streams would reach the venue's own
 * address while its REST goes elsewhere).
 */
import type { Exchange as CcxtVenue } from 'ccxt';
import type { CcxtExchangeConfig } from '../ccxt-exchange.ts';
import { redirect, wsUrlsAt } from '../ccxt-exchange.ts';

export type ProVenue = CcxtVenue;

export async function openProVenue(config: CcxtExchangeConfig, { credentials }: { credentials: boolean }): Promise<ProVenue | null> {
  if (config.apiBaseUrl !== undefined && config.wsBaseUrl === undefined) return null;
  const ccxt = (await import('ccxt')).default;
  const Pro = (ccxt.pro as unknown as Record<string, (new (settings: Record<string, unknown>) => ProVenue) | undefined>)[config.id];
  if (Pro === undefined) return null;
  const settings: Record<string, unknown> = { enableRateLimit: true };
  const keys = credentials ? (['apiKey', 'secret', 'password', 'uid'] as const) : [];
  for (const key of [...keys, 'options', 'fetchImplementation'] as const) if (config[key] !== undefined) settings[key] = config[key];
  const venue = new Pro(settings);
  if (config.sandbox === true) venue.setSandboxMode(true);
  const api = venue.urls.api as unknown as Record<string, unknown>;
  const { ws, ...rest } = api;
  venue.urls.api = {
    ...(config.apiBaseUrl !== undefined ? (redirect(rest, config.apiBaseUrl) as Record<string, unknown>) : rest),
    ws: config.wsBaseUrl !== undefined ? wsUrlsAt(ws, config.wsBaseUrl) : ws,
  } as never;
  // ccxt.pro opens `ws://` (a base on this machine or a private network) only once its agent is loaded.
  await (venue as unknown as { loadHttpProxyAgent?: () => Promise<unknown> }).loadHttpProxyAgent?.();
  // The platform's WebSocket base through the caller's agent: ccxt.pro merges `options.ws.options`
  // over each socket's own (agent included) as it opens it.
  if (config.wsAgent !== undefined && config.wsBaseUrl !== undefined) {
    const ws = (venue.options['ws'] ?? {}) as { options?: Record<string, unknown> };
    venue.options['ws'] = { ...ws, options: { ...ws.options, agent: config.wsAgent } };
  }
  guardSends(venue);
  return venue;
}

/** Whether a ccxt.pro venue pushes what a feed needs, as its `has` map says. */
export function proHas(venue: ProVenue, ...methods: string[]): boolean {
  const has = venue.has as Record<string, boolean | 'emulated' | undefined>;
  return methods.every((m) => has[m] === true);
}

/**
 * ccxt.pro sends a subscription on a socket that may close at once (a venue dropping a new
 * connection); its rate-limited path leaves that send's failure unhandled, which would end the
 * process. Each client's sends are marked handled here: the watch waiting for the subscription still
 * fails, as the socket's close rejects it.
 */
export function guardSends(venue: ProVenue): void {
  const target = venue as unknown as { client(url: string): { send(message: unknown): Promise<unknown>; sendGuarded?: boolean } };
  const client = target.client.bind(venue);
  target.client = (url: string) => {
    const opened = client(url);
    if (opened.sendGuarded !== true) {
      const send = opened.send.bind(opened);
      opened.send = (message: unknown) => {
        const sent = send(message);
        sent.catch(() => undefined);
        return sent;
      };
      opened.sendGuarded = true;
    }
    return opened;
  };
}
