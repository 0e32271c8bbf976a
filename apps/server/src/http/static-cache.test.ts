import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cacheControlFor, IMMUTABLE } from './static-cache.ts';

describe('cacheControlFor', () => {
  it('keeps hashed assets a year and revalidates everything else', () => {
    expect(cacheControlFor('/dist', '/dist/assets/main-CrYwSHLm.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/dist', '/dist/assets/use-now-BO5eEiCG.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('/dist', '/dist/assets/main-Cwe9EH0x.css.gz')).toBe(IMMUTABLE);
    expect(cacheControlFor('/dist', '/dist/index.html')).toBe('no-cache');
    expect(cacheControlFor('/dist', '/dist/index.html.br')).toBe('no-cache');
    expect(cacheControlFor('/dist', '/dist/chart.html')).toBe('no-cache');
    expect(cacheControlFor('/dist', '/dist/favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('/dist', '/dist/assets/logo.svg')).toBe('no-cache');
    expect(cacheControlFor('/dist', '/dist/main-CrYwSHLm.js')).toBe('no-cache');
  });
});

describe('the built console over HTTP', () => {
  const script = `console.log(${JSON.stringify('MakerDesk '.repeat(300))});\n`;
  const html = `<!doctype html><title>MakerDesk</title>${'<!-- shell -->'.repeat(100)}`;
  const style = 'body{margin:0}';
  let dir: string;
  let web: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-static-'));
    mkdirSync(join(dir, 'assets'));
    const withCopies = (path: string, text: string) => {
      writeFileSync(path, text);
      writeFileSync(`${path}.br`, brotliCompressSync(text));
      writeFileSync(`${path}.gz`, gzipSync(text));
    };
    withCopies(join(dir, 'index.html'), html);
    withCopies(join(dir, 'assets', 'main-AbCd12_-.js'), script);
    writeFileSync(join(dir, 'chart.html'), '<!doctype html><title>Chart</title>');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // Too small to have been precompressed: sent as it is, whatever the browser accepts.
    writeFileSync(join(dir, 'assets', 'tiny-Zz98765x.css'), style);
    web = await createTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) => web.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a hashed script as brotli, gzip or plain by Accept-Encoding, cached for a year', async () => {
    const br = await get('/assets/main-AbCd12_-.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': IMMUTABLE, vary: 'Accept-Encoding' });
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await get('/assets/main-AbCd12_-.js', 'gzip, deflate');
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': IMMUTABLE, vary: 'Accept-Encoding' });
    expect(gz.headers['content-type']).toContain('javascript');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    expect((await get('/assets/main-AbCd12_-.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');

    for (const accept of [undefined, 'identity']) {
      const plain = await get('/assets/main-AbCd12_-.js', accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body).toBe(script);
    }
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const css = await get('/assets/tiny-Zz98765x.css', 'gzip, deflate, br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
    expect(css.body).toBe(style);
  });

  it('revalidates the HTML shell (compressed too), the chart page and unhashed files', async () => {
    for (const url of ['/', '/index.html', '/dashborad', '/zh-cn/work']) {
      const shell = await get(url, 'gzip, deflate, br');
      expect(shell.statusCode, url).toBe(200);
      expect(shell.headers, url).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' });
      expect(shell.headers['content-type'], url).toContain('text/html');
      expect(brotliDecompressSync(shell.rawPayload).toString(), url).toBe(html);
    }
    const plainShell = await get('/dashborad');
    expect(plainShell.headers['content-encoding']).toBeUndefined();
    expect(plainShell.body).toBe(html);
    for (const url of ['/chart.html', '/favicon.svg']) {
      const file = await get(url, 'gzip, deflate, br');
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 for a missing asset, whatever the encoding', async () => {
    for (const accept of [undefined, 'br', 'gzip', 'identity']) {
      const missing = await get('/assets/gone-AbCd1234.js', accept);
      expect(missing.statusCode, String(accept)).toBe(404);
      expect(missing.headers['content-type']).toContain('text/plain');
    }
  });
});
