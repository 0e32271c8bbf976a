/**
 * Fuzz over the server's own OpenAPI document (GET /backend/docs/json). Every operation it lists is
 * called as the main account and as a restricted one with malformed input: each path parameter,
 * query parameter and body field in turn set to a hostile value (ids past int4, unsafe integers,
 * negative, fractional, hex and exponent text, booleans, null, non-ASCII, empty, very long, arrays,
 * objects) or left out; extra fields; bad JSON, other JSON than an object, wrong content types; bad
 * percent-encoding in the path and the query; then seeded random values (fast-check, fixed seed, so
 * every run sends the same requests). No answer may be a 5xx. Every /backend answer is the envelope
 * {code, data, msg} with a catalogue code (the CSV export's file on success excepted); the
 * simulator's Binance-compatible API answers Binance's JSON error.
 */
import { createHmac } from 'node:crypto';
import { ErrorCode, isKnownCode } from '@makerdesk/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { AdminRepository } from '../repositories/admin.repository.ts';
import { hashPassword } from '../security/passwords.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { SIM_BINANCE_ROOT } from './sim-binance.routes.ts';

const SEED = 20_260_117;
/**
 * Random requests per operation and caller, on top of the systematic ones; the simulator's calls
 * take Binance's parameters, which its document does not name, so they are fuzzed at random only.
 */
const RANDOM_RUNS = { api: 16, sim: 40 };
/** TEST-NET-2: fuzzed sign-ins slow down this address only, never the fixture's own sign-ins. */
const FUZZ_ADDRESS = '198.51.100.23';
const PASSWORD = 'Fuzz-pass-1234';
/** The calls that answer a CSV file instead of the envelope. */
const CSV_EXPORTS: ReadonlySet<string> = new Set(['GET /backend/analysis/export', 'GET /backend/desk/fills.csv', 'GET /backend/liquidity/report.csv']);

/** Past Number.MAX_SAFE_INTEGER: no longer every integer is a number. */
const UNSAFE_INTEGER = 2 ** 53 + 2;

/** What a hostile caller types into any field. */
const HOSTILE: readonly unknown[] = [
  2_147_483_648,
  UNSAFE_INTEGER,
  -1,
  0,
  1.5,
  '0x10',
  '1e3',
  ' 1',
  true,
  null,
  '',
  'ßß/USDT',
  '中文🙂',
  'a'.repeat(5000),
  [],
  { a: 1 },
];

/** Of HOSTILE, what no id field may accept: past int4, unsafe, and what is not decimal digits. */
const NOT_IDS = new Set<unknown>([2_147_483_648, UNSAFE_INTEGER, -1, 0, 1.5, '0x10', '1e3', ' 1', true]);

/** Whole bodies that are not what any operation takes. */
const BAD_BODIES: readonly { payload: string; contentType: string }[] = [
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '12', contentType: 'application/json' },
  { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { payload: `${'['.repeat(2000)}${']'.repeat(2000)}`, contentType: 'application/json' },
  { payload: 'coinId=1', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'coinId=1', contentType: 'text/plain' },
  { payload: '{"coinId":1}', contentType: 'application/json; charset=latin1' },
];

/** Raw (unencoded) text put into a path or query value. */
const RAW_SEGMENTS = ['%ff%fe', '%', '%00', '%2e%2e'];

/** Binance's parameter names, for the simulator's API (its document names no parameters). */
const BINANCE_PARAMS = ['symbol', 'symbols', 'side', 'type', 'timeInForce', 'quantity', 'quoteOrderQty', 'price', 'orderId', 'origClientOrderId', 'newClientOrderId', 'limit', 'startTime', 'endTime', 'fromId', 'interval', 'recvWindow'];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  sim: boolean;
}

/** One request: the values of the path and query parameters (raw: sent as written, unencoded), and the body. */
interface Probe {
  label: string;
  path: Record<string, { value: string; raw?: boolean }>;
  query: { name: string; value: string; raw?: boolean }[];
  body?: { payload: string; contentType: string };
  /** An id set to what is not one: the answer must be the invalid-parameter code (or the caller's refusal before any parameter is read). */
  notAnId?: boolean;
}

type Caller = 'main' | 'restricted';
const CALLERS: readonly Caller[] = ['main', 'restricted'];

let t: TestApp;
const f = { mainToken: '', subToken: '', subAccount: '', mainKey: 'fuzz-main-key', subKey: '', btc: 1 };
let operations: Operation[] = [];
let subAccounts = 0;

// ------------------------------------------------------------------------------------ the fixture

async function inject(method: string, url: string, token: string | undefined, body?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: method as 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body !== undefined ? { payload: body as object } : {}) });
}

