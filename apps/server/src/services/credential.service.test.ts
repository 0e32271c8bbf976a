import { randomBytes } from 'node:crypto';
import { ErrorCode, MAIN_ACCOUNT, RESTRICTED_ACCOUNT } from '@makerdesk/contract';
import { ExchangeError } from '@makerdesk/exchange';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import type { CoinRow } from '../repositories/coin.repository.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { CoinService } from './coin.service.ts';
import type { ApiKeyMaterial } from '../domain/key-material.ts';
import { CredentialService } from './credential.service.ts';

const SECRET = 'sk-very-secret-value-123456';
const PASSPHRASE = 'my-passphrase-789';

let fake: InMemoryRepositories;
let service: CredentialService;
let prepared: { material: Omit<ApiKeyMaterial, 'id'>; ownedApiKey: string | undefined }[];
let refuseKeys: boolean;
let main: AdminRow;
let sub: AdminRow;
let btc: CoinRow;
let eth: CoinRow;
let simId: number;

beforeEach(async () => {
  fake = createInMemoryRepositories();
  prepared = [];
  refuseKeys = false;
  service = new CredentialService(fake.repos, new CoinService(fake.repos), randomBytes(32), async (material, ownedApiKey) => {
    prepared.push({ material, ownedApiKey });
    if (refuseKeys) throw new ExchangeError('invalid_key', 'API key rejected');
  });
  await fake.repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  simId = (await fake.repos.platforms.findByCode('sim'))!.id;
  await fake.repos.coins.insertMissing(simId, ['BTC/USDT', 'ETH/USDT']);
  [btc, eth] = (await fake.repos.coins.listAll()) as [CoinRow, CoinRow];
  main = (await fake.repos.admins.insert({ account: 'main@desk.io', passwordHash: 'h', role: 'operator', employeeName: 'M', mainAccountId: MAIN_ACCOUNT }))!;
  sub = (await fake.repos.admins.insert({ account: 'sub@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'S', mainAccountId: RESTRICTED_ACCOUNT }))!;
  await fake.repos.coins.bind(sub.id, eth.id);
});

function importKey(owner: AdminRow, coinId: number, apiKey = 'ak-public-key-0001') {
  return service.add(owner, { platformId: simId, apiKey, secretKey: SECRET, passphrase: PASSPHRASE, coinId, hosts: ['203.0.113.7'] });
}

describe('CredentialService: importing keys', () => {
  it('checks the key with its venue, stores it sealed and answers it masked with its pair and platform', async () => {
    const view = await importKey(main, btc.id);
    expect(view).toMatchObject({ platformCode: 'sim', apiKey: '****0001', secretKey: '********', passphrase: '********', coinId: btc.id, coinName: 'BTC/USDT', hosts: ['203.0.113.7'], memberId: null });
    expect(prepared).toEqual([{ material: { platformCode: 'sim', apiKey: 'ak-public-key-0001', secretKey: SECRET, passphrase: PASSPHRASE, hosts: ['203.0.113.7'] }, ownedApiKey: undefined }]);
    const stored = JSON.stringify(fake.tables.credentials);
    for (const plain of ['ak-public-key-0001', SECRET, PASSPHRASE]) expect(stored).not.toContain(plain);
  });

  it('a key the venue refuses, an unknown platform or a pair the caller may not use leaves nothing behind', async () => {
    refuseKeys = true;
    await expect(importKey(main, btc.id)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.INVALID_API_KEY }));
    refuseKeys = false;
    await expect(service.add(main, { platformId: 999, apiKey: 'a', secretKey: 'b', coinId: btc.id })).rejects.toEqual(expect.objectContaining({ code: ErrorCode.PLATFORM_NOT_FOUND }));
    await expect(importKey(sub, btc.id)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.FORBIDDEN }));
    expect(fake.tables.credentials).toEqual([]);
  });
});

describe('CredentialService: owners only', () => {
  it('lists only the caller’s keys and hides others’ keys as not found', async () => {
    const mine = await importKey(sub, eth.id, 'sub-key-0001');
    const theirs = await importKey(main, btc.id);
    expect((await service.listFor(sub.id)).map((k) => k.id)).toEqual([mine.id]);
    await expect(service.update(sub, { id: theirs.id, hosts: [] })).rejects.toEqual(expect.objectContaining({ code: ErrorCode.CREDENTIAL_NOT_FOUND }));
    expect(fake.tables.credentials.find((c) => c.id === theirs.id)?.hosts).toEqual(['203.0.113.7']);
  });

  it('a sealed secret moved to another owner’s row does not open', async () => {
    const theirs = await importKey(main, btc.id);
    await importKey(sub, eth.id, 'sub-key-0001');
    const subRow = fake.tables.credentials.find((c) => c.adminId === sub.id)!;
    subRow.secretKeySealed = fake.tables.credentials.find((c) => c.id === theirs.id)!.secretKeySealed;
    await expect(service.materialFor(sub, eth.id)).rejects.toThrow();
  });
});

