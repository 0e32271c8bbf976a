/** Runs every *.bench.ts beside this file, one after the other, on the main thread. */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchModule {
  run(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();

console.log(`node ${process.version} ${process.arch}: every engine runs on the main thread, no workers`);
for (const file of files) {
  const bench = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
  await bench.run();
}
