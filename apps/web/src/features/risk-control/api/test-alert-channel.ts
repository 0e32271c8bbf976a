import { endpoints, type AlertDelivery } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { alertsKey } from './get-alerts';

/** Sends a test message through one channel as an alert of the pair; answers its delivery (sent, failed or still pending). */
export function testAlertChannel(body: { id: number; coinId: number }): Promise<AlertDelivery> {
  return call(endpoints.alertChannelTest, { body });
}

export function useTestAlertChannel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testAlertChannel, onSettled: (_, __, { coinId }) => queryClient.invalidateQueries({ queryKey: alertsKey(coinId) }) });
}
