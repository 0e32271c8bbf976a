import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveCsvFile } from './save-file';

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

describe('saveCsvFile', () => {
  afterEach(() => vi.restoreAllMocks());

  function capture() {
    const saved: { name: string; href: string; type: string; text: Promise<string> }[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const b = blob as Blob;
      saved.push({ name: '', href: 'blob:file-1', type: b.type, text: readText(b) });
      return 'blob:file-1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
      saved[saved.length - 1]!.href = this.href;
    });
    return { saved, revoked };
  }

  it('saves the text as CSV under the name the server gave, and lets the object URL go', async () => {
    const { saved, revoked } = capture();
    expect(saveCsvFile({ text: 'time,side\n1,buy\n', fileName: 'fills_BTC-USDT.csv' }, 'fills.csv')).toBe('fills_BTC-USDT.csv');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name: 'fills_BTC-USDT.csv', href: 'blob:file-1', type: 'text/csv;charset=utf-8' });
    expect(await saved[0]!.text).toBe('time,side\n1,buy\n');
    expect(revoked).toEqual(['blob:file-1']);
  });

  it('falls back to the given name when the server named none', () => {
    const { saved } = capture();
    expect(saveCsvFile({ text: 'a\n', fileName: null }, 'analysis.csv')).toBe('analysis.csv');
    expect(saved[0]!.name).toBe('analysis.csv');
  });
});
