import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { ADMIN_CSP_NONCE_PLACEHOLDER } from './admin-app.ts';

/** A stand-in back-office build with the nonce placeholders Vite writes. */
function fakeAdminBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><meta property="csp-nonce" nonce="${ADMIN_CSP_NONCE_PLACEHOLDER}">` +
      `<script type="module" src="/admin/assets/index-a1b2c3d4.js" nonce="${ADMIN_CSP_NONCE_PLACEHOLDER}"></script>` +
      '<div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'index-a1b2c3d4.js'), 'console.log("admin")');
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminDist: fakeAdminBuild() });
});
afterAll(() => t.close());

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

describe('the back office served under /admin', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/list/goods?page=2', '/admin/no/such/page'])(
    'answers %s with the app, never cached',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('gives every response its own nonce, in the page and in a CSP that allows no inline script', async () => {
    const [a, b] = [await t.app.inject('/admin/login'), await t.app.inject('/admin/login')];
    const nonce = nonceOf(a.body)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(a.body).not.toContain(ADMIN_CSP_NONCE_PLACEHOLDER);
    expect(nonceOf(b.body)).not.toBe(nonce);
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("script-src 'self' 'unsafe");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets for a year and leaves the storefront its strict policy', async () => {
    const asset = await t.app.inject('/admin/assets/index-a1b2c3d4.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("admin")');
    expect((await t.app.inject('/admin/assets/missing-00000000.js')).statusCode).toBe(404);
    const home = await t.app.inject('/');
    expect(home.headers['content-security-policy']).toContain("style-src 'self';");
    expect(home.headers['content-security-policy']).not.toContain('nonce');
  });

  it('does not swallow the staff API', async () => {
    const res = await t.app.inject('/v1/admin/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401 });
  });
});

describe('a shop without a back-office build', () => {
  it('answers /admin with the 404 page', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject('/admin/login')).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
