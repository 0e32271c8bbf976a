/**
 * Runs every *.bench.ts beside this file, one after the other, on the main thread; or, given names
 * (`npm run bench -- live-binance engine`), only the benches whose file names contain one of them.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchModule {
  run(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
const files = wanted.length === 0 ? all : all.filter((name) => wanted.some((w) => name.includes(w)));
if (files.length === 0) {
  console.error(`no bench matches ${wanted.join(', ')}; there are: ${all.map((n) => n.replace(/\.bench\.ts$/, '')).join(', ')}`);
  process.exit(1);
}

console.log(`node ${process.version} ${process.arch}: every engine runs on the main thread, no workers`);
for (const file of files) {
  const bench = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
  await bench.run();
}
