import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, ErrorCode } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('codes the server raises', () => {
  const src = new URL('.', import.meta.url).pathname;
  const text = sourceFiles(src).map((f) => readFileSync(f, 'utf8')).join('\n');

  it('are all named ErrorCode constants that the catalogue holds', () => {
    const names = [...text.matchAll(/ErrorCode\.([A-Z_]+)/g)].map((m) => m[1] as keyof typeof ErrorCode);
    expect(names.length).toBeGreaterThan(10);
    for (const name of new Set(names)) {
      const code = ErrorCode[name];
      expect(code, `ErrorCode.${name}`).toBeDefined();
      expect(catalogue.has(code), `ErrorCode.${name} = ${code}`).toBe(true);
    }
  });

  it('are never raw numbers passed to AppError', () => {
    expect(text).not.toMatch(/new AppError\(\s*\d/);
  });
});
