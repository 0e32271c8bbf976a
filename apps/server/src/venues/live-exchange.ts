import { createCcxtExchange, type CcxtExchangeConfig } from '@makerdesk/exchange/ccxt';
import type { LiveExchangeFactory } from './exchange-gateway.ts';

/** A platform's venue mode, as the platforms table holds it. */
export interface VenueMode {
  code: string;
  sandbox?: boolean;
  apiBaseUrl?: string | null;
}

/**
 * ccxt settings of a platform: its sandbox URLs, or every API call at its API base. A custom base
 * (a proxy, the simulator's Binance facade) serves spot: Binance's futures and currency listings are
 * not asked for there.
 */
export function ccxtSettingsOf(platform: VenueMode): CcxtExchangeConfig {
  const config: CcxtExchangeConfig = { id: platform.code };
  if (platform.sandbox) config.sandbox = true;
  if (platform.apiBaseUrl) {
    config.apiBaseUrl = platform.apiBaseUrl.replace(/\/+$/, '');
    config.options = platform.code === 'binance' ? { fetchMarkets: ['spot'], fetchCurrencies: false } : { fetchCurrencies: false };
  }
  return config;
}

/** A live venue through ccxt (rate limiting on), with the key's passphrase where the venue needs one. */
export const openLiveExchange: LiveExchangeFactory = (material) =>
  createCcxtExchange({
    ...ccxtSettingsOf({ code: material.platformCode, sandbox: material.sandbox ?? false, apiBaseUrl: material.apiBaseUrl ?? null }),
    apiKey: material.apiKey,
    secret: material.secretKey,
    ...(material.passphrase ? { password: material.passphrase } : {}),
  });

/** The spot symbols a platform lists (public call, no key): what POST /coin/add checks a live pair against. */
export async function listLiveSymbols(platform: VenueMode): Promise<string[]> {
  const venue = await createCcxtExchange(ccxtSettingsOf(platform));
  try {
    return (await venue.loadMarkets()).map((m) => m.symbol);
  } finally {
    await venue.close().catch(() => undefined);
  }
}
