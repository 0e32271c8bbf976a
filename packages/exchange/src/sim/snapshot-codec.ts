/**
 * Reading and writing the JSON-safe pieces of a simulator snapshot: bigints travel as strings,
 * Maps as arrays of entries (their order is part of the state). Readers check every field and
 * throw a SimSnapshotError naming the path they could not read.
 */
import { Ledger, type Side, type StpMode } from './matching/index.ts';
import type { RestingOrder } from './venue-book.ts';

export class SimSnapshotError extends Error {
  override readonly name = 'SimSnapshotError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(`Cannot restore the simulator: ${message}`, options);
  }
}

export function fail(path: string, expected: string): never {
  throw new SimSnapshotError(`${path} should be ${expected}`);
}

export function obj(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  return value as Record<string, unknown>;
}

export function arr(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array');
  return value;
}

export function str(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string');
  return value;
}

export function int(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(path, 'a safe integer');
  return value;
}

export function num(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'a finite number');
  return value;
}

export function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'a boolean');
  return value;
}

export function big(value: unknown, path: string): bigint {
  if (typeof value !== 'string' || !/^-?\d{1,80}$/.test(value)) fail(path, 'an integer string');
  return BigInt(value);
}

export function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) fail(path, `one of ${allowed.join(', ')}`);
  return value as T;
}

export function nullable<T>(value: unknown, path: string, read: (value: unknown, path: string) => T): T | null {
  return value === null ? null : read(value, path);
}

/** Runs a reader, turning any other error it throws into a SimSnapshotError about `path`. */
export function reading<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof SimSnapshotError) throw err;
    throw new SimSnapshotError(`${path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** Balances as [account, [asset, available, frozen][]][], and each asset's supply. */
export interface LedgerJson {
  supply: [string, string][];
  accounts: [string, [string, string, string][]][];
}

export function ledgerToJson(ledger: Ledger): LedgerJson {
  const assets = new Set<string>();
  const accounts: LedgerJson['accounts'] = [];
  for (const account of ledger.accounts()) {
    const rows: [string, string, string][] = [];
    for (const [asset, balance] of ledger.balances(account)) {
      assets.add(asset);
      rows.push([asset, balance.available.toString(), balance.frozen.toString()]);
    }
    accounts.push([account, rows]);
  }
  return { supply: [...assets].map((asset) => [asset, ledger.supplyOf(asset).toString()]), accounts };
}

export interface LedgerImage {
  readonly supply: ReadonlyMap<string, bigint>;
  readonly accounts: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, bigint, bigint]>]>;
}

export function readLedger(value: unknown, path: string): LedgerImage {
  const json = obj(value, path);
  const supply = new Map<string, bigint>();
  arr(json.supply, `${path}.supply`).forEach((row, i) => {
    const [asset, amount] = arr(row, `${path}.supply[${i}]`);
    supply.set(str(asset, `${path}.supply[${i}][0]`), big(amount, `${path}.supply[${i}][1]`));
  });
  const accounts = arr(json.accounts, `${path}.accounts`).map((row, i) => {
    const at = `${path}.accounts[${i}]`;
    const [account, assets] = arr(row, at);
    const balances = arr(assets, `${at}[1]`).map((entry, j) => {
      const [asset, available, frozen] = arr(entry, `${at}[1][${j}]`);
      const where = `${at}[1][${j}]`;
      return [str(asset, `${where}[0]`), big(available, `${where}[1]`), big(frozen, `${where}[2]`)] as const;
    });
    return [str(account, `${at}[0]`), balances] as const;
  });
  return { supply, accounts };
}

/** Deposits every account's total (available + frozen), in the snapshot's order; resting orders then freeze their part. */
export function depositLedger(ledger: Ledger, image: LedgerImage): void {
  for (const [account, balances] of image.accounts) {
    for (const [asset, available, frozen] of balances) {
      if (available < 0n || frozen < 0n) throw new SimSnapshotError(`${account} holds a negative ${asset} balance`);
      ledger.deposit(account, asset, available + frozen);
    }
  }
}

/** Checks a rebuilt ledger against its image: every balance and supply exactly. */
export function verifyLedger(ledger: Ledger, image: LedgerImage, path: string): void {
  for (const [account, balances] of image.accounts) {
    for (const [asset, available, frozen] of balances) {
      const got = ledger.balance(account, asset);
      if (got.available !== available || got.frozen !== frozen) {
        throw new SimSnapshotError(
          `${path}: ${account} ${asset} is ${got.available}/${got.frozen} after rebuilding the books, ` +
            `the snapshot says ${available}/${frozen}`,
        );
      }
    }
  }
  for (const [asset, supply] of image.supply) {
    if (ledger.supplyOf(asset) !== supply || ledger.total(asset) !== supply) {
      throw new SimSnapshotError(`${path}: the ${asset} balances add up to ${ledger.total(asset)}, the supply is ${supply}`);
    }
  }
}

/** A resting order as [no, account, side, price, qty, hold, stp]. */
export type RestingTuple = [string, string, Side, number, number, string, StpMode];

const SIDES: readonly Side[] = ['buy', 'sell'];
const STP_MODES: readonly StpMode[] = ['cancel_taker', 'cancel_maker', 'cancel_both', 'none'];

export function restingToJson(order: RestingOrder): RestingTuple {
  return [order.no, order.account, order.side, order.price, order.qty, order.hold.toString(), order.stp];
}

export function readResting(value: unknown, path: string): RestingOrder {
  const [no, account, side, price, qty, hold, stp] = arr(value, path);
  return {
    no: str(no, `${path}[0]`),
    account: str(account, `${path}[1]`),
    side: oneOf(side, `${path}[2]`, SIDES),
    price: int(price, `${path}[3]`),
    qty: int(qty, `${path}[4]`),
    hold: big(hold, `${path}[5]`),
    stp: oneOf(stp, `${path}[6]`, STP_MODES),
  };
}

export function readLadderSlots(value: unknown, path: string, layers: number): (string | null)[] {
  const slots = arr(value, path).map((slot, i) => nullable(slot, `${path}[${i}]`, str));
  // A profile with more layers than the snapshot's starts the extra ones empty.
  while (slots.length < layers) slots.push(null);
  return slots.slice(0, layers);
}