describe('CredentialService: changing keys', () => {
  it('a new secret is checked with the venue as the owner’s own key, then sealed', async () => {
    const key = await importKey(main, btc.id);
    prepared = [];
    const view = await service.update(main, { id: key.id, secretKey: 'new-secret-abcdef', passphrase: '', hosts: ['198.51.100.1'] });
    expect(view).toMatchObject({ id: key.id, secretKey: '********', passphrase: null, hosts: ['198.51.100.1'] });
    expect(prepared).toEqual([
      { material: { platformCode: 'sim', apiKey: 'ak-public-key-0001', secretKey: 'new-secret-abcdef', passphrase: null, hosts: ['198.51.100.1'] }, ownedApiKey: 'ak-public-key-0001' },
    ]);
    expect(await service.materialFor(main, btc.id)).toMatchObject({ id: key.id, platformCode: 'sim', secretKey: 'new-secret-abcdef', passphrase: null, hosts: ['198.51.100.1'] });
  });

  it('bound IPs or the member id alone change without asking the venue; a new pair goes through the pair gate', async () => {
    const key = await importKey(sub, eth.id, 'sub-key-0001');
    prepared = [];
    expect(await service.update(sub, { id: key.id, hosts: [], memberId: 'm-1' })).toMatchObject({ hosts: [], memberId: 'm-1' });
    expect(prepared).toEqual([]);
    await expect(service.update(sub, { id: key.id, coinId: btc.id })).rejects.toEqual(expect.objectContaining({ code: ErrorCode.FORBIDDEN }));
    expect(fake.tables.credentials[0]?.coinId).toBe(eth.id);
  });

  it('trades a pair with the owner’s key for it', async () => {
    expect(await service.materialFor(main, btc.id)).toBeNull();
    const key = await importKey(main, btc.id, 'the-key-0001');
    expect(await service.materialFor(main, btc.id)).toEqual({ id: key.id, platformCode: 'sim', apiKey: 'the-key-0001', secretKey: SECRET, passphrase: PASSPHRASE, hosts: ['203.0.113.7'], sandbox: false, apiBaseUrl: null, wsBaseUrl: null, owner: { adminId: main.id, coinId: btc.id } });
    expect(await service.materialFor(sub, btc.id)).toBeNull();
  });
});

describe('CredentialService: one key per account and pair', () => {
  it('refuses a second key for a pair, naming it, before the venue is asked; the key is replaced through update', async () => {
    const key = await importKey(main, btc.id, 'first-key-0001');
    prepared = [];
    await expect(importKey(main, btc.id, 'second-key-0002')).rejects.toEqual(expect.objectContaining({ code: ErrorCode.CREDENTIAL_PAIR_TAKEN, params: { pair: 'BTC/USDT' } }));
    expect(prepared).toEqual([]);
    expect(fake.tables.credentials).toHaveLength(1);
    // Another account, and another pair of the same account, are not concerned.
    await importKey(sub, eth.id, 'sub-key-0001');
    await importKey(main, eth.id, 'main-eth-0001');
    await service.update(main, { id: key.id, apiKey: 'second-key-0002' });
    expect((await service.materialFor(main, btc.id))?.apiKey).toBe('second-key-0002');
  });

  it('refuses moving a key to a pair the account holds another key for; moving it to a free pair is fine', async () => {
    const onBtc = await importKey(main, btc.id, 'btc-key-0001');
    await importKey(main, eth.id, 'eth-key-0001');
    await expect(service.update(main, { id: onBtc.id, coinId: eth.id })).rejects.toEqual(expect.objectContaining({ code: ErrorCode.CREDENTIAL_PAIR_TAKEN, params: { pair: 'ETH/USDT' } }));
    expect(fake.tables.credentials.find((c) => c.id === onBtc.id)?.coinId).toBe(btc.id);
    // Naming its own pair again changes nothing and is no conflict.
    expect((await service.update(main, { id: onBtc.id, coinId: btc.id, memberId: 'm-2' })).memberId).toBe('m-2');
    const sol = (await fake.repos.coins.insertMissing(simId, ['SOL/USDT']), (await fake.repos.coins.listAll()).find((c) => c.coinName === 'SOL/USDT')!);
    expect((await service.update(main, { id: onBtc.id, coinId: sol.id })).coinName).toBe('SOL/USDT');
  });

  it('a second add that raced past the check is refused by the repository, in the same words', async () => {
    await importKey(main, btc.id, 'first-key-0001');
    const findFor = fake.repos.credentials.findFor;
    let calls = 0;
    // The check runs before the key is held: it sees none the first time, as a racing add would.
    fake.repos.credentials.findFor = async (...args) => (calls++ === 0 ? undefined : findFor(...args));
    await expect(importKey(main, btc.id, 'racing-key-0002')).rejects.toEqual(expect.objectContaining({ code: ErrorCode.CREDENTIAL_PAIR_TAKEN, params: { pair: 'BTC/USDT' } }));
    expect(fake.tables.credentials).toHaveLength(1);
  });
});
