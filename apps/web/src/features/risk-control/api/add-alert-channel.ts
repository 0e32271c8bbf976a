import { endpoints, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ALERT_CHANNELS_KEY } from './get-alert-channels';

export type AlertChannelAddRequest = EndpointBody<typeof endpoints.alertChannelAdd>;

export function addAlertChannel(body: AlertChannelAddRequest) {
  return call(endpoints.alertChannelAdd, { body });
}

export function useAddAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAlertChannel, onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_KEY }) });
}
