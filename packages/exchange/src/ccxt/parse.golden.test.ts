/**
 * Golden fixtures of the parse step: `fixtures/*.json` hold ccxt unified structures (captured from
 * ccxt's binance reading our facade, plus edge cases of other venues) and what we make of them.
 * `UPDATE_GOLDEN=1` rewrites the expectations (review the diff).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBalances, parseMyTrade, parseOrder } from './parse-account.ts';
import { parseMarket, precisionModeOf } from './parse-market.ts';
import { parseCandle, parseOrderBook, parseTicker, parseTrade } from './parse-market-data.ts';

const SYMBOL = 'BTC/USDT';
const NOW = 1_700_000_000_000;
const dir = join(import.meta.dirname, 'fixtures');
const update = process.env.UPDATE_GOLDEN === '1';

// The inputs are ccxt's JSON structures: the parsers' ccxt types are what they read.
/* eslint-disable @typescript-eslint/no-explicit-any */
const parsers: Record<string, (input: any, c: Case) => unknown> = {
  parseMarket: (input, c) => parseMarket(input, precisionModeOf(c.precisionMode ?? 4)),
  parseOrderBook: (input) => parseOrderBook(input, SYMBOL, NOW),
  parseTrade: (input) => parseTrade(input, SYMBOL, NOW),
  parseCandle: (input) => parseCandle(input),
  parseTicker: (input) => parseTicker(input, SYMBOL, NOW),
  parseOrder: (input) => parseOrder(input, SYMBOL, NOW),
  parseMyTrade: (input) => parseMyTrade(input, SYMBOL, NOW),
  parseBalances: (input) => parseBalances(input),
};

interface Case {
  name: string;
  parser: string;
  precisionMode?: number;
  input: unknown;
  expected?: unknown;
}

const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('ccxt parse golden fixtures', () => {
  for (const file of files) {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { description: string; cases: Case[] };
    describe(`${file}: ${fixture.description}`, () => {
      for (const c of fixture.cases) {
        it(c.name, () => {
          const parse = parsers[c.parser];
          if (!parse) throw new Error(`unknown parser ${c.parser}`);
          const actual = parse(c.input, c);
          if (update) c.expected = actual;
          else expect(actual).toEqual(c.expected);
        });
      }
      if (update) it('writes the fixture', () => writeFileSync(join(dir, file), `${JSON.stringify(fixture, null, 2)}\n`));
    });
  }
});
