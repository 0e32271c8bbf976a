import { endpoints, type AnalysisSettings, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { analysisQueryKey } from './get-analysis-summary';

export type AnalysisSettingsInput = EndpointBody<typeof endpoints.analysisSettings>;

/** Initial funds, initial token (null: the first snapshot's) and the data cycle in hours. */
export function saveAnalysisSettings(body: AnalysisSettingsInput): Promise<AnalysisSettings> {
  // Field errors are shown on the form's fields by the caller.
  return call(endpoints.analysisSettings, { body }, { skipErrorHandler: true });
}

export function useSaveAnalysisSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnalysisSettings,
    onSuccess: (_, { coinId }) => queryClient.invalidateQueries({ queryKey: analysisQueryKey(Number(coinId)) }),
  });
}
