import type { Json, TestApp } from './test-app.ts';

/** The password of a restricted account a test adds without choosing one. */
const RESTRICTED_PASSWORD = 'Trader-pass-123';

export interface RestrictedAccount {
  id: number;
  account: string;
  password: string;
}

export interface SignedInAccount extends RestrictedAccount {
  token: string;
}

export interface AccountOptions {
  /** The pairs the main account binds to it. */
  coinIds?: readonly number[];
  password?: string;
  /** The account itself unless given. */
  employeeName?: string;
}

export interface KeyOptions {
  coinId: number;
  apiKey: string;
  /** `<apiKey>-secret` unless given. */
  secretKey?: string;
  /** The simulator's (1) unless given. */
  platformId?: number;
  passphrase?: string;
  hosts?: string | string[];
}

/** The answer's data, or an error that shows the whole answer: a set-up step a test relies on must not fail quietly. */
function dataOf(step: string, answer: { body: Json }): Json['data'] {
  if (answer.body.code !== 200) throw new Error(`${step} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** The main account (`mainToken`) binds a pair to an account. */
async function bindPair(t: TestApp, mainToken: string, adminId: number, coinId: number): Promise<void> {
  dataOf(`binding pair ${coinId} to account ${adminId}`, await t.call('POST', '/backend/account-permissions/add', { token: mainToken, body: { adminId, coinId } }));
}

/** The main account (`mainToken`) adds a restricted trader account and binds the pairs `coinIds` to it. */
export async function addRestrictedAccount(t: TestApp, mainToken: string, account: string, options: AccountOptions = {}): Promise<RestrictedAccount> {
  const password = options.password ?? RESTRICTED_PASSWORD;
  const body = { account, role: 'trader', employeeName: options.employeeName ?? account, password };
  const { id } = dataOf(`adding ${account}`, await t.call('POST', '/backend/admin/addUser', { token: mainToken, body })) as { id: number };
  for (const coinId of options.coinIds ?? []) await bindPair(t, mainToken, id, coinId);
  return { id, account, password };
}

/** A restricted account added as `addRestrictedAccount` does, then signed in: the preamble of most route tests. */
export async function signUp(t: TestApp, mainToken: string, account: string, options: AccountOptions = {}): Promise<SignedInAccount> {
  const added = await addRestrictedAccount(t, mainToken, account, options);
  return { ...added, token: await t.login(added.account, added.password) };
}

/** Imports an API key for the signed-in account of `token`, as the console does; answers the credential's id. */
export async function importKey(t: TestApp, token: string, key: KeyOptions): Promise<number> {
  const { platformId = 1, secretKey = `${key.apiKey}-secret`, ...rest } = key;
  const added = await t.call('POST', '/backend/credentials/add', { token, body: { platformId, secretKey, ...rest } });
  return (dataOf(`importing key ${key.apiKey}`, added) as { id: number }).id;
}
