import { endpoints } from '@makerdesk/contract';
import { callFile } from '@/lib/api-client';
import type { AnalysisRange } from './get-analysis-summary';

/** The range's snapshots as a CSV file, saved by the browser under the name the server gave it. */
export async function exportAnalysis({ coinId, from, to }: AnalysisRange): Promise<string> {
  const { text, fileName } = await callFile(endpoints.analysisExport, { query: { coinId, from, to } });
  const name = fileName ?? 'analysis.csv';
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return name;
}
