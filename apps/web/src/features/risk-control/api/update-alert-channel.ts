import { endpoints, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ALERT_CHANNELS_KEY } from './get-alert-channels';

export type AlertChannelUpdateRequest = EndpointBody<typeof endpoints.alertChannelUpdate>;

/** Changes a channel; a blank or absent secret keeps the stored one. */
export function updateAlertChannel(body: AlertChannelUpdateRequest) {
  return call(endpoints.alertChannelUpdate, { body });
}

export function useUpdateAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAlertChannel, onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_KEY }) });
}
