import { endpoints, type AlertChannelView } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const ALERT_CHANNELS_KEY = ['alert-channels'] as const;

/** The account's alert channels; secrets are never in them (only `hasSecret`). */
export function getAlertChannels(): Promise<AlertChannelView[]> {
  return call(endpoints.alertChannelList);
}

export function getAlertChannelsQueryOptions() {
  return queryOptions({ queryKey: ALERT_CHANNELS_KEY, queryFn: getAlertChannels });
}

export function useAlertChannels() {
  return useQuery(getAlertChannelsQueryOptions());
}
