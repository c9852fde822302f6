import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing.ts';

/**
 * The client address behind proxies, as every per-IP limit sees it (`request.ip`): the right-most
 * X-Forwarded-For address that no trusted proxy appended. Left of it a client can write anything.
 */
const PROXY = '10.0.0.2';

/** A describe block over a fresh app (its own abuse counters) started with `TRUST_PROXY=setting`. */
function describeBehind(setting: string, tests: (app: () => TestApp) => void) {
  describe(`TRUST_PROXY=${setting}`, () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy });
    });
    afterAll(() => test.close());
    tests(() => test);
  });
}

/** 15 wrong logins; `headersFor(i)` are the headers of the i-th, `from` the address the shop sees them from. */
async function wrongLogins(test: TestApp, from: string, headersFor: (i: number) => Record<string, string>) {
  const statuses: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    const res = await test.app.inject({
      method: 'POST',
      url: '/v1/home/users/login',
      remoteAddress: from,
      headers: headersFor(i),
      payload: { account: `nobody${i}@example.com`, password: 'wrong-password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const LIMITED = [...Array<number>(10).fill(401), ...Array<number>(5).fill(429)];

for (const setting of ['true', '1']) {
  describeBehind(setting, (app) => {
    it('limits wrong logins with a forged left-most address each exactly like plain ones', async () => {
      const plain = await wrongLogins(app(), '203.0.113.60', () => ({}));
      // Each forged value differs, the address the proxy appended (the real client) stays the same.
      const forged = await wrongLogins(app(), PROXY, (i) => ({
        'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.61`,
      }));
      expect(plain).toEqual(LIMITED);
      expect(forged).toEqual(plain);
    });

    it("counts another client behind the same proxy apart: the proxy's address is not the client's", async () => {
      const neighbour = await wrongLogins(app(), PROXY, () => ({ 'x-forwarded-for': '203.0.113.62' }));
      expect(neighbour).toEqual(LIMITED);
    });
  });
}

describeBehind('2', (app) => {
  it('takes the address the outer of two proxies appended', async () => {
    const forged = await wrongLogins(app(), PROXY, (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.70, 10.0.0.1`,
    }));
    expect(forged).toEqual(LIMITED);
  });
});

describeBehind(`${PROXY}, 10.1.0.0/16`, (app) => {
  it('believes only the listed proxies: past them, and for a direct client, no address can be picked', async () => {
    const viaProxies = await wrongLogins(app(), PROXY, (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.80, 10.1.2.3`,
    }));
    expect(viaProxies).toEqual(LIMITED);
    const direct = await wrongLogins(app(), '203.0.113.81', (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}`,
    }));
    expect(direct).toEqual(LIMITED);
  });
});

describeBehind('false', (app) => {
  it('ignores X-Forwarded-For', async () => {
    const direct = await wrongLogins(app(), '203.0.113.90', (i) => ({
      'x-forwarded-for': `198.51.100.${i + 1}`,
    }));
    expect(direct).toEqual(LIMITED);
  });
});
