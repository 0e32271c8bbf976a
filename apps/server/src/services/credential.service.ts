import {
  CONCEALED_SECRET,
  ErrorCode,
  maskApiKey,
  type CredentialAddRequest,
  type CredentialUpdateRequest,
  type CredentialView,
} from '@makerdesk/contract';
import { accountPairKey, HotCaches } from '../caches/hot-caches.ts';
import type { AdminRow } from '../domain/account.ts';
import { AppError } from '../domain/app-error.ts';
import type { ApiKeyMaterial } from '../domain/key-material.ts';
import { PairKeyTakenError, type CredentialChanges, type CredentialRecord } from '../repositories/credential.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { apiKeyHash } from '../security/api-key-hash.ts';
import { open, seal } from '../security/secret-box.ts';
import { venueCall } from '../domain/exchange-errors.ts';
import type { CoinService } from './coin.service.ts';

/** Exchange API keys: sealed at rest with AES-256-GCM, bound to their owner through the AAD, shown masked. */
export class CredentialService {
  constructor(
    private readonly repos: Pick<Repositories, 'credentials' | 'platforms'>,
    private readonly coins: Pick<CoinService, 'requireUsablePair'>,
    private readonly key: Buffer,
    /** Checks a key with its venue before it is stored, so a refused key leaves nothing behind. */
    private readonly prepareKey: (material: Omit<ApiKeyMaterial, 'id'>, ownedApiKey?: string) => Promise<void>,
    /** The decrypted keys, read on every pair-scoped call and by every bot; none kept by default. */
    private readonly caches: Pick<HotCaches, 'materials' | 'credentialsChanged'> = HotCaches.none(),
  ) {}

  private aad(adminId: number, field: string): string {
    return `credential:${adminId}:${field}`;
  }

  private sealField(adminId: number, field: string, value: string): string {
    return seal(this.key, value, this.aad(adminId, field));
  }

  private openField(adminId: number, field: string, sealed: string): string {
    return open(this.key, sealed, this.aad(adminId, field));
  }

  private async platformCode(platformId: number): Promise<string> {
    const platform = await this.repos.platforms.findById(platformId);
    if (!platform) throw new AppError(ErrorCode.PLATFORM_NOT_FOUND);
    return platform.code;
  }

  private view(row: CredentialRecord): CredentialView {
    return {
      id: row.id,
      platformId: row.platformId,
      platformCode: row.platformCode,
      apiKey: maskApiKey(this.openField(row.adminId, 'apiKey', row.apiKeySealed)),
      // Secrets are not even opened to be shown: no part of them is ever returned.
      secretKey: CONCEALED_SECRET,
      passphrase: row.passphraseSealed ? CONCEALED_SECRET : null,
      coinId: row.coinId,
      coinName: row.coinName,
      memberId: row.memberId,
      hosts: row.hosts,
      createdAt: row.createdAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
    };
  }

  async listFor(adminId: number): Promise<CredentialView[]> {
    return (await this.repos.credentials.listByAdmin(adminId)).map((r) => this.view(r));
  }

  /**
   * One key per account and pair: the console and the account's bots trade the pair with it, so a
   * second one is refused (a new key replaces the old one through update); keys to trade one pair
   * several ways belong to several accounts.
   */
  private async refuseSecondKey(owner: AdminRow, coinId: number, except?: number): Promise<void> {
    const held = await this.repos.credentials.findFor(owner.id, coinId);
    if (held && held.id !== except) throw new AppError(ErrorCode.CREDENTIAL_PAIR_TAKEN, { pair: held.coinName });
  }

