import { describe, expect, it } from 'vitest';
import { catalogue, catalogueEntries, catalogueEntry, isKnownCode, messageFor, renderMessage } from './catalogue.ts';
import { ErrorCode, OutcomeCode, SYSTEM_NOTICE_CODE } from './codes.ts';
import { copyTradingEntries } from './copy-trading.entries.ts';
import { pairEntries } from './pair.entries.ts';
import { paramsEntries } from './params.entries.ts';
import { systemEntries } from './system.entries.ts';
import { traderEntries } from './trader.entries.ts';
import { tradingEntries } from './trading.entries.ts';
import type { CatalogueGroup } from './types.ts';
import { walletEntries } from './wallet.entries.ts';

/** The spec's code ranges (§8), inclusive, each with the group its entries belong to. */
const specRanges: ReadonlyArray<{ from: number; to: number; group: CatalogueGroup }> = [
  { from: 401, to: 401, group: 'transport' },
  { from: 2000401, to: 2000401, group: 'transport' },
  { from: 3000401, to: 3000401, group: 'transport' },
  { from: 4000401, to: 4000401, group: 'transport' },
  { from: 1010002, to: 1010050, group: 'trading' },
  { from: 1011001, to: 1011011, group: 'pair' },
  { from: 1011200, to: 1011201, group: 'account' },
  { from: 1030001, to: 1030033, group: 'params' },
  { from: 1050400, to: 1050400, group: 'general' },
  { from: 1050500, to: 1050501, group: 'general' },
  { from: 1051000, to: 1051004, group: 'trader' },
  { from: 1070001, to: 1070003, group: 'auth' },
  { from: 1080028, to: 1080028, group: 'notice' },
  { from: 2030001, to: 2030008, group: 'lookup' },
  { from: 2051000, to: 2051006, group: 'copyTrading' },
  { from: 2052000, to: 2052009, group: 'copyTrading' },
  { from: 2070001, to: 2070031, group: 'wallet' },
  { from: 3010001, to: 3010001, group: 'system' },
  { from: 3010005, to: 3010005, group: 'system' },
  { from: 3030001, to: 3030002, group: 'queue' },
  // MakerDesk's own, right after the spec range of their group (bots.entries.ts)
  { from: 1030034, to: 1030034, group: 'params' },
  // Pair and platform administration (pair-admin.entries.ts)
  { from: 1030035, to: 1030036, group: 'params' },
  { from: 1030040, to: 1030044, group: 'params' },
  // Platform edit and delete (pair-admin.entries.ts)
  { from: 1030105, to: 1030108, group: 'params' },
  // Running as a service: readiness and upgrades (operations.entries.ts)
  { from: 1030110, to: 1030111, group: 'params' },
  // Alert channels (alerts.entries.ts)
  { from: 1030045, to: 1030049, group: 'params' },
  // Outbound destinations (outbound.entries.ts)
  { from: 1030060, to: 1030063, group: 'params' },
  // Data analysis (analysis.entries.ts)
  { from: 1030055, to: 1030058, group: 'params' },
  // What one account may hold (account-limits.entries.ts)
  { from: 1030050, to: 1030051, group: 'params' },
  // The desk's P&L and fills ledger (desk.entries.ts)
  { from: 1030090, to: 1030092, group: 'params' },
  // Liquidity obligations (liquidity.entries.ts)
  { from: 1030116, to: 1030117, group: 'params' },
  // Fat-finger guards (fat-finger.entries.ts)
  { from: 1030080, to: 1030083, group: 'params' },
  // What a check found, in a successful answer (outcome.entries.ts)
  { from: 1090001, to: 1090002, group: 'outcome' },
];

const expectedSize = specRanges.reduce((n, r) => n + r.to - r.from + 1, 0);

const CJK = /[\u3400-\u9fff]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const rangeOf = (code: number) => specRanges.find((r) => code >= r.from && code <= r.to);

