/**
 * Server-sent events with the session attached. In cookie mode the browser's EventSource carries the cookie.
 * In bearer mode (Telegram Web's iframe, the native app) EventSource cannot send an Authorization header, and the
 * long-lived token must never go in a URL, so the stream is read with fetch and parsed here; it reconnects after
 * a drop with a growing pause, and stops for good when the server answers 401 (the session is gone).
 */
import { apiBase } from './api';
import { authorizationHeader, transport } from './session';

export type StreamHandler = (event: string, data: string) => void;

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function openEventStream(path: string, events: readonly string[], onEvent: StreamHandler): () => void {
  const url = `${apiBase}${path}`;
  if (transport === 'cookie') {
    if (typeof EventSource === 'undefined') return () => undefined;
    const source = new EventSource(url, { withCredentials: true });
    const listeners = events.map((name) => {
      const listener = (message: MessageEvent<string>) => onEvent(name, message.data);
      source.addEventListener(name, listener);
      return listener;
    });
    return () => {
      events.forEach((name, i) => source.removeEventListener(name, listeners[i]!));
      source.close();
    };
  }

  const controller = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async (): Promise<void> => {
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', ...authorizationHeader() },
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      failures = 0;
      // Only the bearer shells read the stream by hand, so only they fetch the parser.
      const { createParser } = await import('eventsource-parser');
      const parser = createParser({
        onEvent: (message) => {
          const name = message.event ?? 'message';
          if (events.includes(name)) onEvent(name, message.data);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    if (controller.signal.aborted) return;
    const pause = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => void run(), pause);
  };
  void run();
  return () => {
    controller.abort();
    if (timer) clearTimeout(timer);
  };
}
