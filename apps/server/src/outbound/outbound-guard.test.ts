import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedDestination, parseAllowList, type OutboundAllowList } from './allow-list.ts';
import { outboundHttp } from './guarded-http.ts';
import { parseIp } from './ip-address.ts';
import { OutboundGuard, refusedByGuard, type Resolver } from './outbound-guard.ts';

const allow = (text: string): OutboundAllowList => {
  const parsed = parseAllowList(text);
  if (!parsed.ok) throw new Error(parsed.bad.join());
  return parsed.list;
};

/** A resolver that knows a few names, and answers in turn when a name has several answers. */
function fakeDns(table: Record<string, string[] | string[][]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const turns = new Map<string, number>();
  const resolve = async (host: string) => {
    asked.push(host);
    const entry = table[host];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    if (!Array.isArray(entry[0])) return entry as string[];
    const turn = turns.get(host) ?? 0;
    turns.set(host, turn + 1);
    return (entry as string[][])[Math.min(turn, entry.length - 1)]!;
  };
  return Object.assign(resolve, { asked });
}

describe('MAKERDESK_OUTBOUND_ALLOW', () => {
  it('parses addresses and CIDR blocks of both families, and names every bad entry', () => {
    expect(parseAllowList('')).toEqual({ ok: true, list: { blocks: [], entries: [] } });
    const list = allow(' 127.0.0.1/32, 10.0.0.0/8 ,,fd00::/8,::1 ');
    expect(list.entries).toEqual(['127.0.0.1/32', '10.0.0.0/8', 'fd00::/8', '::1']);
    expect(parseAllowList('10.0.0.0/8,localhost,127.1,10.0.0.0/33')).toEqual({ ok: false, bad: ['localhost', '127.1', '10.0.0.0/33'] });
  });

  it('lets public addresses through, and non-public ones only inside a listed block (a mapped IPv4 address as itself)', () => {
    const list = allow('127.0.0.1/32,10.0.0.0/8,fd00::/8');
    const ok = (address: string) => isAllowedDestination(parseIp(address)!, list);
    expect(['8.8.8.8', '127.0.0.1', '::ffff:127.0.0.1', '10.9.8.7', 'fd12::1'].map(ok)).toEqual([true, true, true, true, true]);
    expect(['127.0.0.2', '::1', '192.168.1.1', '169.254.169.254', 'fe80::1', '0.0.0.0', '100.64.0.1'].map(ok)).toEqual([false, false, false, false, false, false, false]);
    expect(isAllowedDestination(parseIp('127.0.0.1')!, allow(''))).toBe(false);
  });
});

describe('OutboundGuard', () => {
  const dns = fakeDns({
    'hooks.example.com': ['93.184.216.34'],
    'inside.example.com': ['10.0.0.5'],
    'mixed.example.com': ['93.184.216.34', '192.168.0.9'],
    'localhost': ['127.0.0.1', '::1'],
  });
  const guard = new OutboundGuard({ resolve: dns });

  it('refuses at save time every literal spelling and every name that resolves inside, and lets unresolved names through', async () => {
    const refused = [
      'http://127.0.0.1:8080/x',
      'http://localhost:3000/',
      'http://0.0.0.0/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://[::1]:9/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://[fd00::1]/',
      'http://100.64.0.1/',
      'http://inside.example.com/hook',
      'http://mixed.example.com/hook',
      'http://app.localhost/',
      'not a url',
    ];
    for (const url of refused) expect(await guard.allowsUrl(url), url).toBe(false);
    for (const url of ['https://hooks.example.com/x', 'https://8.8.8.8/', 'https://unknown.example.net/']) expect(await guard.allowsUrl(url), url).toBe(true);
  });

  it('answers within its save wait when the resolver hangs', async () => {
    const slow = new OutboundGuard({ resolve: () => new Promise(() => undefined), saveLookupMs: 20 });
    expect(await slow.allowsUrl('https://slow.example.com/')).toBe(true);
    expect(await slow.allowsUrl('http://slow.localhost/')).toBe(false);
  });

  it('pins one allowed address per connection, and refuses a name with any address inside', async () => {
    expect(await guard.pin('hooks.example.com')).toBe('93.184.216.34');
    expect(await guard.pin('8.8.8.8')).toBe('8.8.8.8');
    expect(await guard.pin('[2606:4700::1111]')).toBe('2606:4700::1111');
    for (const host of ['inside.example.com', 'mixed.example.com', 'localhost', '127.0.0.1', '::1', '10.0.0.1']) {
      const err = await guard.pin(host).catch((e: unknown) => e);
      expect(refusedByGuard(err), host).toBe(true);
      expect(String(err)).not.toContain(host);
    }
    expect(await new OutboundGuard({ allow: allow('127.0.0.0/8,::1'), resolve: dns }).pin('localhost')).toBe('127.0.0.1');
  });
});

describe('the guarded HTTP, against a receiver on this machine', () => {
  let receiver: Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('internal: db_password=hunter2');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('refuses loopback without the operator’s leave, before anything is sent', async () => {
    const http = outboundHttp(new OutboundGuard());
    const before = hits.length;
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '127.1', '2130706433']) {
      const err = await http.fetch(`http://${host}:${port}/x`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
      expect(refusedByGuard(err), host).toBe(true);
    }
    expect(hits.length).toBe(before);
    await http.close();
  });

  it('reaches it once allowed, and answers a redirect as it is instead of following it', async () => {
    const http = outboundHttp(new OutboundGuard({ allow: allow('127.0.0.1/32') }));
    const ok = await http.fetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: '{}' });
    expect(ok.status).toBe(200);
    await ok.body?.cancel();
    const before = hits.length;
    const moved = await http.fetch(`http://127.0.0.1:${port}/moved`, { method: 'POST', body: '{}', redirect: 'follow' });
    expect(moved.status).toBe(302);
    await moved.body?.cancel();
    expect(hits.slice(before)).toEqual(['/moved']);
    await http.close();
  });

  it('connects to the address it checked: a name that rebinds inside after the save is refused at send time', async () => {
    const rebinding = fakeDns({ 'rebind.example.com': [['93.184.216.34'], ['127.0.0.1']] });
    const guard = new OutboundGuard({ resolve: rebinding });
    expect(await guard.allowsUrl(`http://rebind.example.com:${port}/x`)).toBe(true);
    const http = outboundHttp(guard);
    const before = hits.length;
    const err = await http.fetch(`http://rebind.example.com:${port}/x`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(refusedByGuard(err)).toBe(true);
    expect(hits.length).toBe(before);
    expect(rebinding.asked).toEqual(['rebind.example.com', 'rebind.example.com']);
    await http.close();
  });
});