describe('error catalogue', () => {
  it('has no duplicate codes', () => {
    const seen = new Set<number>();
    const dupes = catalogueEntries.filter((e) => (seen.has(e.code) ? true : (seen.add(e.code), false))).map((e) => e.code);
    expect(dupes).toEqual([]);
  });

  it('holds exactly the entries of the entry files', () => {
    expect(catalogue.size).toBe(catalogueEntries.length);
    for (const e of catalogueEntries) expect(catalogue.get(e.code)).toBe(e);
  });

  it('has only codes inside the spec ranges, in the range group', () => {
    for (const { code, group } of catalogue.values()) {
      const range = rangeOf(code);
      expect(range, `code ${code} outside every spec range`).toBeDefined();
      expect(group, `group of ${code}`).toBe(range?.group);
    }
  });

  it('covers every code of every spec range', () => {
    const missing: number[] = [];
    for (const { from, to } of specRanges) {
      for (let code = from; code <= to; code++) if (!catalogue.has(code)) missing.push(code);
    }
    expect(missing).toEqual([]);
    expect(catalogue.size).toBe(expectedSize);
  });

  it('has per-group sizes the brief asks for', () => {
    expect(tradingEntries).toHaveLength(49);
    expect(pairEntries).toHaveLength(11);
    expect(paramsEntries).toHaveLength(27);
    expect(traderEntries).toHaveLength(5);
    expect(copyTradingEntries).toHaveLength(17);
    expect(walletEntries).toHaveLength(31);
  });

  it('has non-empty English and Chinese texts, the Chinese one in CJK', () => {
    for (const e of catalogue.values()) {
      expect(e.en.trim(), `en of ${e.code}`).not.toBe('');
      expect(e.zh.trim(), `zh of ${e.code}`).not.toBe('');
      expect(e.zh, `zh of ${e.code}`).toMatch(CJK);
      expect(e.en, `en of ${e.code}`).not.toMatch(CJK);
      expect(e.en, `en of ${e.code} has no stray whitespace`).toBe(e.en.trim());
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const e of catalogue.values()) expect(placeholders(e.zh), `placeholders of ${e.code}`).toEqual(placeholders(e.en));
  });

  it('gives every code a distinct text in each language', () => {
    const en = [...catalogue.values()].map((e) => e.en);
    const zh = [...catalogue.values()].map((e) => e.zh);
    expect(en.filter((t, i) => en.indexOf(t) !== i)).toEqual([]);
    expect(zh.filter((t, i) => zh.indexOf(t) !== i)).toEqual([]);
  });

  it('answers with a valid HTTP status', () => {
    for (const e of catalogue.values()) {
      if (e.group === 'transport') expect([401, 403], `http of ${e.code}`).toContain(e.http);
      else if (e.group === 'outcome') expect(e.http, `http of ${e.code}: never raised`).toBe(200);
      else {
        expect(Number.isInteger(e.http), `http of ${e.code}`).toBe(true);
        expect(e.http, `http of ${e.code}`).toBeGreaterThanOrEqual(400);
        expect(e.http, `http of ${e.code}`).toBeLessThan(600);
      }
    }
    for (const e of systemEntries) expect(e.http, `http of ${e.code}`).toBeGreaterThanOrEqual(500);
    expect(catalogueEntry(ErrorCode.ORDERS_TOO_FREQUENT)?.http).toBe(429);
    expect(catalogueEntry(ErrorCode.ORDER_NOT_FOUND)?.http).toBe(404);
  });

  it('has an entry for every named ErrorCode, and the system notice code', () => {
    for (const [name, code] of Object.entries(ErrorCode)) expect(catalogue.has(code), `ErrorCode.${name} = ${code}`).toBe(true);
    expect(new Set(Object.values(ErrorCode)).size).toBe(Object.values(ErrorCode).length);
    expect(ErrorCode.SYSTEM_NOTICE).toBe(SYSTEM_NOTICE_CODE);
    expect(catalogueEntry(SYSTEM_NOTICE_CODE)?.group).toBe('notice');
  });

  it('has an entry of the outcome group for every named OutcomeCode, and no error code among them', () => {
    for (const [name, code] of Object.entries(OutcomeCode)) expect(catalogueEntry(code)?.group, `OutcomeCode.${name} = ${code}`).toBe('outcome');
    expect(Object.values(ErrorCode).filter((code) => catalogueEntry(code)?.group === 'outcome')).toEqual([]);
  });

  it('keeps the foundation parameter texts unchanged', () => {
    const kept = (code: number) => [catalogueEntry(code)?.en, catalogueEntry(code)?.zh];
    expect(kept(1030001)).toEqual(['Trading pair cannot be empty', '交易对不能为空']);
    expect(kept(1030029)).toEqual(['The password must be at least 8 digits and at most 16 digits!', '密码长度须为8到16位！']);
    expect(kept(1030030)).toEqual(['Invalid email format', '邮箱格式不正确']);
    expect(kept(1030031)).toEqual(['The two password entries are inconsistent!', '两次输入的密码不一致！']);
    expect(kept(1030032)).toEqual(['The current password is incorrect', '当前密码不正确']);
    expect(kept(1030033)).toEqual(['You cannot delete, suspend or demote your own account', '不能删除、停用或降级自己的账户']);
  });

  it('includes the deposit-and-transfer text', () => {
    expect(catalogueEntry(ErrorCode.DEPOSIT_AND_TRANSFER_FUNDS)?.en).toBe('Please deposit and transfer funds to the trading account');
  });
});

