import { createCcxtExchange, type CcxtExchangeConfig, type CcxtFetchInit } from '@makerdesk/exchange/ccxt';
import type { GuardedSocketAgents } from '../outbound/guarded-socket-agent.ts';
import { OutboundRefusedError, refusedByGuard } from '../outbound/outbound-guard.ts';
import type { LiveExchangeFactory } from './exchange-gateway.ts';

/** A platform's venue mode, as the platforms table holds it. */
export interface VenueMode {
  code: string;
  sandbox?: boolean;
  apiBaseUrl?: string | null;
  wsBaseUrl?: string | null;
}

/** ccxt's fetch hook over a fetch of our own. */
export type VenueFetch = NonNullable<CcxtExchangeConfig['fetchImplementation']>;

/**
 * ccxt's HTTP through the server's guarded fetch: the connection reaches only an address the
 * operator allows, and a redirect is an error. A refused destination is thrown as itself, which
 * ccxt passes on unwrapped, so callers can tell it from a venue that did not answer.
 */
export function venueFetchOf(guardedFetch: typeof fetch): VenueFetch {
  return async (url: string, init: CcxtFetchInit) => {
    try {
      return await guardedFetch(url, {
        ...(init.method !== undefined ? { method: init.method } : {}),
        ...(init.headers !== undefined ? { headers: init.headers } : {}),
        ...(init.body !== undefined ? { body: init.body } : {}),
        ...(init.signal !== undefined ? { signal: init.signal } : {}),
        redirect: 'error',
      });
    } catch (err) {
      if (refusedByGuard(err)) throw new OutboundRefusedError();
      throw err;
    }
  };
}

/**
 * ccxt settings of a platform: its sandbox URLs, or every API call at its API base. A custom base
 * (a proxy, the simulator's Binance facade) serves spot: Binance's futures and currency listings are
 * not asked for there; and since its users chose that address, its calls go through `venueFetch`.
 */
export function ccxtSettingsOf(platform: VenueMode, venueFetch: VenueFetch, socketAgents?: GuardedSocketAgents): CcxtExchangeConfig {
  const config: CcxtExchangeConfig = { id: platform.code };
  if (platform.sandbox) config.sandbox = true;
  if (platform.apiBaseUrl) {
    config.apiBaseUrl = platform.apiBaseUrl.replace(/\/+$/, '');
    config.options = platform.code === 'binance' ? { fetchMarkets: ['spot'], fetchCurrencies: false } : { fetchCurrencies: false };
    config.fetchImplementation = venueFetch;
  }
  if (platform.wsBaseUrl) {
    config.wsBaseUrl = platform.wsBaseUrl.replace(/\/+$/, '');
    // Its streams too reach only what the guard allows, checked as each socket connects.
    if (socketAgents) config.wsAgent = socketAgents.forUrl(config.wsBaseUrl);
  }
  return config;
}

/**
 * Live venues through ccxt (rate limiting on), with the key's passphrase where the venue needs one;
 * `socketAgents`: the guarded agents a platform's WebSocket base connects through.
 */
export function openLiveExchange(guardedFetch: typeof fetch, socketAgents?: GuardedSocketAgents): LiveExchangeFactory {
  const venueFetch = venueFetchOf(guardedFetch);
  return (material) =>
    createCcxtExchange({
      ...ccxtSettingsOf({ code: material.platformCode, sandbox: material.sandbox ?? false, apiBaseUrl: material.apiBaseUrl ?? null, wsBaseUrl: material.wsBaseUrl ?? null }, venueFetch, socketAgents),
      apiKey: material.apiKey,
      secret: material.secretKey,
      ...(material.passphrase ? { password: material.passphrase } : {}),
    });
}

/** The spot symbols a platform lists (public call, no key): what POST /coin/add checks a live pair against. */
export async function listLiveSymbols(platform: VenueMode, guardedFetch: typeof fetch): Promise<string[]> {
  const venue = await createCcxtExchange(ccxtSettingsOf(platform, venueFetchOf(guardedFetch)));
  try {
    return (await venue.loadMarkets()).map((m) => m.symbol);
  } finally {
    await venue.close().catch(() => undefined);
  }
}
