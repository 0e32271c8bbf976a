import type { SimVenueApi } from '@makerdesk/exchange';
import type { FastifyPluginAsync } from 'fastify';
import {
  CLOCK_SKEW_MS,
  encodeError,
  NONCE_HEADER,
  readCall,
  runCall,
  SeenNonces,
  SIGNATURE_HEADER,
  SIM_CALL_PATH,
  TIMESTAMP_HEADER,
  verifyCall,
  type SimReply,
} from '../venues/sim-wire.ts';

export interface InternalSimDeps {
  /** This server's simulator while it holds the claim; undefined while another server runs it. */
  venue(): SimVenueApi | undefined;
  /** deriveKey(masterKey, 'cluster-sim'): every server sharing the database derives the same. */
  key: Buffer;
  now?: () => number;
  /** How many answered nonces are kept at most (SeenNonces' bound by default). */
  maxNonces?: number;
}

/** Orders, batches and addPair arguments are small. */
const BODY_LIMIT = 256 * 1024;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The holder's simulator for the other servers on the database: `POST /internal/sim/call`
 * runs one venue operation. Signed with the cluster key (HMAC over method, path, timestamp, nonce
 * and body, ±30 s), and answered once per nonce; anything else is a 401. A venue error answers 200
 * with `{ ok: false, error }` so the caller rethrows the same kind; a server that does not run the
 * simulator answers 503.
 */
export const internalSimRoutes: FastifyPluginAsync<InternalSimDeps> = async (app, deps) => {
  const now = deps.now ?? Date.now;
  const seen = new SeenNonces(deps.maxNonces);
  // The signature covers the body exactly as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(SIM_CALL_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const signed = {
      timestamp: header(request.headers[TIMESTAMP_HEADER]),
      nonce: header(request.headers[NONCE_HEADER]),
      signature: header(request.headers[SIGNATURE_HEADER]),
    };
    const at = now();
    if (!verifyCall(deps.key, signed, body, at)) {
      return reply.status(401).send({ ok: false, error: { kind: 'unauthorized', message: 'Bad or stale signature', params: {} } });
    }
    // Checked after the signature, so only a holder of the cluster key can fill the set.
    const use = seen.use(signed.nonce!, Number(signed.timestamp) + CLOCK_SKEW_MS, at);
    if (use === 'replayed') return reply.status(401).send({ ok: false, error: { kind: 'unauthorized', message: 'Call already answered', params: {} } });
    if (use === 'full') return reply.status(503).send({ ok: false, error: { kind: 'busy', message: 'Too many calls in the signature window', params: {} } });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    const call = readCall(parsed);
    if (!call) return reply.status(400).send({ ok: false, error: { kind: 'bad_request', message: 'Not a simulator call', params: {} } });
    const venue = deps.venue();
    if (!venue) return reply.status(503).send({ ok: false, error: { kind: 'not_holder', message: 'This server does not run the simulator', params: {} } });
    let answer: SimReply;
    try {
      const value = await runCall(venue, call);
      answer = value === undefined ? { ok: true } : { ok: true, value };
    } catch (err) {
      answer = { ok: false, error: encodeError(err) };
    }
    return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });
};
