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

  it('refuses a database or Redis address of the wrong kind', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});
