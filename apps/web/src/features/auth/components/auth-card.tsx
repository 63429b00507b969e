import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { peekReturnTo } from '../../../lib/return-to';
import { BrandMark } from '../../../components/layout/brand-mark';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toaster';
import { validationMessage } from '../../../lib/error-messages';
import { appName } from '../../../lib/i18n';
import { whenIdle } from '../../../lib/idle';
import { meKeys, meQuery } from '../api/get-me';

export type AuthMode = 'signIn' | 'signUp' | 'forgot' | 'reset';
/** What the card holds; each mode validates (and sends) its part with its shared schema (auth-actions.ts). */
type AuthValues = { nickname: string; email: string; password: string };

const loadActions = () => import('../lib/auth-actions');

/**
 * The form's resolver: the shared zod schema of the mode on screen (`signUpInput`, `signInInput`…), loaded with the
 * auth client on first use rather than with the screen (the /auth first visit carries no zod). Its messages are the
 * schemas' sentences, shown through the error catalogue with their numbers (lib/error-messages.ts).
 */
const resolverFor =
  (mode: AuthMode): Resolver<AuthValues> =>
  async (values, context, options) => {
    const { schemas } = await loadActions();
    const resolve = zodResolver(schemas[mode]) as unknown as Resolver<AuthValues>;
    return resolve(values, context, options);
  };

/** The page the confirmation link lands on; the auth screen shows 'Email confirmed!' there. */
const confirmedCallback = () =>
  `${window.location.origin}/auth?type=signup&message=${encodeURIComponent('Email confirmed')}`;