async function login(account: string, password: string): Promise<string> {
  const res = await inject('POST', '/backend/admin/login', undefined, { username: account, password });
  const body = res.json() as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`login of ${account} failed: ${res.payload}`);
  return body.data.token;
}

/** A restricted account of its own, bound to BTC/USDT with a simulator key, signed in. */
async function newRestrictedAccount(): Promise<void> {
  f.subAccount = `fuzz-sub-${++subAccounts}@makerdesk.local`;
  f.subKey = `fuzz-sub-key-${subAccounts}`;
  const added = (await inject('POST', '/backend/admin/addUser', f.mainToken, { account: f.subAccount, role: 'trader', employeeName: 'Fuzz', password: PASSWORD })).json() as { data: { id: number } };
  await inject('POST', '/backend/account-permissions/add', f.mainToken, { adminId: added.data.id, coinId: f.btc });
  f.subToken = await login(f.subAccount, PASSWORD);
  const key = await inject('POST', '/backend/credentials/add', f.subToken, { platformId: 1, apiKey: f.subKey, secretKey: `${f.subKey}-secret`, coinId: f.btc });
  expect(key.statusCode, key.payload).toBe(200);
}

const signedIn = async (token: string) => (await inject('GET', '/backend/coin/list', token)).statusCode === 200;

/**
 * Puts back what the previous operation's requests may have undone: the sessions (a logout, a
 * suspended or deleted account, a changed password) and the pair's status and expiry.
 */
async function restoreFixture(): Promise<void> {
  if (!(await signedIn(f.mainToken))) {
    const admins = new AdminRepository(t.database.db);
    const main = await admins.findByAccount(SEED_ADMIN_ACCOUNT);
    await admins.update(main!.id, { passwordHash: await hashPassword(TEST_ADMIN_PASSWORD), status: 'active' });
    f.mainToken = await login(SEED_ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  }
  if (!(await signedIn(f.subToken))) await newRestrictedAccount();
  await inject('PUT', '/backend/coin/update', f.mainToken, { coinId: f.btc, status: 'enabled', endTimeStamp: null });
}

beforeAll(async () => {
  t = await createTestApp({
    // Nothing leaves the machine: no venue catalogue, no reference venue; the outbound guard keeps alerts in.
    venueCatalog: { describe: async () => ({ known: true, sandbox: true }), listSymbols: async () => ['BTC/USDT'] },
    publicVenue: () => {
      throw new Error('no public venues in the fuzz');
    },
    alerts: { timeoutMs: 200, testWaitMs: 200 },
  });
  // As main.ts: the engine runs before the server answers (the readiness probe checks it).
  await t.services.engine.start();
  f.mainToken = await t.login();
  const key = await inject('POST', '/backend/credentials/add', f.mainToken, { platformId: 1, apiKey: f.mainKey, secretKey: `${f.mainKey}-secret`, coinId: f.btc });
  expect(key.statusCode, key.payload).toBe(200);
  await newRestrictedAccount();

  const doc = (await t.app.inject({ method: 'GET', url: '/backend/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: (op.parameters ?? []).filter((p) => p.in !== 'header'),
      body: op.requestBody?.content?.['application/json']?.schema,
      sim: path.startsWith(SIM_BINANCE_ROOT),
    })),
  );
}, 120_000);
afterAll(() => t.close());

// ------------------------------------------------------------------------------------ generation

/** A plausible value of `schema`: where a hostile value replaces one field, the others pass. */
function sampleOf(schema: JsonSchema): unknown {
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return sampleOf(branch.find((s) => s.type !== 'null') ?? branch[0]!);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s)));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => sampleOf(schema.items ?? {})) : [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {})]));
    case 'string':
      if (schema.format === 'email') return 'fuzz@makerdesk.local';
      return '1'.padEnd(Math.max(1, schema.minLength ?? 1), '1');
    default:
      return '1';
  }
}

/** A field that holds a record's id: named so, and a whole number in the document. */
const isId = (name: string, schema: JsonSchema | undefined) => /^(id|[a-z]+Id)$/.test(name) && [schema, ...(schema?.anyOf ?? [])].some((s) => s?.type === 'integer');

/** Every shape an object body can take (one per branch of a top-level union). */
function bodyShapes(schema: JsonSchema): JsonSchema[] {
  const branch = schema.anyOf ?? schema.oneOf;
  return branch ? branch.flatMap(bodyShapes) : [schema];
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value));
const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' });

