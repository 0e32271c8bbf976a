/**
 * How `npm run backup` reaches the running server that holds the data folder's lock: a Unix socket
 * in the folder (`control.sock`, mode 0600: whoever can open it could read the folder anyway). The
 * client writes `backup\n`; the server answers frames (one type byte, a 4-byte big-endian length,
 * the payload): `D` archive bytes, then `F` the summary as JSON, or `E` an error message.
 */
import { once } from 'node:events';
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { BackupError, type BackupSummary, type Sink } from './hot-backup.ts';
import { ByteReader } from './tar.ts';

export const CONTROL_SOCKET = 'control.sock';
/** A Unix socket's path must fit sockaddr_un (108 bytes with its NUL on Linux). */
const MAX_SOCKET_PATH = 107;

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET);
}

export function frame(type: 'D' | 'F' | 'E', payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

export interface ControlLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupControl {
  /** Where it listens; null when the folder's path is too long for a Unix socket. */
  path: string | null;
  close(): Promise<void>;
}

/** Waits until the socket can take more, or throws if it closed meanwhile. */
async function drained(socket: Socket): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([once(socket, 'drain', { signal: ac.signal }), once(socket, 'close', { signal: ac.signal }).then(() => Promise.reject(new BackupError('the backup client went away')))]);
  } finally {
    ac.abort();
  }
}

/**
 * Listens on the data folder's control socket (the caller holds the folder's lock, so a socket file
 * left there is a dead server's). `backup` writes one backup to the sink; one runs at a time.
 */
export async function listenBackupControl(dataDir: string, backup: (sink: Sink) => Promise<BackupSummary>, log: ControlLog): Promise<BackupControl> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn({ path }, 'the data folder path is too long for its control socket: `npm run backup` cannot reach this server (stop it to back up, or use a shorter MAKERDESK_DATA_DIR)');
    return { path: null, close: async () => undefined };
  }
  rmSync(path, { force: true });
  let running = false;
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
    void serve(socket).catch((err: unknown) => log.error({ err }, 'the backup control socket failed'));
  });
  const serve = async (socket: Socket) => {
    const reader = new ByteReader(socket);
    const request = (await reader.read(7)).toString('latin1');
    if (request !== 'backup\n') {
      socket.end(frame('E', Buffer.from('unknown request')));
      return;
    }
    if (running) {
      socket.end(frame('E', Buffer.from('a backup of this server is already running')));
      return;
    }
    running = true;
    const began = Date.now();
    log.info({}, 'backup started');
    try {
      const summary = await backup(async (chunk) => {
        if (socket.destroyed) throw new BackupError('the backup client went away');
        if (!socket.write(frame('D', chunk))) await drained(socket);
      });
      socket.end(frame('F', Buffer.from(JSON.stringify(summary))));
      log.info({ ...summary }, 'backup written');
    } catch (err) {
      log.warn({ err: (err as Error).message, ms: Date.now() - began }, 'backup failed');
      if (!socket.destroyed) socket.end(frame('E', Buffer.from((err as Error).message)));
    } finally {
      running = false;
    }
  };
  // Created as 0600 (the process's umask for the bind alone), and set so again in case the umask was ignored.
  const umask = process.umask(0o177);
  try {
    server.listen(path);
  } finally {
    process.umask(umask);
  }
  await once(server, 'listening');
  chmodSync(path, 0o600);
  return {
    path,
    /** A backup under way is cut off (its client sees it unfinished); the server stops without waiting for it. */
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of open) socket.destroy();
      await closed;
      rmSync(path, { force: true });
    },
  };
}

/**
 * Asks the server listening on the folder's control socket for a backup; the archive's bytes go to
 * `onData`. Null when no server listens there; BackupError when the server reports a failure or
 * the connection ends before the backup finished.
 */
export async function requestBackup(dataDir: string, onData: Sink): Promise<BackupSummary | null> {
  const path = controlSocketPath(dataDir);
  const socket = connect(path);
  try {
    await once(socket, 'connect');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return null;
    throw err;
  }
  try {
    socket.write('backup\n');
    const reader = new ByteReader(socket);
    for (;;) {
      const head = await reader.read(5);
      if (head.length < 5) throw new BackupError('the server ended the backup before it finished (did it stop?)');
      const type = head.toString('latin1', 0, 1);
      const length = head.readUInt32BE(1);
      const payload = await reader.read(length);
      if (payload.length < length) throw new BackupError('the server ended the backup before it finished (did it stop?)');
      if (type === 'D') await onData(payload);
      else if (type === 'F') return JSON.parse(payload.toString('utf8')) as BackupSummary;
      else if (type === 'E') throw new BackupError(`the server could not back up: ${payload.toString('utf8')}`);
      else throw new BackupError(`unexpected answer from the server (${JSON.stringify(type)})`);
    }
  } finally {
    socket.destroy();
  }
}
