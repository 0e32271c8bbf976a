import { endpoints } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ALERT_CHANNELS_KEY } from './get-alert-channels';

export function deleteAlertChannel(id: number): Promise<null> {
  return call(endpoints.alertChannelDelete, { params: { id } });
}

export function useDeleteAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAlertChannel, onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_KEY }) });
}
