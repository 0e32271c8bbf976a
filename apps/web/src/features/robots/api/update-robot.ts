import { endpoints, type RobotUpdateRequest } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pairQueriesKey } from '@/market-data/query-keys';

/** Creates a bot (no id) or changes one; answers its id. */
export function updateRobot(request: RobotUpdateRequest): Promise<{ id: number }> {
  // Field errors are shown on the form's fields, other failures as a toast by the caller.
  return call(endpoints.robotUpdate, { body: request }, { skipErrorHandler: true });
}

export function useUpdateRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRobot,
    onSuccess: (_, { coinId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['robots'] }),
        // A started or stopped bot places or cancels orders: the pair's books and orders change.
        queryClient.invalidateQueries({ queryKey: pairQueriesKey(coinId) }),
        // A bot switched on ends its pair's halt (the incident centre's banner).
        queryClient.invalidateQueries({ queryKey: ['incidents'] }),
      ]),
  });
}
