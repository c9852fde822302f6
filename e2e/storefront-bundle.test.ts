import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * What the built storefront makes a shopper download: the entry scripts of index.html, then each page's chunks as
 * the boot map (vite.config.ts, `bootScript`) lists them, and one locale's messages. Budgets in gzip bytes, a
 * little above the sizes measured when they were set (home 122 KB, an account form 162 KB), so that a change
 * which makes the storefront grow is a decision rather than an accident. Raised once, home 130 → 135 KB (session 9):
 * the language menu, the search box's suggestions, the cart badge and focus handling brought home to 131 KB; the
 * next trim is splitting the messages by page (one locale's catalog holds every page's texts, 8 KB of home's 131).
 * Raised once, every page 175 → 177 KB (guest checkout): the address page stood 0.1 KB under 175 KB, and every page
 * carries the guest checkout's texts in the one catalog (+0.2 KB) and the order token in the shared features chunk
 * (+0.2 KB), with the address form's "use without saving" (+0.1 KB); the checkout itself is a lazy chunk.
 * Raised once more, every page 177 → 178 KB (markets, session 14): the header's market menu on every page (the
 * language menu's code now shared with it as HeaderSelect) and the tax lines' texts brought the address page to
 * 177.3 KB.
 * And 178 → 179 KB (shipping methods, session 15): the delivery choice's and estimate's texts in the one catalog
 * (+0.2 KB) and the delivery-days part shared by checkout and the order page took the address page to 178.4 KB.
 * Then trimmed, every page 179 → 170 KB (session 17): a form page carried the server's whole catalog in four
 * languages (17 KB, mostly the back office's texts) for its rules' few, now shopper-messages.ts (3.7 KB); and
 * libphonenumber's metadata (29 KB) only with a phone field (the detail page's email form took it with isEmail).
 * The address page, the largest, is 166 KB.
 */
const dist =
  process.env.STOREFRONT_DIST ?? fileURLToPath(new URL('../apps/storefront/dist', import.meta.url));
const HOME_BUDGET = 135_000;
const PAGE_BUDGET = 170_000;

const html = readFileSync(`${dist}/index.html`, 'utf8');
const bootMap = JSON.parse(/id="boot-chunks">([^<]*)</.exec(html)?.[1] ?? '{}') as {
  pages: Record<string, string[]>;
  catalogs: Record<string, string>;
};
const entry = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
const gzipped = (path: string) => gzipSync(readFileSync(`${dist}${path}`)).length;
const largestCatalog = Math.max(...Object.values(bootMap.catalogs).map(gzipped));
const pageBytes = (page: string) =>
  [...entry, ...(bootMap.pages[page] ?? [])].reduce((sum, path) => sum + gzipped(path), 0) + largestCatalog;

describe('the JavaScript the storefront ships', () => {
  it('lists every page with its chunks', () => {
    expect(entry.length).toBeGreaterThan(0);
    expect(Object.keys(bootMap.pages)).toEqual(
      expect.arrayContaining(['home', 'detail', 'register', 'order']),
    );
  });

  it(`keeps the first page under ${HOME_BUDGET / 1000} KB gzip and every page under ${PAGE_BUDGET / 1000} KB`, () => {
    expect(pageBytes('home')).toBeLessThan(HOME_BUDGET);
    const over = Object.keys(bootMap.pages)
      .map((page) => ({ page, bytes: pageBytes(page) }))
      .filter(({ bytes }) => bytes >= PAGE_BUDGET);
    expect(over).toEqual([]);
  });

  it('holds neither the back office (antd) nor the schemas (zod): forms use the plain checks', () => {
    const scripts = readdirSync(`${dist}/assets`).filter((name) => name.endsWith('.js'));
    const carrying = (marker: RegExp) =>
      scripts.filter((name) => marker.test(readFileSync(`${dist}/assets/${name}`, 'utf8')));
    expect(carrying(/\bant-btn\b|@ant-design/)).toEqual([]);
    expect(carrying(/ZodError/)).toEqual([]);
  });

  it("loads the password rule (zxcvbn's dictionaries) only when a meter asks for it, never with a page", () => {
    const scripts = readdirSync(`${dist}/assets`).filter((name) => name.endsWith('.js'));
    // The common-passwords list holds "qwerty"; nothing else in the shop does.
    const rule = scripts.filter((name) => /qwerty/.test(readFileSync(`${dist}/assets/${name}`, 'utf8')));
    expect(rule).toHaveLength(1);
    const booted = new Set([...entry, ...Object.values(bootMap.pages).flat()]);
    expect(booted.has(`/assets/${rule[0]}`)).toBe(false);
  });
});
