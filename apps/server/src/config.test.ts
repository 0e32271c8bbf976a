import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(`${process.cwd()}/data`);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads every setting, treating empty values as unset', () => {
    const c = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      MAKERDESK_DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      MAKERDESK_MASTER_KEY: 'k',
      MAKERDESK_ADMIN_PASSWORD: 'Pass-word-1',
      SMTP_URL: 'smtp://mail.local:25',
      MAKERDESK_METRICS_TOKEN: 'scrape-token-0123456789',
      LOG_LEVEL: '',
    });
    expect(c.metricsToken).toBe('scrape-token-0123456789');
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(c).toMatchObject({ port: 9090, host: '0.0.0.0', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db', smtpUrl: 'smtp://mail.local:25', logLevel: 'info' });
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MAKERDESK_ADMIN_PASSWORD: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MAKERDESK_ADMIN_PASSWORD: 'short' });
    } catch (err) {
      const text = (err as Error).message;
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(text).toContain('MAKERDESK_ADMIN_PASSWORD');
    }
  });
});