function baseProbe(op: Operation): Probe {
  const path = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, { value: asText(sampleOf(p.schema)) }]));
  const query = op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => ({ name: p.name, value: asText(sampleOf(p.schema)) }));
  if (op.sim) query.push({ name: 'symbol', value: 'BTCUSDT' });
  return { label: 'base', path, query, ...(op.body ? { body: json(sampleOf(op.body)) } : {}) };
}

const withQuery = (probe: Probe, name: string, value: string | undefined, raw = false): Probe => ({
  ...probe,
  query: [...probe.query.filter((q) => q.name !== name), ...(value === undefined ? [] : [{ name, value, raw }])],
});

/** The systematic requests of one operation. */
function systematicProbes(op: Operation): Probe[] {
  const base = baseProbe(op);
  const probes: Probe[] = [base];
  for (const p of op.parameters) {
    const place = p.in === 'path' ? 'path' : 'query';
    for (const value of HOSTILE) {
      const text = asText(value);
      const notAnId = isId(p.name, p.schema) && NOT_IDS.has(value);
      probes.push(place === 'path' ? { ...base, notAnId, label: `path ${p.name}=${text.slice(0, 40)}`, path: { ...base.path, [p.name]: { value: text } } } : { ...withQuery(base, p.name, text), notAnId, label: `query ${p.name}=${text.slice(0, 40)}` });
    }
    for (const raw of RAW_SEGMENTS) {
      probes.push(place === 'path' ? { ...base, label: `path ${p.name} raw ${raw}`, path: { ...base.path, [p.name]: { value: raw, raw: true } } } : { ...withQuery(base, p.name, raw, true), label: `query ${p.name} raw ${raw}` });
    }
    if (place === 'query') {
      probes.push({ ...withQuery(base, p.name, undefined), label: `query ${p.name} missing` });
      probes.push({ ...base, label: `query ${p.name} twice`, query: [...base.query, { name: p.name, value: '1' }, { name: p.name, value: '2' }] });
    }
  }
  probes.push({ ...withQuery(base, 'unexpected', 'x'), label: 'extra query parameter' });
  probes.push({ ...withQuery(base, '%ff%fe', '%ff%fe', true), label: 'query name raw %ff%fe' });
  if (op.body) {
    for (const shape of bodyShapes(op.body)) {
      const sample = sampleOf(shape) as Record<string, unknown>;
      for (const field of Object.keys(shape.properties ?? {})) {
        const notAnId = isId(field, shape.properties?.[field]);
        for (const value of HOSTILE) probes.push({ ...base, notAnId: notAnId && NOT_IDS.has(value), label: `body ${field}=${asText(value).slice(0, 40)}`, body: json({ ...sample, [field]: value }) });
        const { [field]: _left, ...without } = sample;
        probes.push({ ...base, label: `body ${field} missing`, body: json(without) });
      }
      probes.push({ ...base, label: 'body with an extra field', body: json({ ...sample, unexpected: 'x' }) });
    }
    for (const body of BAD_BODIES) probes.push({ ...base, label: `body ${body.contentType} ${body.payload.slice(0, 30)}`, body });
    probes.push({ ...base, label: 'body missing', body: undefined });
  }
  return probes;
}

/** Anything JSON can carry, biased to what breaks number and text handling. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.stringMatching(/^[0-9]{1,22}$/),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Seeded random requests of one operation: several fields at once, or a body of any JSON. */
function randomProbes(op: Operation, seed: number): Probe[] {
  const base = baseProbe(op);
  const shapes = op.body ? bodyShapes(op.body) : [];
  const names = [...op.parameters.map((p) => `${p.in}:${p.name}`), ...(op.sim ? BINANCE_PARAMS.map((n) => `query:${n}`) : []), ...shapes.flatMap((s) => Object.keys(s.properties ?? {}).map((n) => `body:${n}`))];
  const fields = names.length > 0 ? fc.uniqueArray(fc.tuple(fc.constantFrom(...names), hostileValue), { minLength: 1, maxLength: 4, selector: ([n]) => n }) : fc.constant([] as [string, unknown][]);
  const arbitrary = fc.tuple(fields, fc.option(fc.jsonValue({ maxDepth: 3 }), { freq: 4 }));
  return fc.sample(arbitrary, { seed, numRuns: op.sim ? RANDOM_RUNS.sim : RANDOM_RUNS.api }).map(([changes, wholeBody], i) => {
    let probe: Probe = { ...base, label: `random #${i} ${JSON.stringify(changes).slice(0, 120)}` };
    const body = op.body ? { ...(sampleOf(shapes[0]!) as Record<string, unknown>) } : undefined;
    for (const [name, value] of changes) {
      const [place, field] = name.split(':') as [string, string];
      if (place === 'path') probe = { ...probe, path: { ...probe.path, [field]: { value: asText(value) } } };
      else if (place === 'query') probe = withQuery(probe, field, asText(value));
      else if (body) body[field] = value;
    }
    if (op.body) probe = { ...probe, body: json(wholeBody ?? body) };
    return probe;
  });
}

