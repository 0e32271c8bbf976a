import type { AlertChannelRow } from '../repositories/alert.repository.ts';
import { open, seal } from '../security/secret-box.ts';
import type { OpenedChannel } from './senders.ts';

/** Seals a channel's token or signing secret like the API secrets (AES-256-GCM), bound to its owner and kind. */
export class ChannelSecretBox {
  constructor(private readonly key: Buffer) {}

  private aad(adminId: number, kind: AlertChannelRow['kind']): string {
    return `alert-channel:${adminId}:${kind}`;
  }

  seal(adminId: number, kind: AlertChannelRow['kind'], secret: string): string {
    return seal(this.key, secret, this.aad(adminId, kind));
  }

  /** The channel as a sender needs it, for one attempt. */
  open(row: AlertChannelRow): OpenedChannel {
    const secret = () => {
      if (!row.secretSealed) throw new Error(`alert channel ${row.id} has no secret`);
      return open(this.key, row.secretSealed, this.aad(row.adminId, row.kind));
    };
    if (row.kind === 'telegram') return { kind: 'telegram', botToken: secret(), chatId: row.settings.chatId ?? '', baseUrl: row.settings.baseUrl ?? null };
    if (row.kind === 'webhook') return { kind: 'webhook', url: row.settings.url ?? '', secret: secret() };
    return { kind: 'email', to: row.settings.to ?? '' };
  }
}
