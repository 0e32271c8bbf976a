/**
 * MakerDesk's client order ids: `MD` + scope + `Z` + 16 random base62 characters. Bots on one
 * account each use their own scope, so a bot recognises its orders and never touches another bot's
 * or the owner's manual orders. Alphanumeric and at most 31 characters, the ids fit every venue we
 * list (Binance allows 36 characters, OKX 32 alphanumerics).
 */
import { randomFillSync } from 'node:crypto';

export const CLIENT_ORDER_ID_PREFIX = 'MD';
/** Lowercase letters and digits only: the uppercase `Z` after it cannot be part of a scope. */
const SCOPE = /^[a-z0-9]{1,12}$/;
const SEPARATOR = 'Z';
const SUFFIX_LENGTH = 16;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function assertScope(scope: string): void {
  if (!SCOPE.test(scope)) throw new RangeError(`client order id scope must be 1-12 lowercase letters or digits, got ${JSON.stringify(scope)}`);
}

/** Random bytes drawn from the system's CSPRNG a batch at a time (one call per id was 16 calls). */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
/** Bytes below 248 = 4 × 62 map to base62 characters uniformly (byte % 62); the others are skipped. */
const UNBIASED_BELOW = 248;

function randomBase62(): string {
  for (;;) {
    if (poolAt === pool.length) {
      randomFillSync(pool);
      poolAt = 0;
    }
    const byte = pool[poolAt++] as number;
    if (byte < UNBIASED_BELOW) return BASE62[byte % 62] as string;
  }
}

export function makerDeskClientOrderId(scope: string): string {
  assertScope(scope);
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += randomBase62();
  return `${CLIENT_ORDER_ID_PREFIX}${scope}${SEPARATOR}${suffix}`;
}

/** The scope of bot `robotId`'s orders: each bot its own, so it never touches another's. */
export function botScope(robotId: number): string {
  return `b${robotId}`;
}

/** The scope of orders placed by hand from the console. */
export const MANUAL_SCOPE = 'manual';

/**
 * Who placed an order, read from its client order id: one of the account's bots, a person in the
 * console, or something else holding the same key (no MakerDesk id, or one this reading does not know).
 */
export type ClientOrderOrigin = { kind: 'bot'; robotId: number } | { kind: 'manual' } | { kind: 'other' };

const MAKERDESK_ID = new RegExp(`^${CLIENT_ORDER_ID_PREFIX}([a-z0-9]{1,12})${SEPARATOR}[0-9A-Za-z]{${SUFFIX_LENGTH}}$`);

export function clientOrderOrigin(id: string | null | undefined): ClientOrderOrigin {
  const match = typeof id === 'string' ? MAKERDESK_ID.exec(id) : null;
  const scope = match?.[1];
  if (scope === undefined) return { kind: 'other' };
  if (scope === MANUAL_SCOPE) return { kind: 'manual' };
  const bot = /^b([1-9][0-9]{0,9})$/.exec(scope);
  if (bot) {
    const robotId = Number(bot[1]);
    if (Number.isSafeInteger(robotId) && robotId <= 2_147_483_647) return { kind: 'bot', robotId };
  }
  return { kind: 'other' };
}

/** True for ids `makerDeskClientOrderId(scope)` made, and only for that scope. */
export function isOwnClientOrderId(id: string | null | undefined, scope: string): boolean {
  assertScope(scope);
  return typeof id === 'string' && id.startsWith(`${CLIENT_ORDER_ID_PREFIX}${scope}${SEPARATOR}`) && id.length === CLIENT_ORDER_ID_PREFIX.length + scope.length + 1 + SUFFIX_LENGTH;
}
