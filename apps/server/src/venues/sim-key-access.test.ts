import { describe, expect, it } from 'vitest';
import { canonicalAddress, simKeyGrant, type SimKeyHolder } from './sim-key-access.ts';

const restricted = (patch: Partial<SimKeyHolder> = {}): SimKeyHolder => ({ active: true, main: false, hosts: [], pairs: ['BTC/USDT'], ...patch });
const permits = (holders: SimKeyHolder[], ip: string | undefined, symbol: string) => {
  const grant = simKeyGrant(holders, ip);
  return grant === undefined ? 'refused' : (grant.permits?.(symbol) ?? true);
};

describe('simKeyGrant', () => {
  it('refuses a key no credential holds, or only a suspended account’s', () => {
    expect(simKeyGrant([], '127.0.0.1')).toBeUndefined();
    expect(simKeyGrant([restricted({ active: false })], '127.0.0.1')).toBeUndefined();
    expect(simKeyGrant([restricted({ active: false, main: true })], '127.0.0.1')).toBeUndefined();
  });

  it('keeps a restricted account to its pairs, a main account to none', () => {
    expect(permits([restricted()], '127.0.0.1', 'BTC/USDT')).toBe(true);
    expect(permits([restricted()], '127.0.0.1', 'ETH/USDT')).toBe(false);
    expect(permits([restricted({ pairs: [] })], '127.0.0.1', 'BTC/USDT')).toBe(false);
    expect(permits([restricted({ main: true, pairs: [] })], '127.0.0.1', 'SOL/USDT')).toBe(true);
  });

  it('answers a bound key only from its addresses; an unbound one from anywhere', () => {
    const bound = [restricted({ hosts: ['203.0.113.9', '2001:db8::1'] })];
    expect(permits(bound, '203.0.113.9', 'BTC/USDT')).toBe(true);
    expect(permits(bound, '127.0.0.1', 'BTC/USDT')).toBe('refused');
    expect(permits(bound, undefined, 'BTC/USDT')).toBe('refused');
    expect(permits(bound, '::ffff:203.0.113.9', 'BTC/USDT')).toBe(true);
    expect(permits(bound, '2001:0db8:0000:0000:0000:0000:0000:0001', 'BTC/USDT')).toBe(true);
    expect(permits([restricted()], undefined, 'BTC/USDT')).toBe(true);
  });

  it('with several holders, takes only those reachable from the caller and active, and their pairs together', () => {
    const holders = [restricted({ hosts: ['203.0.113.9'], pairs: ['ETH/USDT'] }), restricted({ pairs: ['BTC/USDT'] }), restricted({ active: false, pairs: ['SOL/USDT'] })];
    expect(permits(holders, '203.0.113.9', 'ETH/USDT')).toBe(true);
    expect(permits(holders, '203.0.113.9', 'BTC/USDT')).toBe(true);
    expect(permits(holders, '127.0.0.1', 'ETH/USDT')).toBe(false);
    expect(permits(holders, '127.0.0.1', 'SOL/USDT')).toBe(false);
  });
});

describe('canonicalAddress', () => {
  it('writes each address one way', () => {
    expect(canonicalAddress(' 127.0.0.1 ')).toBe('127.0.0.1');
    expect(canonicalAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('::FFFF:7f00:1')).toBe('127.0.0.1');
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalAddress('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
  });

  it('answers nothing for what is not an address', () => {
    for (const text of ['', 'localhost', '127.0.0.256', '1.2.3', '::g']) expect(canonicalAddress(text), text).toBeUndefined();
  });
});