export function AuthCard({ initialMode, resetToken }: { initialMode: AuthMode; resetToken?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const form = useForm<AuthValues>({
    resolver: resolverFor(mode),
    defaultValues: { nickname: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [resendingLink, setResendingLink] = useState(false);
  const busy = isSubmitting || resendingLink;
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** Set when a sign-in met an unconfirmed account: the card then offers a new confirmation mail. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resentTo, setResentTo] = useState<string | null>(null);

  const switchMode = (next: AuthMode) => {
    setMode(next);
    form.clearErrors();
    setSentTo(null);
    setUnconfirmed(null);
    setResentTo(null);
  };

  const fail = (message: string) => toast.error(t('auth.failed'), { description: message });

  // Fetched once the form is on screen, while the fan types, so that submitting does not wait for it.
  useEffect(() => whenIdle(() => void loadActions()), []);

  // The values arrive parsed by the mode's schema (trimmed, the email lower-cased).
  const onSubmit = form.handleSubmit(async (values) => {
    const { authClient, authErrorMessage } = await loadActions();
    if (mode === 'signUp') {
      const { error } = await authClient.signUp.email({
        email: values.email,
        password: values.password,
        name: values.nickname ?? '',
        callbackURL: confirmedCallback(),
      });
      if (error) return fail(authErrorMessage(error));
      toast.success(t('auth.checkEmail'), { description: t('auth.checkEmailSignUp') });
      setSentTo(values.email);
    } else if (mode === 'signIn') {
      const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
      if (error?.code === 'EMAIL_NOT_VERIFIED') {
        setResentTo(null);
        return setUnconfirmed(values.email);
      }
      if (error) return fail(authErrorMessage(error));
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
      // A fan who has not chosen a club yet is new here (the first sign-in after confirming): no "Welcome back!".
      const me = await queryClient.fetchQuery(meQuery()).catch(() => null);
      if (me && !me.primaryClub) toast.success(t('auth.welcomeNew'), { description: t('auth.welcomeNewMessage') });
      else toast.success(t('auth.welcomeBack'), { description: t('auth.signedIn') });
      // Back to the page the visitor opened (a shared post), when they came from one.
      await navigate(peekReturnTo() ?? '/', { replace: true });
    } else if (mode === 'forgot') {
      const { error } = await authClient.requestPasswordReset({
        email: values.email,
        redirectTo: `${window.location.origin}/auth?mode=reset`,
      });
      if (error) return fail(authErrorMessage(error));
      toast.success(t('auth.checkEmail'), { description: t('auth.checkEmailReset') });
      switchMode('signIn');
    } else {
      if (!resetToken) return fail(t('auth.resetLinkInvalid'));
      const { error } = await authClient.resetPassword({ newPassword: values.password, token: resetToken });
      if (error) return fail(authErrorMessage(error));
      toast.success(t('auth.passwordUpdated'), { description: t('auth.passwordUpdatedMessage') });
      form.setValue('password', '');
      await navigate('/auth', { replace: true });
      switchMode('signIn');
    }
  });

  async function resend() {
    if (!sentTo) return;
    setResendingLink(true);
    try {
      const { authClient, authErrorMessage } = await loadActions();
      const { error } = await authClient.sendVerificationEmail({ email: sentTo, callbackURL: confirmedCallback() });
      if (error) fail(authErrorMessage(error));
      else toast.success(t('auth.resent'));
    } finally {
      setResendingLink(false);
    }
  }

  async function resendConfirmation() {
    if (!unconfirmed) return;
    setResending(true);
    const { authClient, authErrorMessage } = await loadActions();
    const { error } = await authClient.sendVerificationEmail({ email: unconfirmed, callbackURL: confirmedCallback() });
    setResending(false);
    if (error) return fail(authErrorMessage(error));
    setResentTo(unconfirmed);
    toast.success(t('auth.resent'));
  }

  const titles: Record<AuthMode, [string, string]> = {
    signIn: [t('auth.signInTitle'), t('auth.signInSubtitle')],
    signUp: [t('auth.signUpTitle', { appName }), t('auth.signUpSubtitle')],
    forgot: [t('auth.forgotTitle'), t('auth.forgotSubtitle')],
    reset: [t('auth.resetTitle'), t('auth.resetSubtitle')],
  };
  const submitLabels: Record<AuthMode, [string, string]> = {
    signIn: [t('auth.signIn'), t('auth.signingIn')],
    signUp: [t('auth.createAccount'), t('auth.creatingAccount')],
    forgot: [t('auth.sendResetLink'), t('auth.sending')],
    reset: [t('auth.setPassword'), t('auth.saving')],
  };
  const [title, subtitle] = titles[mode];
  const [submit, submitting] = submitLabels[mode];

  return (
    <Card className="w-full max-w-[420px]">
      <CardContent className="flex flex-col gap-6 p-6 sm:p-8">
        <div className="flex flex-col items-center gap-3 text-center">
          <BrandMark className="size-12" />
          <div>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
          </div>
        </div>

        {sentTo ? (
          <div role="status" className="flex flex-col items-center gap-4 text-center">
            <MailCheck aria-hidden="true" className="size-10 text-success" />
            <div>
              <h2 className="font-semibold">{t('auth.checkInboxTitle')}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{t('auth.checkInboxMessage', { email: sentTo })}</p>
            </div>
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="outline" onClick={() => void resend()} isLoading={busy}>
                {t('auth.resend')}
              </Button>
              <Button onClick={() => switchMode('signIn')}>{t('auth.signIn')}</Button>
            </div>
          </div>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
            {mode === 'signIn' && unconfirmed && (
              <div
                role="alert"
                className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm"
              >
                <div className="flex gap-2">
                  <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
                  <div className="min-w-0">
                    <p className="font-semibold">{t('safety.unconfirmedTitle')}</p>
                    <p className="mt-1 text-muted-foreground wrap-anywhere">
                      {resentTo
                        ? t('safety.unconfirmedResent', { email: resentTo })
                        : t('safety.unconfirmedMessage', { email: unconfirmed })}
                    </p>
                  </div>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  className="self-start"
                  onClick={() => void resendConfirmation()}
                  isLoading={resending}
                  disabled={resending}
                >
                  {t('safety.resendConfirmation')}
                </Button>
              </div>
            )}
            {mode === 'signUp' && (
              <Field
                id="nickname"
                label={t('auth.nicknameOptional')}
                hint={t('auth.nicknameHint')}
                error={errors.nickname?.message}
                field={form.register('nickname')}
                autoComplete="username"
              />
            )}
            {mode !== 'reset' && (
              <Field
                id="email"
                type="email"
                label={t('auth.email')}
                error={errors.email?.message}
                field={form.register('email')}
                autoComplete="email"
                required
              />
            )}
            {mode !== 'forgot' && (
              <Field
                id="password"
                type="password"
                label={mode === 'reset' ? t('auth.newPassword') : t('auth.password')}
                hint={mode === 'signIn' ? undefined : t('auth.passwordHint')}
                error={errors.password?.message}
                field={form.register('password')}
                autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
                required
              />
            )}
            {mode === 'signIn' && (
              <button
                type="button"
                className="-mt-2 self-end text-sm font-medium text-brand hover:underline"
                onClick={() => switchMode('forgot')}
              >
                {t('auth.forgotPassword')}
              </button>
            )}
            <Button type="submit" size="lg" isLoading={busy}>
              {busy ? submitting : submit}
            </Button>
          </form>
        )}

        <div className="text-center text-sm">
          {mode === 'signIn' && (
            <button
              type="button"
              className="font-medium text-brand hover:underline"
              onClick={() => switchMode('signUp')}
            >
              {t('auth.toSignUp')}
            </button>
          )}
          {mode === 'signUp' && (
            <button
              type="button"
              className="font-medium text-brand hover:underline"
              onClick={() => switchMode('signIn')}
            >
              {t('auth.toSignIn')}
            </button>
          )}
          {(mode === 'forgot' || mode === 'reset') && (
            <button
              type="button"
              className="font-medium text-brand hover:underline"
              onClick={() => switchMode('signIn')}
            >
              {t('auth.backToSignIn')}
            </button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Field(props: {
  id: string;
  label: string;
  field: UseFormRegisterReturn;
  type?: string;
  hint?: string;
  error?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  // The schemas' sentence in the language on screen, with its numbers (a limit lives in the shared schema only).
  const error = props.error && (validationMessage(props.error) ?? props.error);
  const describedBy = [props.hint && `${props.id}-hint`, error && `${props.id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type={props.type ?? 'text'}
        {...props.field}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint && !error && (
        <p id={`${props.id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      )}
      {error && (
        <p id={`${props.id}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
