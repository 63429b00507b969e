import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toaster';
import { AuthCard } from '../../features/auth/components/auth-card';
import {
  ContinueWithTelegram,
  TelegramSigningIn,
  useTelegramSignIn,
} from '../../features/telegram/components/telegram-sign-in';

export function AuthRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const announced = useRef(false);
  const confirmed = params.get('type') === 'signup' && params.has('message');
  const resetToken = params.get('mode') === 'reset' ? (params.get('token') ?? undefined) : undefined;
  const resetError = params.get('mode') === 'reset' && params.get('error');
  // Inside the Telegram Mini App the fan is signed in from Telegram's init data, without the form.
  const from = (useLocation().state as { from?: string } | null)?.from;
  const telegram = useTelegramSignIn(from);

  useEffect(() => {
    if (announced.current) return;
    if (confirmed) {
      announced.current = true;
      toast.success(t('auth.emailConfirmed'), { description: t('auth.emailConfirmedMessage') });
      void navigate('/auth', { replace: true });
    } else if (resetError) {
      announced.current = true;
      toast.error(t('auth.failed'), { description: t('auth.resetLinkInvalid') });
      void navigate('/auth', { replace: true });
    }
  }, [confirmed, resetError, navigate, t]);

  if (telegram === 'pending') return <TelegramSigningIn />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted/40 px-4 py-10">
      <div className="w-full max-w-md empty:hidden">
        <ContinueWithTelegram from={from} />
      </div>
      {/* "Get Started" on the landing page opens the sign-up form (/auth?mode=signup); signing in is one tap away. */}
      <AuthCard
        initialMode={resetToken ? 'reset' : params.get('mode') === 'signup' ? 'signUp' : 'signIn'}
        resetToken={resetToken}
        key={resetToken ?? 'auth'}
      />
    </main>
  );
}
