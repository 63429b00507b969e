// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

// The native app (lib/platform/native-shell.ts: Android's bridge object), which reads the stream in bearer mode.
vi.hoisted(() => {
  (window as Window & { androidBridge?: unknown }).androidBridge = {};
});

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)));
      controller.close();
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the notification stream in bearer mode (native app, Telegram Web)', () => {
  it('is read with fetch and the Authorization header, never a token in the URL, and parsed as SSE', async () => {
    vi.resetModules();
    const { setSessionToken } = await import('./session');
    const { openEventStream } = await import('./event-stream');
    setSessionToken('native.sig');
    fetchMock.mockResolvedValueOnce(
      new Response(
        streamOf(['event: unread\ndata: {"unreadCount":2}\n\n', 'event: notifi', 'cation\ndata: {"x":1}\n\n']),
        {
          headers: { 'content-type': 'text/event-stream' },
        },
      ),
    );
    fetchMock.mockResolvedValue(new Response(null, { status: 401 }));
    const events: [string, string][] = [];
    const stop = openEventStream('/api/notifications/stream', ['unread', 'notification'], (name, data) =>
      events.push([name, data]),
    );
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      ['unread', '{"unreadCount":2}'],
      ['notification', '{"x":1}'],
    ]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/notifications/stream');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer native.sig');
    // The stream ended: it reconnects after a pause, and stops for good on 401.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });
});
