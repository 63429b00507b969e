import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { platform } from '../../../lib/platform';
import { telegramInitData, telegramStartParam } from '../../../lib/platform/telegram';
import { setSessionToken } from '../../../lib/session';
import { signInWithTelegram } from '../api/sign-in-with-telegram';
import { mayExchangeInitData, recordExchange } from '../../../lib/platform/telegram-launch';

export type TelegramSignInState = 'off' | 'pending' | 'failed';

/** One attempt per page load, however often the auth screen mounts (StrictMode mounts it twice). */
let attempt: Promise<boolean> | undefined;

/**
 * Exchanges the launch's init data for a session, at most once per launch (lib/launch.ts): a reload keeps the
 * token, a rejected token may be renewed once, and after signing out the form stays until the fan asks.
 */
async function attemptSignIn(): Promise<boolean> {
  if (!mayExchangeInitData()) return false;
  const initData = await telegramInitData();
  if (!initData) return false;
  const startParam = telegramStartParam()?.slice(0, 128) || undefined;
  recordExchange();
  const { token } = await signInWithTelegram({ initData, startParam });
  setSessionToken(token);
  return true;
}

/** The fan's own tap on "Continue with Telegram" after signing out: one more exchange. */
async function continueWithTelegram(): Promise<void> {
  const initData = await telegramInitData();
  if (!initData) throw new Error('No Telegram init data');
  recordExchange({ byFan: true });
  const { token } = await signInWithTelegram({ initData, startParam: undefined });
  setSessionToken(token);
}

/**
 * Into the app once signed in, without reloading the page (the token may live in memory only, where the browser
 * denies Telegram Web's iframe any storage): every cached "signed out" answer is dropped first.
 */
function useEnterApp(from: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    queryClient.clear();
    void navigate(safeTarget(from), { replace: true });
  }, [from, navigate, queryClient]);
}

/** Where to go once signed in: back where the guard sent the fan from, else the feed. */
function safeTarget(from: string | undefined): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth') ? from : '/feed';
}

/**
 * Spec, Auth screen: inside the Telegram Mini App with init data and no session, the app verifies the init
 * data and continues signed in. The server hands out a session token, kept for the launch (lib/session.ts: the
 * cookie does not survive Telegram Web's iframe); the app then goes on to `from` with every cached "signed out"
 * answer dropped. A refusal is logged and shown, and the normal form stays.
 */
export function useTelegramSignIn(from?: string): TelegramSignInState {
  const { t } = useTranslation();
  const [state, setState] = useState<TelegramSignInState>(platform === 'telegram' ? 'pending' : 'off');
  const enterApp = useEnterApp(from);

  useEffect(() => {
    if (platform !== 'telegram') return;
    let active = true;
    // Shared by the mounts of one visit to the auth screen; a later visit (after signing out) decides anew.
    attempt ??= attemptSignIn().finally(() => {
      attempt = undefined;
    });
    attempt.then(
      (signedIn) => {
        if (!active) return;
        if (signedIn) enterApp();
        else setState('off');
      },
      (error: unknown) => {
        console.error('Telegram sign-in failed', error);
        if (!active) return;
        setState('failed');
        const message = error instanceof ApiError ? error.message : t('telegram.failed');
        toast.error(t('auth.failed'), { description: message });
      },
    );
    return () => {
      active = false;
    };
  }, [enterApp, t]);

  return state;
}

/** After signing out inside Telegram: the fan's own way back in, without the form. */
export function ContinueWithTelegram({ from }: { from?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const enterApp = useEnterApp(from);
  if (platform !== 'telegram') return null;
  const onClick = () => {
    setBusy(true);
    continueWithTelegram().then(enterApp, (error: unknown) => {
      setBusy(false);
      const message = error instanceof ApiError ? error.message : t('telegram.failed');
      toast.error(t('auth.failed'), { description: message });
    });
  };
  return (
    <Button className="w-full" size="lg" onClick={onClick} isLoading={busy} disabled={busy}>
      {t('shells.telegram.continue')}
    </Button>
  );
}

export function TelegramSigningIn() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <Spinner size="lg" label={t('telegram.signingIn')} />
      <p className="text-muted-foreground" aria-hidden="true">
        {t('telegram.signingIn')}
      </p>
    </main>
  );
}
