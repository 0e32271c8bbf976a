/** Platforms in a venue's sandbox or testnet mode: what ccxt knows offline, and the refusal where it has none. */
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import { createCcxtExchange, describeCcxtVenue } from './ccxt-exchange.ts';

describe('describeCcxtVenue', () => {
  it('knows ccxt ids and which have sandbox URLs', async () => {
    expect(await describeCcxtVenue('binance')).toEqual({ known: true, sandbox: true });
    expect(await describeCcxtVenue('mexc')).toEqual({ known: true, sandbox: false });
    expect(await describeCcxtVenue('nosuchvenue')).toEqual({ known: false, sandbox: false });
    expect(await describeCcxtVenue('Binance')).toEqual({ known: false, sandbox: false });
  });
});

describe('createCcxtExchange with sandbox', () => {
  it('opens a venue in its sandbox mode, and refuses one without sandbox URLs', async () => {
    const binance = await createCcxtExchange({ id: 'binance', sandbox: true });
    await binance.close();
    const refused = await createCcxtExchange({ id: 'mexc', sandbox: true }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ExchangeError);
    expect((refused as ExchangeError).message).toMatch(/mexc has no sandbox/);
  });
});
