import { endpoints, type DeskFillsFilters, type DeskFillsResponse } from '@makerdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, callFile } from '@/lib/api-client';
import { saveCsvFile } from '@/lib/save-file';
import { pairQueriesKey } from '../query-keys';

export type DeskFillsRequest = DeskFillsFilters & { current: number; pageSize: number };

/** One page of the pair's fills ledger, newest first. */
export function getDeskFills(query: DeskFillsRequest): Promise<DeskFillsResponse> {
  return call(endpoints.deskFills, { query });
}

export function getDeskFillsQueryOptions(query: DeskFillsRequest) {
  return queryOptions({ queryKey: [...pairQueriesKey(query.coinId), 'desk-fills', query] as const, queryFn: () => getDeskFills(query) });
}

export function useDeskFills(query: DeskFillsRequest) {
  return useQuery({ ...getDeskFillsQueryOptions(query), placeholderData: keepPreviousData });
}

/** The ledger with the same filters as a CSV file, saved by the browser under the name the server gave it. */
export async function downloadDeskFillsCsv(filters: DeskFillsFilters): Promise<string> {
  return saveCsvFile(await callFile(endpoints.deskFillsCsv, { query: filters }), 'fills.csv');
}
