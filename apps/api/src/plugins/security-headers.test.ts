import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing.ts';

const PROXY = '10.0.0.2';

let direct: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  behindProxy = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: PROXY }).trustProxy });
});
afterAll(async () => {
  await direct.close();
  await behindProxy.close();
});

const get = (test: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  test.app.inject({ url, remoteAddress, headers });

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP, even when the client claims HTTPS', async () => {
    for (const url of ['/healthz', '/v1/home/goods', '/']) {
      const plain = await get(direct, url, '203.0.113.5');
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      expect(plain.headers['x-content-type-options'], url).toBe('nosniff');
      const claimed = await get(direct, url, '203.0.113.5', { 'x-forwarded-proto': 'https' });
      expect(claimed.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    for (const url of ['/healthz', '/v1/home/goods', '/', '/v1/nowhere']) {
      const https = await get(behindProxy, url, PROXY, { 'x-forwarded-proto': 'https' });
      expect(https.headers['strict-transport-security'], url).toBe('max-age=15552000; includeSubDomains');
    }
    const http = await get(behindProxy, '/healthz', PROXY, { 'x-forwarded-proto': 'http' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when the X-Forwarded-Proto comes from an address that is not a trusted proxy', async () => {
    const spoofed = await get(behindProxy, '/healthz', '203.0.113.5', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
