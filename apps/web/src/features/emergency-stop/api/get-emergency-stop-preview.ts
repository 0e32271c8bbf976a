import { endpoints, type EmergencyStopPreview } from '@makerdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** What a stop of the pair would reach now: running bots (other accounts' among them) and the caller's manual orders. */
export function getEmergencyStopPreview(coinId: number): Promise<EmergencyStopPreview> {
  return call(endpoints.robotEmergencyStopPreview, { query: { coinId } });
}

/** Read when the button is pressed, never cached: the confirmation names what runs now. */
export function getEmergencyStopPreviewQueryOptions(coinId: number) {
  return queryOptions({ queryKey: ['emergency-stop', coinId, 'preview'], queryFn: () => getEmergencyStopPreview(coinId), staleTime: 0, gcTime: 0 });
}