describe('isKnownCode', () => {
  it('accepts catalogue codes only', () => {
    expect(isKnownCode(ErrorCode.INSUFFICIENT_BALANCE)).toBe(true);
    expect(isKnownCode(1010001)).toBe(false);
    expect(isKnownCode('1010002')).toBe(false);
    expect(isKnownCode(undefined)).toBe(false);
  });
});

describe('renderMessage', () => {
  it('fills placeholders', () => {
    expect(renderMessage('Between {min} and {max}', { min: 1, max: '5' })).toBe('Between 1 and 5');
    expect(renderMessage('{a}{a}', { a: 'x' })).toBe('xx');
  });

  it('leaves an empty string for a missing param, never the raw brace', () => {
    expect(renderMessage('Limit {max}.')).toBe('Limit .');
  });

  it('keeps text without placeholders as is', () => {
    expect(renderMessage('Order not found', { max: 3 })).toBe('Order not found');
  });
});

describe('messageFor', () => {
  it('renders params in English and Chinese', () => {
    expect(messageFor(ErrorCode.MIN_ORDER_AMOUNT, 'en_US', { min: 10 })).toBe('Order amount cannot be less than 10');
    expect(messageFor(ErrorCode.MIN_ORDER_AMOUNT, 'zh_CN', { min: 10 })).toBe('下单金额不能低于10');
    expect(messageFor(ErrorCode.PRICE_PROTECTION, 'en_US', { max: 5 })).toContain('5%');
    expect(messageFor(ErrorCode.PRICE_PROTECTION, 'zh_CN', { max: 5 })).toContain('5%');
  });

  it('returns the plain text of an entry without placeholders', () => {
    expect(messageFor(ErrorCode.INSUFFICIENT_BALANCE, 'en_US')).toBe('Insufficient available balance');
    expect(messageFor(ErrorCode.INSUFFICIENT_BALANCE, 'zh_CN')).toBe('可用余额不足');
  });

  it('falls back to an unknown-error text with the code', () => {
    expect(messageFor(9999999, 'en_US')).toBe('Unknown error (9999999)');
    expect(messageFor(9999999, 'zh_CN')).toBe('未知错误（9999999）');
  });
});
