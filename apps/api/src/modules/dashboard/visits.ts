import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { schema, type Db } from '@shop/db';

/** User agents of crawlers, link previews, monitors and scripts: not visitors. */
const AUTOMATED_AGENT =
  /(?<!cu)bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|pingdom|uptime|headless|lighthouse|pagespeed|phantomjs|selenium|puppeteer|playwright|curl\/|wget\/|httpie|python-|python\/|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|scrapy/i;

/** Rows per INSERT when flushing. */
const FLUSH_BATCH = 500;
/** A flush starts early once this many new visitors are waiting. */
const FLUSH_EARLY_AT = 5_000;
/** Visitors already written, remembered so that each page view does not queue them again. */
const REMEMBERED_MAX = 50_000;

export function isAutomatedAgent(userAgent: string): boolean {
  return userAgent.trim() === '' || AUTOMATED_AGENT.test(userAgent);
}

/** The UTC day of `at` as `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Counts storefront visitors per day for the dashboard without storing who they are: a visitor is the
 * HMAC-SHA256 of address, browser and day under a per-install secret, so the same person gives another value
 * every day and the table cannot be matched against addresses. Page loads are only noted in memory; a timer
 * writes the new (day, visitor) pairs every few seconds in one `INSERT … ON CONFLICT DO NOTHING`, and the
 * app's close writes what is left.
 */
export class VisitRecorder {
  private pending = new Map<string, Set<string>>();
  private pendingCount = 0;
  private readonly remembered = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly secret: () => string,
    private readonly log: FastifyBaseLogger,
    private readonly flushEveryMs = 3_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is waiting. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Notes a page load; costs a hash and a set lookup, no I/O. */
  record(ip: string, userAgent: string | undefined, at = new Date()): void {
    const agent = (userAgent ?? '').slice(0, 512);
    if (isAutomatedAgent(agent)) return;
    const day = utcDay(at);
    const visitor = createHmac('sha256', this.secret()).update(`${ip}\n${agent}\n${day}`).digest('base64url');
    const key = `${day}|${visitor}`;
    if (this.remembered.has(key)) return;
    let visitors = this.pending.get(day);
    if (!visitors) {
      visitors = new Set();
      this.pending.set(day, visitors);
    }
    if (visitors.has(visitor)) return;
    visitors.add(visitor);
    this.pendingCount += 1;
    if (this.pendingCount >= FLUSH_EARLY_AT) void this.flush();
  }

  /** Writes the waiting visitors; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pendingCount === 0) return;
    const rows = [...this.pending].flatMap(([day, visitors]) =>
      [...visitors].map((visitor) => ({ day, visitor })),
    );
    this.pending = new Map();
    this.pendingCount = 0;
    try {
      for (let i = 0; i < rows.length; i += FLUSH_BATCH) {
        await this.db
          .insert(schema.dailyVisits)
          .values(rows.slice(i, i + FLUSH_BATCH))
          .onConflictDoNothing();
      }
      if (this.remembered.size + rows.length > REMEMBERED_MAX) this.remembered.clear();
      for (const row of rows) this.remembered.add(`${row.day}|${row.visitor}`);
    } catch (error) {
      // Counting visitors is best effort: a failed write is logged, never retried into unbounded memory.
      this.log.warn({ err: error, visitors: rows.length }, 'visitor counts not written');
    }
  }
}
