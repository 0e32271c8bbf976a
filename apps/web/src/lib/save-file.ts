/** A file the server answered: its text and the name its `Content-Disposition` gave (null when none). */
export interface ServedFile {
  text: string;
  fileName: string | null;
}

/**
 * Has the browser save a CSV file the server answered, under the name the server gave it (else
 * `fallbackName`); answers the name it was saved under. Every CSV download of the console goes
 * through here (the analysis export, the fills ledger).
 */
export function saveCsvFile({ text, fileName }: ServedFile, fallbackName: string): string {
  const name = fileName ?? fallbackName;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
  } finally {
    URL.revokeObjectURL(url);
  }
  return name;
}
