import { endpoints } from '@makerdesk/contract';
import { callFile } from '@/lib/api-client';
import { saveCsvFile } from '@/lib/save-file';
import type { AnalysisRange } from './get-analysis-summary';

/** The range's snapshots as a CSV file, saved by the browser under the name the server gave it. */
export async function exportAnalysis({ coinId, from, to }: AnalysisRange): Promise<string> {
  return saveCsvFile(await callFile(endpoints.analysisExport, { query: { coinId, from, to } }), 'analysis.csv');
}
