import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTarHeader, readTar, TAR_END, tarHeader, tarPadding, TarError, type TarEntry } from './tar.ts';

function archive(files: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of files) {
    parts.push(tarHeader({ name, type: 'file', size: data.length, mode: 0o600, mtime: new Date(1_700_000_000_000) }), data, tarPadding(data.length));
  }
  parts.push(TAR_END);
  return Buffer.concat(parts);
}

/** The archive's bytes in chunks of the given sizes (as a socket or file stream would hand them). */
function chunked(bytes: Buffer, sizes: number[]): AsyncIterable<Buffer> {
  const chunks: Buffer[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const n = Math.max(1, sizes[i % Math.max(1, sizes.length)] ?? 4096);
    chunks.push(bytes.subarray(at, at + n));
    at += n;
  }
  return Readable.from(chunks);
}

async function unpack(source: AsyncIterable<Buffer>): Promise<{ entry: TarEntry; data: Buffer }[]> {
  const out: { entry: TarEntry; data: Buffer }[] = [];
  await readTar(source, async (entry, pull) => {
    const parts: Buffer[] = [];
    await pull(async (chunk) => void parts.push(Buffer.from(chunk)));
    out.push({ entry, data: Buffer.concat(parts) });
  });
  return out;
}

const nameArb = fc
  .array(fc.stringMatching(/^[a-z0-9_]{1,40}$/), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join('/'))
  .filter((name) => name.length <= 250);

describe('tar', () => {
  it('reads back every file written, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: nameArb, data: fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a)) }), { maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 1, maxLength: 5 }),
        async (files, sizes) => {
          const back = await unpack(chunked(archive(files), sizes));
          expect(back.map((f) => f.entry.name)).toEqual(files.map((f) => f.name));
          expect(back.map((f) => f.data.toString('hex'))).toEqual(files.map((f) => f.data.toString('hex')));
          expect(back.map((f) => f.entry.size)).toEqual(files.map((f) => f.data.length));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes headers the tar format reads (name, size, type, checksum)', () => {
    const header = tarHeader({ name: 'pglite/base/1/1259', type: 'file', size: 8192, mode: 0o600, mtime: new Date(0) });
    expect(header.length).toBe(512);
    expect(header.toString('latin1', 0, 18)).toBe('pglite/base/1/1259');
    expect(header.toString('latin1', 124, 135)).toBe('00000020000');
    expect(header.toString('latin1', 257, 262)).toBe('ustar');
    expect(parseTarHeader(header)).toMatchObject({ name: 'pglite/base/1/1259', type: 'file', size: 8192, mode: 0o600 });
    expect(parseTarHeader(tarHeader({ name: 'pglite/pg_wal', type: 'dir', size: 0, mode: 0o700, mtime: new Date(0) }))).toMatchObject({ name: 'pglite/pg_wal', type: 'dir', size: 0 });
  });

  it('refuses a damaged header, a cut archive and paths leaving the folder', async () => {
    const whole = archive([{ name: 'a/b', data: Buffer.from('hello') }]);
    const damaged = Buffer.from(whole);
    damaged[3] = 0x41;
    await expect(unpack(chunked(damaged, [512]))).rejects.toThrow(TarError);
    await expect(unpack(chunked(whole.subarray(0, 512 + 3), [100]))).rejects.toThrow(/cut short/);
    await expect(unpack(chunked(whole.subarray(0, 1024), [100]))).rejects.toThrow(/ends inside a header/);
    for (const name of ['../etc/passwd', 'a/../../b', '/abs']) {
      const header = tarHeader({ name: 'x', type: 'file', size: 0, mode: 0o600, mtime: new Date(0) });
      header.fill(0, 0, 100);
      header.write(name, 0, 'latin1');
      header.fill(0x20, 148, 156);
      let sum = 0;
      for (const b of header) sum += b;
      header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
      expect(() => parseTarHeader(header), name).toThrow(/refusing/);
    }
  });
});
