// @vitest-environment happy-dom
import { REFERRAL_FLAG_KEY } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberReferral } from '../../../lib/referral';
import { processReferralOnce, referralToRecord, useRecordReferral } from './record-referral';
import { aMe } from '../../../test/fixtures';

const CODE_KEY = 'burti_referral_code';

function openInTelegram(startParam: string) {
  vi.stubGlobal('Telegram', { WebApp: { initData: 'signed', initDataUnsafe: { start_param: startParam } } });
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('which referral a device records', () => {
  it('is the web code kept from the landing page', () => {
    rememberReferral('webcode');
    expect(referralToRecord()).toEqual({ source: 'web', code: 'webcode' });
  });

  it('is a Telegram ref_ start parameter first, even when a web code is kept', () => {
    rememberReferral('webcode');
    openInTelegram('ref_tgcode');
    expect(referralToRecord()).toEqual({ source: 'telegram', code: 'tgcode', startParam: 'ref_tgcode' });
  });

  it('ignores a start parameter that is not a referral one', () => {
    rememberReferral('webcode');
    openInTelegram('promo_summer');
    expect(referralToRecord()).toEqual({ source: 'web', code: 'webcode' });
  });

  it('is nothing without a code', () => {
    expect(referralToRecord()).toBeNull();
  });
});

describe('recording once per device', () => {
  it('records the code, then sets the flag so that it never records again', async () => {
    rememberReferral('webcode');
    const record = vi.fn().mockResolvedValue({ recorded: true });
    await processReferralOnce(record);
    expect(record).toHaveBeenCalledExactlyOnceWith({ source: 'web', code: 'webcode' });
    expect(localStorage.getItem(REFERRAL_FLAG_KEY)).toBe('true');
    await processReferralOnce(record);
    expect(record).toHaveBeenCalledTimes(1);
    // A later link on this device is not even kept.
    rememberReferral('another');
    expect(localStorage.getItem(CODE_KEY)).toBe('webcode');
  });

  it('sets the flag without a call when there is no code', async () => {
    const record = vi.fn();
    await processReferralOnce(record);
    expect(record).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFERRAL_FLAG_KEY)).toBe('true');
  });

  it('sets the flag after a failure too, and only logs it', async () => {
    rememberReferral('webcode');
    const record = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(processReferralOnce(record)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Could not record the referral', expect.any(Error));
    expect(localStorage.getItem(REFERRAL_FLAG_KEY)).toBe('true');
    await processReferralOnce(record);
    expect(record).toHaveBeenCalledTimes(1);
  });

  it('sets the flag when the server refuses the code', async () => {
    rememberReferral('unknown');
    const record = vi.fn().mockResolvedValue({ recorded: false });
    await processReferralOnce(record);
    expect(localStorage.getItem(REFERRAL_FLAG_KEY)).toBe('true');
  });

  it('makes one call for callers arriving together', async () => {
    rememberReferral('webcode');
    let finish!: () => void;
    const record = vi.fn(
      () => new Promise<{ recorded: boolean }>((resolve) => (finish = () => resolve({ recorded: true }))),
    );
    const first = processReferralOnce(record);
    const second = processReferralOnce(record);
    finish();
    await Promise.all([first, second]);
    expect(record).toHaveBeenCalledTimes(1);
  });
});

describe('useRecordReferral', () => {
  function stubApi(me: { id: string } | null) {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const json = (status: number, data: unknown) =>
          Promise.resolve(
            new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } }),
          );
        if (url.endsWith('/api/me')) {
          return me
            ? json(200, { me: aMe(me) })
            : json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } });
        }
        calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
        return json(200, { recorded: true });
      }),
    );
    return calls;
  }
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      QueryClientProvider,
      { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
      children,
    );

  it('waits for a signed-in fan', async () => {
    rememberReferral('webcode');
    const calls = stubApi(null);
    renderHook(() => useRecordReferral(), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(localStorage.getItem(REFERRAL_FLAG_KEY)).toBeNull();
  });

  it('records the kept code once a fan is signed in', async () => {
    rememberReferral('webcode');
    const calls = stubApi({ id: 'u1' });
    renderHook(() => useRecordReferral(), { wrapper });
    await waitFor(() => expect(localStorage.getItem(REFERRAL_FLAG_KEY)).toBe('true'));
    expect(calls).toEqual([{ url: '/api/goal/referrals', body: { source: 'web', code: 'webcode' } }]);
  });
});
