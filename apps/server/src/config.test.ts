import { describe, expect, it } from 'vitest';
import { advertiseUrl, ConfigError, loadConfig, MAX_DRAIN_MS } from './config.ts';

describe('loadConfig', () => {
  it('enforces Binance’s published limits on the simulator’s Binance API by default; the setting changes or switches them off', () => {
    expect(loadConfig({}).simBinanceLimits).toEqual({ weightPerMinute: 6000, ordersPer10s: 100, ordersPerDay: 200_000 });
    expect(loadConfig({ MAKERDESK_SIM_BINANCE_LIMITS: 'off' }).simBinanceLimits).toEqual({ weightPerMinute: 0, ordersPer10s: 0, ordersPerDay: 0 });
    expect(loadConfig({ MAKERDESK_SIM_BINANCE_LIMITS: 'weight1m=1200' }).simBinanceLimits).toEqual({ weightPerMinute: 1200, ordersPer10s: 100, ordersPerDay: 200_000 });
    expect(() => loadConfig({ MAKERDESK_SIM_BINANCE_LIMITS: 'fast' })).toThrow(/MAKERDESK_SIM_BINANCE_LIMITS: must be on, off, or a comma-separated list/);
  });

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
    expect(loadConfig({}).alerts).toEqual({ minIntervalMs: 1000, maxAttempts: 5, backoffBaseMs: 1000 });
    expect(loadConfig({ MAKERDESK_ALERT_MIN_INTERVAL_MS: '1500', MAKERDESK_ALERT_MAX_ATTEMPTS: '3', MAKERDESK_ALERT_BACKOFF_MS: '250' }).alerts).toEqual({ minIntervalMs: 1500, maxAttempts: 3, backoffBaseMs: 250 });
    expect(() => loadConfig({ MAKERDESK_ALERT_MAX_ATTEMPTS: '0' })).toThrow(/MAKERDESK_ALERT_MAX_ATTEMPTS/);
    expect(c).toMatchObject({ port: 9090, host: '0.0.0.0', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db', smtpUrl: 'smtp://mail.local:25', logLevel: 'info' });
  });

  it('reads the trusted proxies as a list; unset or empty trusts none; a bad entry stops the start', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ MAKERDESK_TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
    expect(loadConfig({ MAKERDESK_TRUSTED_PROXIES: '10.0.0.2, 172.16.0.0/12,loopback,fd00::/8' }).trustedProxies).toEqual(['10.0.0.2', '172.16.0.0/12', 'loopback', 'fd00::/8']);
    expect(() => loadConfig({ MAKERDESK_TRUSTED_PROXIES: '10.0.0.2,proxy.example.com' })).toThrow(/MAKERDESK_TRUSTED_PROXIES: must be a comma-separated list/);
    expect(() => loadConfig({ MAKERDESK_TRUSTED_PROXIES: '10.0.0.0/40' })).toThrow(ConfigError);
  });

  it('reads MAKERDESK_OUTBOUND_ALLOW as addresses and CIDR blocks of both families; unset allows nothing; a bad entry stops the start, named', () => {
    expect(loadConfig({}).outboundAllow).toEqual({ blocks: [], entries: [] });
    const allow = loadConfig({ MAKERDESK_OUTBOUND_ALLOW: '127.0.0.1/32, 10.0.0.0/8,::1,fd00::/8' }).outboundAllow;
    expect(allow.entries).toEqual(['127.0.0.1/32', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(allow.blocks.map((b) => [b.version, b.prefix])).toEqual([
      [4, 32],
      [4, 8],
      [6, 128],
      [6, 8],
    ]);
    expect(() => loadConfig({ MAKERDESK_OUTBOUND_ALLOW: '127.0.0.1,intranet.local,10.0.0.0/33' })).toThrow(
      'MAKERDESK_OUTBOUND_ALLOW: must be a comma-separated list of IP addresses and CIDR blocks (e.g. 127.0.0.1/32,10.0.0.0/8,fd00::/8); not one: "intranet.local", "10.0.0.0/33"',
    );
    expect(() => loadConfig({ MAKERDESK_OUTBOUND_ALLOW: '127.1' })).toThrow(ConfigError);
  });

  it('advertises MAKERDESK_ADVERTISE_URL, else this machine when HOST is any or loopback, else HOST', () => {
    expect(loadConfig({}).advertiseUrl).toBeUndefined();
    expect(advertiseUrl(loadConfig({}), 8080)).toBe('http://127.0.0.1:8080');
    expect(advertiseUrl(loadConfig({ HOST: '0.0.0.0' }), 9001)).toBe('http://127.0.0.1:9001');
    expect(advertiseUrl(loadConfig({ HOST: 'localhost' }), 9001)).toBe('http://127.0.0.1:9001');
    expect(advertiseUrl(loadConfig({ HOST: '::' }), 9001)).toBe('http://127.0.0.1:9001');
    expect(advertiseUrl(loadConfig({ HOST: '10.0.0.7' }), 9001)).toBe('http://10.0.0.7:9001');
    expect(advertiseUrl(loadConfig({ HOST: 'fd00::7' }), 9001)).toBe('http://[fd00::7]:9001');
    const set = loadConfig({ HOST: '0.0.0.0', MAKERDESK_ADVERTISE_URL: 'https://node-b.internal:8443/' });
    expect(set.advertiseUrl).toBe('https://node-b.internal:8443');
    expect(advertiseUrl(set, 8080)).toBe('https://node-b.internal:8443');
    expect(() => loadConfig({ MAKERDESK_ADVERTISE_URL: 'node-b:8080' })).toThrow(/MAKERDESK_ADVERTISE_URL/);
    expect(() => loadConfig({ MAKERDESK_ADVERTISE_URL: 'ftp://node-b' })).toThrow(/MAKERDESK_ADVERTISE_URL: must be an http/);
  });

  it('keeps each kind of data as long as a desk would by default; each retention is a setting in whole days, checked', () => {
    expect(loadConfig({}).retention).toEqual({ cancelledOrderDays: 3, filledOrderDays: 30, tradingLogDays: 90, incidentDays: 90, fillDays: 400, fillRowDays: 30, intervalMs: 3_600_000 });
    expect(
      loadConfig({ MAKERDESK_RETAIN_CANCELLED_DAYS: '1', MAKERDESK_RETAIN_FILLED_ORDER_DAYS: '60', MAKERDESK_RETAIN_LOG_DAYS: '30', MAKERDESK_RETAIN_INCIDENT_DAYS: '365', MAKERDESK_RETAIN_FILL_DAYS: '730', MAKERDESK_RETAIN_FILL_ROW_DAYS: '90', MAKERDESK_RETENTION_INTERVAL_MINUTES: '15' }).retention,
    ).toEqual({ cancelledOrderDays: 1, filledOrderDays: 60, tradingLogDays: 30, incidentDays: 365, fillDays: 730, fillRowDays: 90, intervalMs: 900_000 });
    // A ledger kept shorter than the rows' default keeps its fills as rows throughout; set explicitly longer than the ledger, refused.
    expect(loadConfig({ MAKERDESK_RETAIN_FILL_DAYS: '20' }).retention.fillRowDays).toBe(20);
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ MAKERDESK_RETAIN_CANCELLED_DAYS: '0' })).toContain('MAKERDESK_RETAIN_CANCELLED_DAYS: must be a whole number of days between 1 and 3650');
    expect(refusal({ MAKERDESK_RETAIN_LOG_DAYS: '2.5' })).toContain('MAKERDESK_RETAIN_LOG_DAYS: must be a whole number of days between 1 and 3650');
    expect(refusal({ MAKERDESK_RETAIN_INCIDENT_DAYS: 'forever' })).toContain('MAKERDESK_RETAIN_INCIDENT_DAYS: must be a whole number of days between 1 and 3650');
    expect(refusal({ MAKERDESK_RETAIN_FILL_ROW_DAYS: '0' })).toContain('MAKERDESK_RETAIN_FILL_ROW_DAYS: must be a whole number of days between 1 and 3650');
    expect(refusal({ MAKERDESK_RETAIN_FILL_DAYS: '60', MAKERDESK_RETAIN_FILL_ROW_DAYS: '61' })).toContain('MAKERDESK_RETAIN_FILL_ROW_DAYS: must be at most MAKERDESK_RETAIN_FILL_DAYS (60)');
    expect(refusal({ MAKERDESK_RETENTION_INTERVAL_MINUTES: '0' })).toContain('MAKERDESK_RETENTION_INTERVAL_MINUTES: must be between 1 and 1440 minutes');
  });

  it('samples liquidity by default; MAKERDESK_LIQUIDITY_SAMPLING=off turns it off', () => {
    expect(loadConfig({}).liquiditySampling).toBe(true);
    expect(loadConfig({ MAKERDESK_LIQUIDITY_SAMPLING: 'off' }).liquiditySampling).toBe(false);
    expect(() => loadConfig({ MAKERDESK_LIQUIDITY_SAMPLING: 'yes' })).toThrow(/MAKERDESK_LIQUIDITY_SAMPLING/);
  });

  it('raises an obligation breach after 5 minutes in a row by default; MAKERDESK_OBLIGATION_BREACH_MINUTES sets it, 1 to 1440', () => {
    expect(loadConfig({}).obligationBreachMinutes).toBe(5);
    expect(loadConfig({ MAKERDESK_OBLIGATION_BREACH_MINUTES: '1' }).obligationBreachMinutes).toBe(1);
    expect(loadConfig({ MAKERDESK_OBLIGATION_BREACH_MINUTES: '1440' }).obligationBreachMinutes).toBe(1440);
    for (const bad of ['0', '2.5', 'soon', '1441']) expect(() => loadConfig({ MAKERDESK_OBLIGATION_BREACH_MINUTES: bad })).toThrow(/MAKERDESK_OBLIGATION_BREACH_MINUTES: must be/);
  });

  it('drains 5 s by default; MAKERDESK_DRAIN_MS sets it, 0 to stop at once, bounded', () => {
    expect(loadConfig({}).drainMs).toBe(5000);
    expect(loadConfig({ MAKERDESK_DRAIN_MS: '0' }).drainMs).toBe(0);
    expect(loadConfig({ MAKERDESK_DRAIN_MS: '15000' }).drainMs).toBe(15_000);
    expect(loadConfig({ MAKERDESK_DRAIN_MS: String(MAX_DRAIN_MS) }).drainMs).toBe(MAX_DRAIN_MS);
    for (const bad of ['-1', '1.5', 'soon', String(MAX_DRAIN_MS + 1)]) expect(() => loadConfig({ MAKERDESK_DRAIN_MS: bad })).toThrow(/MAKERDESK_DRAIN_MS/);
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
