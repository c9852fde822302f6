import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  Code,
  MONITOR_HEARTBEAT_MS,
  MONITOR_RETRY_MS,
  type Activity,
  type MonitorEvent,
} from '@shop/contract';
import type { ShopEvents } from './shop-events.ts';

export interface MonitorStreamOptions {
  heartbeatMs?: number;
  /** Streams one member of staff may hold open at once (tabs, windows). */
  maxPerMember?: number;
  /**
   * A stream ends after this long and the browser reconnects (with `Last-Event-ID`), passing the staff check
   * again: a member who was disabled or logged out stops receiving within this time.
   */
  maxAgeMs?: number;
  /** How often staff changes are looked for in the audit log while someone watches. */
  auditPollMs?: number;
}

/** A slow reader whose unsent data grows past this is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Audit entries are looked for this far back: a change's time is its transaction's start, not its commit. */
const AUDIT_OVERLAP_MS = 30_000;

interface Stream {
  memberId: string;
  res: ServerResponse;
  end: () => void;
}

/**
 * The live monitor's server-sent event streams. Each stream gets a `retry:` hint, what it missed since its
 * `Last-Event-ID` (from the bus's ring), then every shop event as it happens, and a heartbeat comment every
 * 15 s so proxies keep it open. While anyone watches, staff changes are picked up from the audit log (every
 * instance reads the same database, so these are published to this instance only).
 */
export class MonitorStreams {
  private readonly streams = new Set<Stream>();
  private readonly perMember = new Map<string, number>();
  private auditTimer: NodeJS.Timeout | undefined;
  private auditSeen = new Map<string, number>();
  private auditAfter = new Date();
  private polling = false;
  private readonly heartbeatMs: number;
  private readonly maxPerMember: number;
  private readonly maxAgeMs: number;
  private readonly auditPollMs: number;

  constructor(
    private readonly events: ShopEvents,
    private readonly auditSince: (after: Date) => Promise<Activity[]>,
    private readonly log: FastifyBaseLogger,
    options: MonitorStreamOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? MONITOR_HEARTBEAT_MS;
    this.maxPerMember = options.maxPerMember ?? 5;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.auditPollMs = options.auditPollMs ?? 5_000;
  }

  get openCount(): number {
    return this.streams.size;
  }

  /** Takes the response over and streams to it until the client leaves, the stream ages out or the app closes. */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    memberId: string,
    lastEventId: string | undefined,
  ): void {
    const accept = request.headers.accept ?? '';
    if (!accept.includes('text/event-stream')) {
      throw new AppError(
        Code.validation,
        'error.monitor.eventStream',
        { accept: 'error.monitor.eventStream' },
        406,
      );
    }
    const held = this.perMember.get(memberId) ?? 0;
    if (held >= this.maxPerMember) {
      throw new AppError(Code.tooManyRequests, 'error.monitor.tooManyStreams', undefined, 429);
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();

    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = () => {};
    let ended = false;
    const stream: Stream = {
      memberId,
      res,
      end: () => {
        if (ended) return;
        ended = true;
        for (const timer of timers) clearTimeout(timer);
        unsubscribe();
        this.streams.delete(stream);
        const left = (this.perMember.get(memberId) ?? 1) - 1;
        if (left > 0) this.perMember.set(memberId, left);
        else this.perMember.delete(memberId);
        if (this.streams.size === 0) this.stopAuditWatch();
        if (!res.writableEnded) res.end();
      },
    };
    this.streams.add(stream);
    this.perMember.set(memberId, held + 1);

    const write = (text: string) => {
      if (ended) return;
      res.write(text);
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        this.log.warn({ memberId }, 'monitor stream reader too slow; closing it');
        stream.end();
      }
    };
    const send = (event: MonitorEvent) => write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);

    res.on('close', stream.end);
    res.on('error', stream.end);
    write(`retry: ${MONITOR_RETRY_MS}\n: connected\n\n`);
    if (lastEventId) for (const event of this.events.since(lastEventId)) send(event);
    unsubscribe = this.events.subscribe(send);
    timers.push(setInterval(() => write(': heartbeat\n\n'), this.heartbeatMs));
    timers.push(setTimeout(stream.end, this.maxAgeMs));
    this.startAuditWatch();
  }

  /** Ends every stream; the app calls it before closing so that closing does not wait for them. */
  closeAll(): void {
    for (const stream of [...this.streams]) stream.end();
    this.stopAuditWatch();
  }

  private startAuditWatch() {
    if (this.auditTimer) return;
    this.auditAfter = new Date();
    this.auditSeen.clear();
    this.auditTimer = setInterval(() => void this.pollAudit(), this.auditPollMs);
    this.auditTimer.unref();
  }

  private stopAuditWatch() {
    clearInterval(this.auditTimer);
    this.auditTimer = undefined;
  }

  private async pollAudit() {
    if (this.polling) return;
    this.polling = true;
    try {
      const now = Date.now();
      const entries = await this.auditSince(new Date(this.auditAfter.getTime() - AUDIT_OVERLAP_MS));
      for (const activity of entries) {
        if (this.auditSeen.has(activity.id)) continue;
        this.auditSeen.set(activity.id, Date.parse(activity.at));
        this.events.publish({ type: 'staff.activity', at: activity.at, activity, order: null }, 'here');
      }
      this.auditAfter = new Date(now);
      for (const [id, at] of this.auditSeen) if (at < now - 2 * AUDIT_OVERLAP_MS) this.auditSeen.delete(id);
    } catch (error) {
      this.log.warn({ err: error }, 'monitor could not read the audit log');
    } finally {
      this.polling = false;
    }
  }
}
