import {
  ALERT_CHANNELS_PER_ACCOUNT,
  ErrorCode,
  renderServerText,
  text,
  type Alert,
  type Lang,
  type AlertChannelAddRequest,
  type AlertChannelUpdateRequest,
  type AlertChannelView,
  type AlertDelivery,
  type Page,
} from '@makerdesk/contract';
import { channelLabel, type AlertDispatcher } from '../alerts/alert-dispatcher.ts';
import { checkChannelDestinations } from '../alerts/channel-destinations.ts';
import type { ChannelSecretBox } from '../alerts/channel-secrets.ts';
import { parseFailureText } from '../alerts/delivery-failure.ts';
import { channelTarget } from '../alerts/senders.ts';
import { AppError } from '../domain/app-error.ts';
import type { OutboundGuard } from '../outbound/outbound-guard.ts';
import type { AlertChannelChanges, AlertChannelRow, AlertDeliveryRow, AlertRecord } from '../repositories/alert.repository.ts';
import { pageWindow } from '../repositories/query-kit.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { AdminRow } from '../domain/account.ts';
import type { CoinService } from './coin.service.ts';

/** Which update fields each kind has; any other is refused rather than silently dropped. */
const fieldsOf: Record<AlertChannelRow['kind'], readonly string[]> = {
  telegram: ['botToken', 'chatId', 'baseUrl'],
  webhook: ['url', 'secret'],
  email: ['to'],
};
const kindFields = ['botToken', 'chatId', 'baseUrl', 'url', 'secret', 'to'] as const;

/** How long the test-message call waits for its delivery before answering it as pending. */
export const TEST_MESSAGE_WAIT_MS = 15_000;

export function toChannelView(row: AlertChannelRow): AlertChannelView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    lang: row.lang,
    target: channelTarget({ kind: row.kind, ...row.settings }),
    chatId: row.settings.chatId ?? null,
    baseUrl: row.settings.baseUrl ?? null,
    url: row.settings.url ?? null,
    to: row.settings.to ?? null,
    // Whether a secret is stored, never any part of it.
    hasSecret: row.secretSealed !== null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toDelivery(row: AlertDeliveryRow): AlertDelivery {
  return {
    id: row.id,
    channelId: row.channelId,
    channelKind: row.channelKind,
    channelName: row.channelName,
    status: row.status,
    attempts: row.attempts,
    reason: row.reason === null ? null : parseFailureText(row.reason),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    sentAt: row.sentAt?.getTime() ?? null,
  };
}

/** In the reader's language when the alert has server texts; an alert from before as stored. */
function toAlert(row: AlertRecord, lang: Lang): Alert {
  return {
    id: row.id,
    coinId: row.coinId,
    robotId: row.robotId,
    level: row.level,
    title: row.message ? renderServerText(row.message.title, lang) : row.title,
    text: row.message ? renderServerText(row.message.text, lang) : row.text,
    createdAt: row.createdAt.getTime(),
    deliveries: row.deliveries.map(toDelivery),
  };
}

/** The Risk control screen's channels and recent alerts; delivery itself is the dispatcher's. */
export class AlertService {
  constructor(
    private readonly repos: Pick<Repositories, 'alerts'>,
    private readonly coins: Pick<CoinService, 'requireUsablePair'>,
    private readonly secrets: ChannelSecretBox,
    private readonly dispatcher: Pick<AlertDispatcher, 'raise' | 'settled'>,
    /** Where channels may send (MAKERDESK_OUTBOUND_ALLOW beside the public internet). */
    private readonly destinations: Pick<OutboundGuard, 'allowsUrl'>,
    private readonly testWaitMs = TEST_MESSAGE_WAIT_MS,
  ) {}

  async listChannels(owner: AdminRow): Promise<AlertChannelView[]> {
    return (await this.repos.alerts.listChannels(owner.id)).map(toChannelView);
  }

