import { request, type IncomingMessage } from 'node:http';
import type { MonitorEvent } from '@shop/contract';

/** One message of a text/event-stream, as a browser's EventSource would see it (comments kept apart). */
export interface StreamMessage {
  id?: string;
  retry?: number;
  data?: string;
  comments: string[];
}

export interface EventStreamReader {
  status: number;
  contentType: string;
  /** The next message matching `match`, waiting at most `timeoutMs`; earlier ones are skipped. */
  next(match: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** The next shop event matching `match`. */
  nextEvent(match: (event: MonitorEvent) => boolean, timeoutMs?: number): Promise<MonitorEvent>;
  /** Resolves true when the server ends the stream within `timeoutMs`. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

/**
 * Reads a server-sent event stream over a real HTTP connection of its own (test support for the monitor).
 * `node:http` without an agent rather than `fetch`: closing the reader closes its socket, where fetch's pool
 * would open a spare connection that holds the server's close up until it times out.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamReader> {
  const req = request(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
  const chunks = res[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const reader = {
    read: async (): Promise<{ done: boolean; value?: Buffer }> => {
      try {
        const chunk = await chunks.next();
        return chunk.done ? { done: true } : { done: false, value: chunk.value };
      } catch {
        return { done: true };
      }
    },
  };
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const queue: StreamMessage[] = [];

  const parse = (block: string): StreamMessage => {
    const message: StreamMessage = { comments: [] };
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) message.comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) message.id = line.slice(4);
      else if (line.startsWith('retry: ')) message.retry = Number(line.slice(7));
      else if (line.startsWith('data: '))
        message.data = (message.data ? `${message.data}\n` : '') + line.slice(6);
    }
    return message;
  };

  // One read at a time: a read that loses a race against the clock is kept for the next pump, not dropped.
  let pending: Promise<{ done: boolean; value?: Buffer }> | null = null;
  const pump = async (deadline: number): Promise<boolean> => {
    if (done) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
    });
    pending ??= reader.read();
    const chunk = await Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
    if (chunk === 'timeout') return false;
    pending = null;
    if (chunk.done || !chunk.value) {
      done = true;
      return false;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      queue.push(parse(buffer.slice(0, end)));
      buffer = buffer.slice(end + 2);
    }
    return true;
  };

  const next = async (match: (message: StreamMessage) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (queue.length) {
        const message = queue.shift()!;
        if (match(message)) return message;
      }
      if (Date.now() >= deadline || (!(await pump(deadline)) && (done || Date.now() >= deadline))) {
        throw new Error(done ? 'the stream ended' : `nothing matching within ${timeoutMs} ms`);
      }
    }
  };

  return {
    status: res.statusCode ?? 0,
    contentType: String(res.headers['content-type'] ?? ''),
    next,
    async nextEvent(match, timeoutMs) {
      const message = await next(
        (m) => m.data !== undefined && match(JSON.parse(m.data) as MonitorEvent),
        timeoutMs,
      );
      return JSON.parse(message.data!) as MonitorEvent;
    },
    async ended(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done && Date.now() < deadline) await pump(deadline).catch(() => (done = true));
      return done;
    },
    close: () => req.destroy(),
  };
}

/** A plain GET on a connection of its own, closed afterwards: `{ status, body }`. */
export async function getOnce(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, { agent: false, headers });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
  let body = '';
  for await (const chunk of res) body += String(chunk);
  return { status: res.statusCode ?? 0, body };
}
