/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, so the
 * server sends them as they are (@fastify/static's `preCompressed`) instead of compressing per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this a compressed copy saves less than the response headers weigh. */
export const MIN_BYTES = 1024;

export interface Precompressed {
  /** Relative to the folder compressed. */
  file: string;
  bytes: number;
  /** Size of the copy written; undefined when it would not have been smaller than the file. */
  br?: number;
  gz?: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

async function compressOne(dir: string, path: string): Promise<Precompressed | undefined> {
  const source = await readFile(path);
  if (source.length < MIN_BYTES) return undefined;
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const result: Precompressed = { file: relative(dir, path), bytes: source.length };
  // A copy no smaller than the file is not written: the server then sends the file itself.
  if (br.length < source.length) {
    await writeFile(`${path}.br`, br);
    result.br = br.length;
  }
  if (gz.length < source.length) {
    await writeFile(`${path}.gz`, gz);
    result.gz = gz.length;
  }
  return result;
}

/** Compresses every text file of at least MIN_BYTES under `dir`. */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((path) => COMPRESSIBLE.test(path)).sort();
  const results = await Promise.all(files.map((path) => compressOne(dir, path)));
  return results.filter((r) => r !== undefined);
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Vite plugin: precompresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let log: (message: string) => void = console.log;
  return {
    name: 'makerdesk:precompress',
    apply: 'build',
    configResolved(config) {
      log = (message) => config.logger.info(message);
    },
    async writeBundle(options) {
      if (!options.dir) return;
      const started = Date.now();
      const done = await precompressDir(options.dir);
      const total = (size: (r: Precompressed) => number | undefined) => kB(done.reduce((sum, r) => sum + (size(r) ?? r.bytes), 0));
      log(`precompressed ${done.length} files in ${Date.now() - started} ms: ${total((r) => r.bytes)} → brotli ${total((r) => r.br)}, gzip ${total((r) => r.gz)}`);
    },
  };
}
