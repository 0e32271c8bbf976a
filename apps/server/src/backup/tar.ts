/**
 * The little of POSIX tar (ustar) a backup needs: regular files and folders, written as a stream
 * and read back as one, so `tar tf backup.tar` lists what a backup holds. No links, no long names
 * past ustar's 255 characters (a PostgreSQL data folder has none).
 */

export const BLOCK = 512;

export interface TarEntry {
  /** Path inside the archive, `/`-separated, no leading `/`; a folder's ends without `/` here. */
  name: string;
  type: 'file' | 'dir';
  size: number;
  /** Permission bits (0o600, 0o700). */
  mode: number;
  mtime: Date;
}

function writeString(block: Buffer, text: string, offset: number, length: number): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${text}" is longer than ${length} bytes`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, value: number, offset: number, length: number): void {
  const text = value.toString(8).padStart(length - 1, '0');
  if (text.length > length - 1) throw new Error(`tar: ${value} does not fit ${length - 1} octal digits`);
  writeString(block, `${text}\0`, offset, length);
}

/** Splits a name into ustar's prefix (up to 155 bytes) and name (up to 100) at a `/`. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`tar: the name ${name} is too long`);
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/** The 512-byte header of one entry. */
export function tarHeader(entry: TarEntry): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.type === 'dir' ? `${entry.name}/` : entry.name);
  writeString(block, base, 0, 100);
  writeOctal(block, entry.mode & 0o7777, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, entry.type === 'dir' ? 0 : entry.size, 124, 12);
  writeOctal(block, Math.floor(entry.mtime.getTime() / 1000), 136, 12);
  block[156] = entry.type === 'dir' ? 0x35 : 0x30;
  writeString(block, 'ustar\0', 257, 6);
  writeString(block, '00', 263, 2);
  writeString(block, prefix, 345, 155);
  writeOctal(block, checksum(block), 148, 7);
  block[155] = 0x20;
  return block;
}

/** The zeros after a file's data up to the next block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError(`not a number in a tar header: ${JSON.stringify(text)}`);
  return text === '' ? 0 : parseInt(text, 8);
}

export class TarError extends Error {}

/** The entry a header block describes; null for a zero block (the end). Throws TarError on a damaged one. */
export function parseTarHeader(block: Buffer): TarEntry | null {
  if (block.length !== BLOCK) throw new TarError('the archive ends inside a header');
  if (block.every((b) => b === 0)) return null;
  if (readOctal(block, 148, 8) !== checksum(block)) throw new TarError('a tar header is damaged (checksum)');
  const prefix = readString(block, 345, 155);
  let name = readString(block, 0, 100);
  if (prefix) name = `${prefix}/${name}`;
  const flag = String.fromCharCode(block[156]!);
  const dir = flag === '5' || name.endsWith('/');
  if (!dir && flag !== '0' && flag !== '\0') throw new TarError(`unsupported tar entry type ${JSON.stringify(flag)} for ${name}`);
  name = name.replace(/\/+$/, '');
  if (name === '' || name.startsWith('/') || name.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new TarError(`refusing the archive path ${JSON.stringify(name)}`);
  }
  return { name, type: dir ? 'dir' : 'file', size: dir ? 0 : readOctal(block, 124, 12), mode: readOctal(block, 100, 8), mtime: new Date(readOctal(block, 136, 12) * 1000) };
}

/** Pulls exact byte counts out of a stream of chunks (a file or socket read stream). */
export class ByteReader {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<void> {
    while (this.bufferedBytes < n && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.bufferedBytes += next.value.length;
      }
    }
  }

  /** Exactly `n` bytes, or fewer only at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const out = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(out.length);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.bufferedBytes = rest.length;
    return out;
  }

  /** Up to `max` bytes, at least one unless the stream ended: what is at hand, for copying. */
  async readSome(max: number): Promise<Buffer> {
    await this.fill(1);
    const first = this.buffered[0];
    if (!first) return Buffer.alloc(0);
    if (first.length <= max) {
      this.buffered.shift();
      this.bufferedBytes -= first.length;
      return first;
    }
    this.buffered[0] = first.subarray(max);
    this.bufferedBytes -= max;
    return first.subarray(0, max);
  }
}

/**
 * Reads an archive entry by entry: `onEntry` gets each entry with a `data(write)` to pull a file's
 * bytes (in order, in chunks of at most 1 MiB); a file's bytes not pulled are skipped. Ends at the
 * end blocks; throws TarError when the archive is cut short or damaged.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, data: (write: (chunk: Buffer) => Promise<void>) => Promise<void>) => Promise<void>,
): Promise<void> {
  const reader = new ByteReader(source);
  for (;;) {
    const entry = parseTarHeader(await reader.read(BLOCK));
    if (!entry) return;
    let left = entry.size;
    const pull = async (write: (chunk: Buffer) => Promise<void>) => {
      while (left > 0) {
        const chunk = await reader.readSome(Math.min(left, 1 << 20));
        if (chunk.length === 0) throw new TarError(`the archive is cut short inside ${entry.name}`);
        left -= chunk.length;
        await write(chunk);
      }
    };
    await onEntry(entry, pull);
    await pull(async () => undefined);
    const padding = tarPadding(entry.size).length;
    if ((await reader.read(padding)).length !== padding) throw new TarError(`the archive is cut short after ${entry.name}`);
  }
}
