// @vitest-environment happy-dom
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('the app’s queries offline', () => {
  it('end in an error the screen can show with Retry, instead of staying paused behind skeletons', async () => {
    // The browser has said it is offline.
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const observer = new QueryObserver(client, { queryKey: ['screen'], queryFn });
    const states: string[] = [];
    const unsubscribe = observer.subscribe((result) => states.push(`${result.status}/${result.fetchStatus}`));
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'), { timeout: 3000 });
    expect(states).not.toContain('pending/paused');
    // Offline, it is not retried: it would only wait.
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
