/** For tests elsewhere (the engine's): the Binance facade served over plain HTTP on 127.0.0.1. */
export { serveFacade, FACADE_PREFIX } from './binance-facade/testing/http-server.ts';
export type { FacadeServer } from './binance-facade/testing/http-server.ts';