  /** The database's own refusal, for a write that raced past refuseSecondKey. */
  private async oneKeyPerPair<T>(owner: AdminRow, coinId: number, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof PairKeyTakenError)) throw err;
      await this.refuseSecondKey(owner, coinId);
      throw err;
    }
  }

  async add(owner: AdminRow, input: CredentialAddRequest): Promise<CredentialView> {
    const platformCode = await this.platformCode(input.platformId);
    await this.coins.requireUsablePair(owner, input.coinId);
    await this.refuseSecondKey(owner, input.coinId);
    await venueCall(() =>
      this.prepareKey({ platformCode, apiKey: input.apiKey, secretKey: input.secretKey, passphrase: input.passphrase ?? null, hosts: input.hosts ?? [] }),
    );
    const row = await this.oneKeyPerPair(owner, input.coinId, () => this.repos.credentials.insert({
      adminId: owner.id,
      platformId: input.platformId,
      coinId: input.coinId,
      apiKeySealed: this.sealField(owner.id, 'apiKey', input.apiKey),
      apiKeyHash: apiKeyHash(input.apiKey),
      secretKeySealed: this.sealField(owner.id, 'secretKey', input.secretKey),
      passphraseSealed: input.passphrase ? this.sealField(owner.id, 'passphrase', input.passphrase) : null,
      memberId: input.memberId || null,
      hosts: input.hosts ?? [],
    }));
    this.caches.credentialsChanged(owner.id);
    return this.view(row);
  }

  /** Only the owner reaches a key; anyone else is told it does not exist. */
  private async owned(owner: AdminRow, id: number): Promise<CredentialRecord> {
    const row = await this.repos.credentials.findOwned(id, owner.id);
    if (!row) throw new AppError(ErrorCode.CREDENTIAL_NOT_FOUND);
    return row;
  }

  async update(owner: AdminRow, input: CredentialUpdateRequest): Promise<CredentialView> {
    const current = await this.owned(owner, input.id);
    if (input.coinId !== undefined && input.coinId !== current.coinId) {
      await this.coins.requireUsablePair(owner, input.coinId);
      await this.refuseSecondKey(owner, input.coinId, current.id);
    }
    if (input.apiKey !== undefined || input.secretKey !== undefined || input.passphrase !== undefined) {
      const passphrase = input.passphrase ?? (current.passphraseSealed ? this.openField(owner.id, 'passphrase', current.passphraseSealed) : null);
      const currentApiKey = this.openField(owner.id, 'apiKey', current.apiKeySealed);
      const material = {
        platformCode: current.platformCode,
        apiKey: input.apiKey ?? currentApiKey,
        secretKey: input.secretKey ?? this.openField(owner.id, 'secretKey', current.secretKeySealed),
        passphrase: passphrase || null,
        hosts: input.hosts ?? current.hosts,
      };
      await venueCall(() => this.prepareKey(material, currentApiKey));
    }
    const changes: CredentialChanges = { updatedAt: new Date() };
    if (input.coinId !== undefined && input.coinId !== current.coinId) changes.coinId = input.coinId;
    if (input.apiKey !== undefined) {
      // The replaced key is held no more: the simulator's facade refuses it from now on.
      changes.apiKeySealed = this.sealField(owner.id, 'apiKey', input.apiKey);
      changes.apiKeyHash = apiKeyHash(input.apiKey);
    }
    if (input.secretKey !== undefined) changes.secretKeySealed = this.sealField(owner.id, 'secretKey', input.secretKey);
    if (input.passphrase !== undefined) {
      changes.passphraseSealed = input.passphrase ? this.sealField(owner.id, 'passphrase', input.passphrase) : null;
    }
    if (input.memberId !== undefined) changes.memberId = input.memberId || null;
    if (input.hosts !== undefined) changes.hosts = input.hosts;
    const row = await this.oneKeyPerPair(owner, changes.coinId ?? current.coinId, () => this.repos.credentials.update(input.id, changes));
    this.caches.credentialsChanged(owner.id);
    if (!row) throw new AppError(ErrorCode.CREDENTIAL_NOT_FOUND);
    return this.view(row);
  }

  /**
   * Names the keys stored before `api_key_hash` existed (run at start-up, before the server answers):
   * until then the simulator's facade would not know who holds them. Answers how many it named.
   */
  async indexKeyHashes(): Promise<number> {
    const rows = await this.repos.credentials.listUnhashed();
    for (const row of rows) await this.repos.credentials.update(row.id, { apiKeyHash: apiKeyHash(this.openField(row.adminId, 'apiKey', row.apiKeySealed)) });
    return rows.length;
  }

  /** The key a caller trades a pair with: its own. */
  async materialFor(owner: AdminRow, coinId: number): Promise<Readonly<ApiKeyMaterial> | null> {
    return this.materialOf(owner.id, coinId);
  }

  /**
   * The same by account id: the bot engine trades with its bot owner's key. Frozen, as it is shared
   * by every call until the account's keys change (the gateway keeps its venue session beside it).
   */
  async materialOf(adminId: number, coinId: number): Promise<Readonly<ApiKeyMaterial> | null> {
    return (await this.caches.materials.through(accountPairKey(adminId, coinId), () => this.readMaterial(adminId, coinId))) ?? null;
  }

  private async readMaterial(adminId: number, coinId: number): Promise<Readonly<ApiKeyMaterial> | null> {
    const row = await this.repos.credentials.findFor(adminId, coinId);
    if (!row) return null;
    return Object.freeze({
      id: row.id,
      platformCode: row.platformCode,
      sandbox: row.platformSandbox,
      apiBaseUrl: row.platformApiBaseUrl,
      wsBaseUrl: row.platformWsBaseUrl,
      apiKey: this.openField(adminId, 'apiKey', row.apiKeySealed),
      secretKey: this.openField(adminId, 'secretKey', row.secretKeySealed),
      passphrase: row.passphraseSealed ? this.openField(adminId, 'passphrase', row.passphraseSealed) : null,
      hosts: Object.freeze([...row.hosts]) as string[],
      owner: Object.freeze({ adminId, coinId }),
    });
  }
}
