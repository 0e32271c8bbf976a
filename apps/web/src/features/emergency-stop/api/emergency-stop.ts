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
    // Not awaited: the result shows as soon as the stop answers, the screens behind it refresh meanwhile.
    onSuccess: (_, { coinId }) => {
      void queryClient.invalidateQueries({ queryKey: ['robots'] });
      // The stop is an incident and halts the pair (the bell and the banner).
      void queryClient.invalidateQueries({ queryKey: ['incidents'] });
      // The pair's orders and books changed: the work panel and the control panel read them again.
      void queryClient.invalidateQueries({ queryKey: pairQueriesKey(coinId) });
    },
  });
}