  async addChannel(owner: AdminRow, input: AlertChannelAddRequest): Promise<AlertChannelView> {
    // A count, not a lock: adds racing each other may pass together, which a cap against unbounded growth tolerates.
    if ((await this.repos.alerts.listChannels(owner.id)).length >= ALERT_CHANNELS_PER_ACCOUNT) {
      throw new AppError(ErrorCode.ALERT_CHANNEL_LIMIT, { max: ALERT_CHANNELS_PER_ACCOUNT });
    }
    await checkChannelDestinations(owner, input.kind === 'telegram' ? { baseUrl: input.baseUrl } : input.kind === 'webhook' ? { url: input.url } : {}, this.destinations);
    const base = { adminId: owner.id, kind: input.kind, name: input.name ?? '', enabled: input.enabled, lang: input.lang ?? 'en_US' };
    if (input.kind === 'telegram') {
      return toChannelView(
        await this.repos.alerts.insertChannel({
          ...base,
          settings: { chatId: input.chatId, ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}) },
          secretSealed: this.secrets.seal(owner.id, 'telegram', input.botToken),
        }),
      );
    }
    if (input.kind === 'webhook') {
      return toChannelView(await this.repos.alerts.insertChannel({ ...base, settings: { url: input.url }, secretSealed: this.secrets.seal(owner.id, 'webhook', input.secret) }));
    }
    return toChannelView(await this.repos.alerts.insertChannel({ ...base, settings: { to: input.to }, secretSealed: null }));
  }

  private async owned(owner: AdminRow, id: number): Promise<AlertChannelRow> {
    const row = await this.repos.alerts.findOwnedChannel(id, owner.id);
    if (!row) throw new AppError(ErrorCode.ALERT_CHANNEL_NOT_FOUND);
    return row;
  }

  async updateChannel(owner: AdminRow, input: AlertChannelUpdateRequest): Promise<AlertChannelView> {
    const current = await this.owned(owner, input.id);
    const foreign = kindFields.filter((f) => input[f] !== undefined && !fieldsOf[current.kind].includes(f));
    if (foreign.length > 0) {
      throw new AppError(ErrorCode.INVALID_PARAMS, { detail: `${foreign.join(', ')}: not a field of a ${current.kind} channel` }, foreign.map((field) => ({ field, message: `Not a field of a ${current.kind} channel` })));
    }
    await checkChannelDestinations(owner, { baseUrl: input.baseUrl, url: input.url }, this.destinations);
    const changes: AlertChannelChanges = { updatedAt: new Date() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.enabled !== undefined) changes.enabled = input.enabled;
    if (input.lang !== undefined) changes.lang = input.lang;
    const settings = { ...current.settings };
    if (input.chatId !== undefined) settings.chatId = input.chatId;
    if (input.baseUrl !== undefined) {
      if (input.baseUrl === '') delete settings.baseUrl;
      else settings.baseUrl = input.baseUrl;
    }
    if (input.url !== undefined) settings.url = input.url;
    if (input.to !== undefined) settings.to = input.to;
    changes.settings = settings;
    // Secrets are write-only: absent or blank keeps the stored one.
    if (input.botToken !== undefined) changes.secretSealed = this.secrets.seal(owner.id, 'telegram', input.botToken);
    if (input.secret !== undefined) changes.secretSealed = this.secrets.seal(owner.id, 'webhook', input.secret);
    const row = await this.repos.alerts.updateChannel(current.id, changes);
    if (!row) throw new AppError(ErrorCode.ALERT_CHANNEL_NOT_FOUND);
    return toChannelView(row);
  }

  async deleteChannel(owner: AdminRow, id: number): Promise<null> {
    if (!(await this.repos.alerts.deleteOwnedChannel(id, owner.id))) throw new AppError(ErrorCode.ALERT_CHANNEL_NOT_FOUND);
    return null;
  }

  /**
   * Sends a test message through one channel, switched on or off, as an alert of the pair: it is
   * throttled and retried like any other, its outcome is in the trading log and the recent alerts.
   * Answers the delivery once settled, or pending after the wait.
   */
  async testChannel(owner: AdminRow, id: number, coinId: number): Promise<AlertDelivery> {
    const channel = await this.owned(owner, id);
    const coin = await this.coins.requireUsablePair(owner, coinId);
    const title = text('alerts.test.title');
    const body = text('alerts.test.text', { pair: coin.coinName, channel: channelLabel(channel) });
    const raised = await this.dispatcher.raise(
      {
        adminId: owner.id,
        coinId,
        level: 'info',
        title: renderServerText(title, 'en_US'),
        text: renderServerText(body, 'en_US'),
        // In the channel's language (and each reader's in the recent alerts).
        message: { title, text: body },
      },
      { channelId: channel.id },
    );
    const deliveryId = raised.deliveries[0]?.id;
    const delivery = deliveryId !== undefined ? await this.dispatcher.settled(deliveryId, this.testWaitMs) : undefined;
    if (!delivery) throw new AppError(ErrorCode.ALERT_CHANNEL_NOT_FOUND);
    return toDelivery(delivery);
  }

  async listAlerts(owner: AdminRow, coinId: number, current: number, pageSize: number, lang: Lang = 'en_US'): Promise<Page<Alert>> {
    await this.coins.requireUsablePair(owner, coinId);
    const { rows, total } = await this.repos.alerts.listAlerts(owner.id, coinId, pageWindow(current, pageSize));
    return { list: rows.map((r) => toAlert(r, lang)), total, current, pageSize };
  }
}
