import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs with nothing set: PGlite in ./data on port 3000, no first admin chosen', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, seed: 'demo' });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.admin).toEqual({ email: undefined, password: undefined });
  });

  it('takes the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    const config = loadConfig({ ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'Owner-pass-2026' });
    expect(config.admin).toEqual({ email: 'owner@shop.test', password: 'Owner-pass-2026' });
  });

  it('refuses half a first admin, a malformed address or a short password, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@shop.test' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'Owner-pass-2026' })).toThrow(
      /ADMIN_EMAIL/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });

  it('takes METRICS_TOKEN when it is long enough to be a secret, and refuses a short or spaced one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'a3f1c9e0b7d24f6a8c5e1b9d0f7a2c4e';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const value of ['secret', `${token.slice(0, 16)} ${token.slice(16)}`, '']) {
      expect(() => loadConfig({ METRICS_TOKEN: value }), value).toThrow(/METRICS_TOKEN/);
    }
  });

  it('refuses a database or Redis address of the wrong kind', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('reads TRUST_PROXY as no proxy, a number of proxies (true is one) or a list of their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16,::1,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY that is neither, naming the variable', () => {
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', 'proxy.local', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
