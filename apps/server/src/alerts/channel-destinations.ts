import { ErrorCode, MAIN_ACCOUNT } from '@makerdesk/contract';
import { AppError } from '../domain/app-error.ts';
import type { OutboundGuard } from '../outbound/outbound-guard.ts';

/** The addresses a channel add or change would send to: a Telegram API base, a webhook URL. */
export interface ChannelDestinations {
  baseUrl?: string | undefined;
  url?: string | undefined;
}

/**
 * Refuses, before anything is saved, a destination the server would not send to: a custom Telegram
 * API base from a restricted account (they use Telegram's own), and any address on the server
 * itself or a private network, written as such or a name that resolves there. Sending checks the
 * connected address again, so a name that moves inside later is still refused.
 */
export async function checkChannelDestinations(owner: { mainAccountId: number }, change: ChannelDestinations, guard: Pick<OutboundGuard, 'allowsUrl'>): Promise<void> {
  if (change.baseUrl && owner.mainAccountId !== MAIN_ACCOUNT) throw new AppError(ErrorCode.TELEGRAM_BASE_URL_MAIN_ONLY);
  for (const url of [change.baseUrl, change.url]) {
    if (url && !(await guard.allowsUrl(url))) throw new AppError(ErrorCode.DESTINATION_NOT_ALLOWED);
  }
}
