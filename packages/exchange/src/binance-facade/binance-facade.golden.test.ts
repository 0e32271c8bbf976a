/**
 * Golden fixtures: each `fixtures/*.json` is a sequence of requests against a fresh fake venue and
 * the exact Binance answers expected. `UPDATE_GOLDEN=1` rewrites the answers (review the diff).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BinanceFacade, type FacadeRequest } from './binance-facade.ts';
import { hmacSha256Hex } from './signature.ts';
import { FakeVenue } from './testing/fake-venue.ts';

const KEY = 'golden-key';
const SECRET = 'golden-secret';
const dir = join(import.meta.dirname, 'fixtures');
const update = process.env.UPDATE_GOLDEN === '1';

interface FixtureRequest {
  method: string;
  path: string;
  params: string;
  signed?: boolean;
  /** null sends no key header. */
  apiKey?: string | null;
  signWith?: string;
  timestampOffsetMs?: number;
}

interface Fixture {
  description: string;
  steps: { request: FixtureRequest; response?: { status: number; body: unknown } }[];
}

/** Builds the wire request as a Binance client would: signed params in the query (GET, DELETE) or the body (POST). */
function wireRequest(request: FixtureRequest, now: number): FacadeRequest {
  let params = request.params;
  if (request.signed) {
    const stamped = `${params ? `${params}&` : ''}timestamp=${now + (request.timestampOffsetMs ?? 0)}`;
    params = `${stamped}&signature=${hmacSha256Hex(request.signWith ?? SECRET, stamped)}`;
  }
  const inBody = request.method === 'POST';
  const apiKey = request.apiKey === null ? undefined : (request.apiKey ?? (request.signed ? KEY : undefined));
  return { method: request.method, path: request.path, query: inBody ? '' : params, body: inBody ? params : '', apiKey };
}

const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('binance facade golden fixtures', () => {
  it('has fixtures', () => expect(files.length).toBeGreaterThanOrEqual(4));

  for (const file of files) {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    it(`${file}: ${fixture.description}`, async () => {
      const venue = new FakeVenue();
      const facade = new BinanceFacade({ venue, keyFor: async (key) => (key === KEY ? { secret: SECRET } : undefined), now: () => venue.now() });
      for (const step of fixture.steps) {
        const response = await facade.handle(wireRequest(step.request, venue.now()));
        const actual = JSON.parse(JSON.stringify(response)) as { status: number; body: unknown };
        if (update) step.response = actual;
        else expect(actual, `${step.request.method} ${step.request.path}?${step.request.params}`).toEqual(step.response);
      }
      if (update) writeFileSync(join(dir, file), `${JSON.stringify(fixture, null, 2)}\n`);
    });
  }
});
