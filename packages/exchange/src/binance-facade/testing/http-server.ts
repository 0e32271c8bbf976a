/** Serves a facade over plain node:http on 127.0.0.1, for tests that point ccxt at it without the server. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BinanceFacade } from '../binance-facade.ts';

export const FACADE_PREFIX = '/sim/binance/api/v3/';

export interface FacadeServer {
  /** `http://127.0.0.1:<port>/sim/binance/api/v3` */
  baseUrl: string;
  close(): Promise<void>;
}

export async function serveFacade(facade: BinanceFacade): Promise<FacadeServer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      const pathname = mark < 0 ? url : url.slice(0, mark);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!pathname.startsWith(FACADE_PREFIX)) return send(404, { code: -1000, msg: 'Not found.' });
      const apiKey = req.headers['x-mbx-apikey'];
      void facade
        .handle({
          method: req.method ?? 'GET',
          path: pathname.slice(FACADE_PREFIX.length),
          query: mark < 0 ? '' : url.slice(mark + 1),
          body: Buffer.concat(chunks).toString('utf8'),
          apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey,
          clientIp: req.socket.remoteAddress,
        })
        .then((r) => send(r.status, r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${FACADE_PREFIX.slice(0, -1)}`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