// ------------------------------------------------------------------------------------ sending

/** Percent-encodes text as a client would; lone surrogates (no UTF-8 for them) go as U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

function urlOf(op: Operation, probe: Probe): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const given = probe.path[name];
    return given ? (given.raw ? given.value : encode(given.value)) : '1';
  });
  const query = probe.query.map((q) => `${q.raw ? q.name : encode(q.name)}=${q.raw ? q.value : encode(q.value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

const SIM_SECRETS: Record<Caller, () => { apiKey: string; secret: string }> = {
  main: () => ({ apiKey: f.mainKey, secret: `${f.mainKey}-secret` }),
  restricted: () => ({ apiKey: f.subKey, secret: `${f.subKey}-secret` }),
};

async function send(op: Operation, probe: Probe, caller: Caller): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  let url = urlOf(op, probe);
  if (op.sim) {
    // Signed as Binance clients sign: the query string as sent, with a timestamp, under the secret.
    const { apiKey, secret } = SIM_SECRETS[caller]();
    headers['x-mbx-apikey'] = apiKey;
    const [path, query = ''] = url.split('?') as [string, string?];
    const stamped = `${query ? `${query}&` : ''}timestamp=${Date.now()}`;
    url = `${path}?${stamped}&signature=${createHmac('sha256', secret).update(stamped).digest('hex')}`;
  } else {
    headers.authorization = `Bearer ${caller === 'main' ? f.mainToken : f.subToken}`;
  }
  if (probe.body) headers['content-type'] = probe.body.contentType;
  return t.app.inject({ method: op.method as 'GET', url, headers, remoteAddress: FUZZ_ADDRESS, ...(probe.body ? { payload: probe.body.payload } : {}) });
}

/** What is wrong with an answer, or undefined. */
function fault(op: Operation, probe: Probe, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode} ${res.payload.slice(0, 200)}`;
  if (CSV_EXPORTS.has(op.key) && res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/csv')) return undefined;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `HTTP ${res.statusCode}, not JSON: ${res.payload.slice(0, 200)}`;
  }
  const answer = body as { code?: unknown; data?: { code?: unknown } | null; msg?: unknown };
  if (op.sim) {
    if (res.statusCode >= 400 && (typeof answer.code !== 'number' || answer.code >= 0 || typeof answer.msg !== 'string')) return `HTTP ${res.statusCode}, not Binance's error: ${res.payload.slice(0, 200)}`;
    return undefined;
  }
  if (typeof answer.code !== 'number' || typeof answer.msg !== 'string' || !('data' in answer)) return `HTTP ${res.statusCode}, not the envelope: ${res.payload.slice(0, 200)}`;
  if (answer.code !== 200 && !isKnownCode(answer.data?.code)) return `HTTP ${res.statusCode}, no catalogue code: ${res.payload.slice(0, 200)}`;
  if (probe.notAnId && answer.data?.code !== ErrorCode.INVALID_PARAMS && answer.data?.code !== ErrorCode.FORBIDDEN) return `HTTP ${res.statusCode}, read as an id: ${res.payload.slice(0, 200)}`;
  return undefined;
}

// ------------------------------------------------------------------------------------ the run

describe('fuzz over the OpenAPI document', () => {
  it('lists the operations it fuzzes', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((o) => o.key)).toContain('GET /backend/admin/{id}');
    expect(operations.map((o) => o.key)).toContain('POST /backend/order/cancelOrder');
  });

  it('meets no 5xx and no answer outside the envelope, for every operation, as the main and a restricted account', { timeout: 120_000 }, async () => {
    const faults = new Map<string, string[]>();
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      const probes = [...systematicProbes(op), ...randomProbes(op, SEED + index)];
      for (const caller of CALLERS) {
        await restoreFixture();
        for (const probe of probes) {
          const res = await send(op, probe, caller);
          sent += 1;
          const wrong = fault(op, probe, res);
          if (!wrong) continue;
          const key = `${op.key} as ${caller}`;
          const list = faults.get(key) ?? [];
          if (list.length < 3) list.push(`${probe.label}: ${wrong}`);
          faults.set(key, list);
        }
      }
    }
    console.log(`openapi fuzz: ${operations.length} operations, ${sent} requests, seed ${SEED}`);
    expect(sent).toBeGreaterThan(10_000);
    expect(Object.fromEntries(faults)).toEqual({});
  });
});
