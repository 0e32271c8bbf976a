/**
 * deploy/makerdesk.env.example, the service's settings file, cannot drift from config.ts: it lists
 * every setting loadConfig reads, once, and nothing else; every value in it is accepted; and its
 * values are the defaults but for the ones it marks as the service's choices.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, settingNames } from './config.ts';

const EXAMPLE = new URL('../../../deploy/makerdesk.env.example', import.meta.url);

/** systemd's EnvironmentFile= lines: `NAME=value`, the value optionally in double or single quotes; `#` comments. */
function parseEnvFile(text: string): { name: string; value: string }[] {
  const settings: { name: string; value: string }[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`line ${index + 1} is not NAME=value: ${raw}`);
    const [, name, rawValue] = match as unknown as [string, string, string];
    const quoted = /^(["'])(.*)\1$/.exec(rawValue);
    settings.push({ name, value: quoted ? (quoted[2] as string) : rawValue });
  }
  return settings;
}

describe('parseEnvFile', () => {
  it('reads names and values, quoted or not, and skips comments and blank lines', () => {
    expect(parseEnvFile('# c\n\nA=1\nB="x <y>"\nC=\nD=\'q\'\n')).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'x <y>' },
      { name: 'C', value: '' },
      { name: 'D', value: 'q' },
    ]);
    expect(() => parseEnvFile('export A=1')).toThrow(/line 1 is not NAME=value/);
  });
});

describe('deploy/makerdesk.env.example', () => {
  const settings = parseEnvFile(readFileSync(EXAMPLE, 'utf8'));
  const names = settings.map((s) => s.name);
  const env = Object.fromEntries(settings.map((s) => [s.name, s.value]));

  it('lists exactly the settings config.ts reads, each once', () => {
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...settingNames].sort());
  });

  it('every value is accepted, and each is the default but for the data folder and the trusted proxy', () => {
    const config = loadConfig(env);
    expect(config).toMatchObject({ dataDir: '/var/lib/makerdesk', trustedProxies: ['127.0.0.1'], host: '127.0.0.1', port: 8080 });
    const { MAKERDESK_DATA_DIR: _dataDir, MAKERDESK_TRUSTED_PROXIES: _proxies, ...rest } = env;
    expect(loadConfig(rest)).toEqual(loadConfig({}));
  });

  it('leaves every secret blank', () => {
    for (const secret of ['DATABASE_URL', 'MAKERDESK_MASTER_KEY', 'MAKERDESK_ADMIN_PASSWORD', 'SMTP_URL', 'MAKERDESK_METRICS_TOKEN']) expect(env[secret]).toBe('');
  });

  it('states each setting’s default in its comment', () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    for (const name of settingNames) expect(text, name).toMatch(new RegExp(`# Default: [^\\n]*\\n(?:#[^\\n]*\\n)*${name}=`));
  });
});
