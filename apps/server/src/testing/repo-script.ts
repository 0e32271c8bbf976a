import { spawn } from 'node:child_process';
import { join } from 'node:path';

const REPO = new URL('../../../../', import.meta.url).pathname;

/**
 * `npm run backup|restore -- …` as a user runs it (from the repository's root, a child process):
 * its exit code and everything it printed. No database URL, master key or backup passphrase is
 * inherited from the caller's environment: `env` gives what the run should see.
 */
export function runRepoScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'scripts', `${script}.ts`), ...args], {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: '', MAKERDESK_MASTER_KEY: '', MAKERDESK_BACKUP_PASSPHRASE: '', INIT_CWD: REPO, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}
