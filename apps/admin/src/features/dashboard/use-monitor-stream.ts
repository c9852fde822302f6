import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { API_BASE, type MonitorEvent } from '@shop/contract';
import { adminApi } from '../../api.ts';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

const STREAM_PATH = `${API_BASE}/admin/monitor/events`;
/** Pauses before opening again a stream the server refused or closed for good, growing to the last one. */
const BACKOFF_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * The monitor's server-sent events. The browser's EventSource reconnects by itself after a dropped connection
 * (sending `Last-Event-ID`, so the server replays what was missed); when the server refuses the stream (a
 * closed EventSource), it is opened again after a pause, first checking the session so that an ended one goes
 * to the login page. `startAfter` is the snapshot's last event id: nothing before it is sent again.
 */
export function useMonitorStream(
  startAfter: string | null | undefined,
  enabled: boolean,
  onEvent: (event: MonitorEvent) => void,
): { status: StreamStatus; reconnect: () => void } {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [generation, setGeneration] = useState(0);
  const lastId = useRef<string | null>(null);
  const handler = useRef(onEvent);
  const failures = useRef(0);
  const start = useRef(startAfter);
  useLayoutEffect(() => {
    handler.current = onEvent;
    start.current = startAfter;
  });

  useEffect(() => {
    if (!enabled) return;
    lastId.current ??= start.current ?? null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const from = lastId.current;
    const source = new EventSource(
      from ? `${STREAM_PATH}?lastEventId=${encodeURIComponent(from)}` : STREAM_PATH,
    );
    setStatus(failures.current ? 'reconnecting' : 'connecting');
    source.onopen = () => {
      failures.current = 0;
      setStatus('live');
    };
    source.onmessage = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId.current = message.lastEventId;
      try {
        handler.current(JSON.parse(message.data) as MonitorEvent);
      } catch {
        // A line the page cannot read is skipped; the next snapshot refresh corrects the figures.
      }
    };
    source.onerror = () => {
      if (closed) return;
      if (source.readyState === EventSource.CONNECTING) {
        setStatus('reconnecting');
        return;
      }
      source.close();
      setStatus('offline');
      const pause = BACKOFF_MS[Math.min(failures.current, BACKOFF_MS.length - 1)]!;
      failures.current += 1;
      retry = setTimeout(() => {
        // A 401 here sends the user to the login page (the API client's rule); otherwise try again.
        void adminApi.session.me().then(
          () => !closed && setGeneration((g) => g + 1),
          () => !closed && setGeneration((g) => g + 1),
        );
      }, pause);
    };
    return () => {
      closed = true;
      clearTimeout(retry);
      source.close();
    };
  }, [enabled, generation]);

  const reconnect = useCallback(() => {
    failures.current = 0;
    setGeneration((g) => g + 1);
  }, []);

  return { status, reconnect };
}
