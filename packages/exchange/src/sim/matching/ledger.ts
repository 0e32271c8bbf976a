import type { Market } from './market.ts';
import type { Fill } from './types.ts';

/** One account's holding of one asset, in the asset's units. */
export interface Balance {
  readonly available: bigint;
  /** Held for resting orders. */
  readonly frozen: bigint;
}

export type LedgerErrorCode = 'insufficient_balance' | 'invalid_amount';

export class LedgerError extends Error {
  override readonly name = 'LedgerError';
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface MutableBalance {
  available: bigint;
  frozen: bigint;
}

const ZERO: Balance = Object.freeze({ available: 0n, frozen: 0n });

/**
 * Balances of every account in bigint asset units. Apart from deposit and withdraw, every
 * operation moves units between two places, so the total of each asset over all accounts
 * (the fee account included) only changes by deposits minus withdrawals.
 */
export class Ledger {
  /** Account that collects trading fees. */
  readonly feeAccount: string;
  private readonly books = new Map<string, Map<string, MutableBalance>>();
  /** Deposits minus withdrawals per asset: what the totals must equal. */
  private readonly supply = new Map<string, bigint>();

  constructor(feeAccount = 'fees') {
    this.feeAccount = feeAccount;
  }

  balance(account: string, asset: string): Balance {
    const held = this.books.get(account)?.get(asset);
    return held === undefined ? ZERO : { available: held.available, frozen: held.frozen };
  }

  /** Every asset the account has ever held, with its balance. */
  balances(account: string): Map<string, Balance> {
    const out = new Map<string, Balance>();
    for (const [asset, held] of this.books.get(account) ?? []) {
      out.set(asset, { available: held.available, frozen: held.frozen });
    }
    return out;
  }

  /** Calls `fn` with each asset the account has ever held, in the order of `balances`, without copying them. */
  forEachBalance(account: string, fn: (asset: string, available: bigint, frozen: bigint) => void): void {
    const held = this.books.get(account);
    if (held === undefined) return;
    for (const [asset, balance] of held) fn(asset, balance.available, balance.frozen);
  }

  accounts(): string[] {
    return [...this.books.keys()];
  }

  /** Sum of available + frozen over all accounts, fee account included. */
  total(asset: string): bigint {
    let sum = 0n;
    for (const assets of this.books.values()) {
      const held = assets.get(asset);
      if (held !== undefined) sum += held.available + held.frozen;
    }
    return sum;
  }

  /** Deposits minus withdrawals of `asset`: `total(asset)` always equals it. */
  supplyOf(asset: string): bigint {
    return this.supply.get(asset) ?? 0n;
  }

  deposit(account: string, asset: string, amount: bigint): void {
    assertAmount(amount);
    this.held(account, asset).available += amount;
    this.supply.set(asset, this.supplyOf(asset) + amount);
  }

  withdraw(account: string, asset: string, amount: bigint): void {
    assertAmount(amount);
    const held = this.held(account, asset);
    requireCovered(account, asset, 'available', held.available, amount);
    held.available -= amount;
    this.supply.set(asset, this.supplyOf(asset) - amount);
  }

  /** available → frozen. Throws 'insufficient_balance' when available is short. */
  freeze(account: string, asset: string, amount: bigint): void {
    assertAmount(amount);
    const held = this.held(account, asset);
    requireCovered(account, asset, 'available', held.available, amount);
    held.available -= amount;
    held.frozen += amount;
  }

  /** frozen → available. */
  unfreeze(account: string, asset: string, amount: bigint): void {
    assertAmount(amount);
    const held = this.held(account, asset);
    requireCovered(account, asset, 'frozen', held.frozen, amount);
    held.frozen -= amount;
    held.available += amount;
  }

  /** `from`'s frozen → `to`'s available: paying for a trade out of what an order holds. */
  payFrozen(from: string, to: string, asset: string, amount: bigint): void {
    assertAmount(amount);
    const source = this.held(from, asset);
    requireCovered(from, asset, 'frozen', source.frozen, amount);
    source.frozen -= amount;
    this.held(to, asset).available += amount;
  }

  /** `from`'s available → `to`'s available. */
  transfer(from: string, to: string, asset: string, amount: bigint): void {
    assertAmount(amount);
    const source = this.held(from, asset);
    requireCovered(from, asset, 'available', source.available, amount);
    source.available -= amount;
    this.held(to, asset).available += amount;
  }

  /**
   * Settles one fill: the buyer pays quote out of its frozen quote, the seller delivers base out
   * of its frozen base, and each side pays its fee out of what it just received into the fee
   * account. Fees never exceed what was received, so nothing goes negative.
   */
  settleFill(market: Market, fill: Fill): void {
    const takerBuys = fill.takerSide === 'buy';
    const buyer = takerBuys ? fill.takerAccount : fill.makerAccount;
    const seller = takerBuys ? fill.makerAccount : fill.takerAccount;
    this.payFrozen(buyer, seller, market.quote, fill.quoteAmount);
    this.payFrozen(seller, buyer, market.base, fill.baseAmount);
    const buyerFee = takerBuys ? fill.takerFee : fill.makerFee;
    const sellerFee = takerBuys ? fill.makerFee : fill.takerFee;
    if (buyerFee > 0n) this.transfer(buyer, this.feeAccount, market.base, buyerFee);
    if (sellerFee > 0n) this.transfer(seller, this.feeAccount, market.quote, sellerFee);
  }

  private held(account: string, asset: string): MutableBalance {
    let assets = this.books.get(account);
    if (assets === undefined) {
      assets = new Map();
      this.books.set(account, assets);
    }
    let held = assets.get(asset);
    if (held === undefined) {
      held = { available: 0n, frozen: 0n };
      assets.set(asset, held);
    }
    return held;
  }
}

function assertAmount(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount < 0n) {
    throw new LedgerError('invalid_amount', `amount must be a non-negative bigint, got ${String(amount)}`);
  }
}

function requireCovered(account: string, asset: string, part: string, have: bigint, need: bigint): void {
  if (have < need) {
    throw new LedgerError(
      'insufficient_balance',
      `${account} has ${have} ${asset} ${part}, needs ${need}`,
    );
  }
}
