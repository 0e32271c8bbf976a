import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes .br and .gz copies of text files that decompress to the original, and skips the rest', async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, label: `row ${i}` })))};\n`;
    writeFileSync(join(dir, 'assets', 'main-AbCd1234.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>MakerDesk</p>'.repeat(100)}`);
    writeFileSync(join(dir, 'tiny.css'), 'a{color:red}');
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    // Random bytes do not compress: no copy is written for them.
    writeFileSync(join(dir, 'noise.txt'), Buffer.from(Array.from({ length: 2048 }, () => Math.floor(Math.random() * 256))));

    const done = await precompressDir(dir);

    expect(done.map((r) => r.file)).toEqual([join('assets', 'main-AbCd1234.js'), 'index.html', 'noise.txt']);
    const js = done[0]!;
    expect(js.bytes).toBe(Buffer.byteLength(script));
    expect(js.br).toBeLessThan(js.gz!);
    expect(js.gz).toBeLessThan(js.bytes / 3);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'main-AbCd1234.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'main-AbCd1234.js.gz'))).toString()).toBe(script);
    expect(done[2]).toEqual({ file: 'noise.txt', bytes: 2048 });
    expect(readdirSync(dir).sort()).toEqual(['assets', 'index.html', 'index.html.br', 'index.html.gz', 'logo.png', 'noise.txt', 'tiny.css']);
    expect(Buffer.byteLength('a{color:red}')).toBeLessThan(MIN_BYTES);
  });
});
