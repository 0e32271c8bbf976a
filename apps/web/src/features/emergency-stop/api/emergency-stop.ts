import { endpoints, type EmergencyStopRequestBody, type EmergencyStopResponse } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pairQueriesKey } from '@/market-data/query-keys';

/** POST /robot/emergencyStop: answers once the last cancel is acknowledged. */
export function emergencyStop(request: EmergencyStopRequestBody): Promise<EmergencyStopResponse> {
  return call(endpoints.robotEmergencyStop, { body: request });
}

export function useEmergencyStop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emergencyStop,
    onSuccess: (_, { coinId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['robots'] }),
        // The pair's orders and books changed: the work panel and the control panel read them again.
        queryClient.invalidateQueries({ queryKey: pairQueriesKey(coinId) }),
      ]),
  });
}
