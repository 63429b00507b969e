import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { platform } from '../../../lib/platform';
import { telegramInitData, telegramStartParam } from '../../../lib/platform/telegram';
import { signInWithTelegram } from '../api/sign-in-with-telegram';

export type TelegramSignInState = 'off' | 'pending' | 'failed';

/** One attempt per page load, however often the auth screen mounts (StrictMode mounts it twice). */
let attempt: Promise<boolean> | undefined;

async function attemptSignIn(): Promise<boolean> {
  const initData = await telegramInitData();
  if (!initData) return false;
  const startParam = telegramStartParam()?.slice(0, 128) || undefined;
  await signInWithTelegram({ initData, startParam });
  return true;
}

/** Where to go once signed in: back where the guard sent the fan from, else the feed. */
function safeTarget(from: string | undefined): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth') ? from : '/feed';
}

/**
 * Spec, Auth screen: inside the Telegram Mini App with init data and no session, the app verifies the init
 * data and continues signed in. The server sets the session cookie; the page then loads `from` afresh so every
 * cached "signed out" answer is gone. A refusal is logged and shown, and the normal form stays.
 */
export function useTelegramSignIn(from?: string): TelegramSignInState {
  const { t } = useTranslation();
  const [state, setState] = useState<TelegramSignInState>(platform === 'telegram' ? 'pending' : 'off');

  useEffect(() => {
    if (platform !== 'telegram') return;
    let active = true;
    attempt ??= attemptSignIn();
    attempt.then(
      (signedIn) => {
        if (signedIn) window.location.replace(safeTarget(from));
        else if (active) setState('off');
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
  }, [from, t]);

  return state;
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
