import { createCcxtExchange } from '@makerdesk/exchange/ccxt';
import type { LiveExchangeFactory } from './exchange-gateway.ts';

/** A live venue through ccxt (rate limiting on), with the key's passphrase where the venue needs one. */
export const openLiveExchange: LiveExchangeFactory = (material) =>
  createCcxtExchange({
    id: material.platformCode,
    apiKey: material.apiKey,
    secret: material.secretKey,
    ...(material.passphrase ? { password: material.passphrase } : {}),
  });
