import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY, type Locale } from '@shop/contract';
import { shopperAddress } from './shop-server.ts';

/** Debian's Chromium with the flags these machines need (no sandbox as root, no background networking). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ShopperPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/**
 * A fresh browser context whose storefront starts in `locale` (the saved choice, as the switcher stores it). It
 * asks for reduced motion, which both apps honour, so that no step races an animation: antd's buttons can keep
 * their loading spinner when a request ends within a frame of starting, and a spinner changes the button's name.
 */
/** The page's console errors, uncaught errors and failed responses, as they come. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The console names failed requests without their URL; this says which one failed.
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

export async function openShopper(browser: Browser, baseUrl: string, locale: Locale): Promise<ShopperPage> {
  // Each context is one shopper's device, with its own address as the shop's proxy reports it.
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale,
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'x-forwarded-for': shopperAddress() },
  });
  // Only on the first load: a test that switches the language must see its choice after the reload.
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [LOCALE_STORAGE_KEY, locale] as const,
  );
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

/** axe-core violations a user would be hurt by: serious and critical ones. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The same for a back-office page, layout (header, side or top menu) and open dialogs included, seen at rest: the
 * pointer is moved off the page first, since an entry left under it after a click is tinted mid-transition, and the
 * check waits for the transitions and animations that have an end to finish (a spinner's or a live badge's endless
 * one excepted).
 */
export async function seriousAdminViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    // Two frames: the style without the pointer is computed and its transitions have started.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter(
        (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
      );
    await Promise.race([
      Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  return seriousAccessibilityViolations(page);
}
