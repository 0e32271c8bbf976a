import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../alerts/webhook-signature.ts';

/** One request a fake receiver got, when (epoch ms) and what. */
export interface Received {
  at: number;
  path: string;
  body: string;
  headers: IncomingMessage['headers'];
  /** The webhook receiver's verdict on the signature (always true for Telegram). */
  signatureValid: boolean;
  /** The status it answered. */
  status: number;
}

export interface FakeReceiver {
  url: string;
  received: Received[];
  /** Answers to give next, in order (then 200 with `ok`); each a status and a JSON body. */
  script: { status: number; body?: unknown; headers?: Record<string, string> }[];
  close(): Promise<void>;
}

async function listen(handle: (req: IncomingMessage, body: string) => Received['signatureValid'], okBody: unknown): Promise<FakeReceiver> {
  const receiver: Omit<FakeReceiver, 'url' | 'close'> = { received: [], script: [] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signatureValid = handle(req, body);
      const answer = signatureValid ? (receiver.script.shift() ?? { status: 200, body: okBody }) : { status: 401, body: { error: 'bad signature' } };
      receiver.received.push({ at: Date.now(), path: req.url ?? '', body, headers: req.headers, signatureValid, status: answer.status });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver as FakeReceiver, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A local stand-in for the Telegram Bot API: answers `sendMessage` as Telegram does (or as scripted). */
export function fakeTelegram(): Promise<FakeReceiver> {
  return listen(() => true, { ok: true, result: { message_id: 1 } });
}

/** A webhook receiver that checks X-MakerDesk-Signature with `secret`, as a user's endpoint would. */
export function webhookReceiver(secret: string): Promise<FakeReceiver> {
  return listen((req, body) => {
    const timestamp = String(req.headers[WEBHOOK_TIMESTAMP_HEADER] ?? '');
    const signature = String(req.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
    return timestamp !== '' && verifyWebhookSignature(secret, timestamp, body, signature);
  }, { received: true });
}
