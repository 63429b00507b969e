import { PASSWORD_MIN } from '@burti/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { answer, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { AuthCard, type AuthMode } from './auth-card';

/** The card at /auth, with the start page the sign-in leads to. */
const renderCard = (mode: AuthMode, language: 'en' | 'ka' = 'en') =>
  renderWithProviders(null, {
    route: '/auth',
    language,
    viewer: null,
    routes: [
      { path: '/auth', element: <AuthCard initialMode={mode} /> },
      { path: '/', element: <p>start page</p> },
    ],
  });

// The card fetches its schemas and the auth client while the fan types; here, before the first test.
beforeAll(async () => {
  await import('../lib/auth-actions');
}, 30_000);

// better-auth's own error answers ({ code, message }) are not among the contract's named errors.
const authError = (code: string, message: string) => ({ code, message }) as never;

describe('the sign-up card', () => {
  it('checks the fields with the shared schema, in English and in Georgian, and sends nothing', async () => {
    for (const language of ['en', 'ka'] as const) {
      const { user, unmount } = await renderCard('signUp', language);
      await user.type(screen.getByLabelText(i18n.t('auth.email')), 'not-an-email');
      await user.type(screen.getByLabelText(i18n.t('auth.password')), 'short');
      await user.click(screen.getByRole('button', { name: i18n.t('auth.createAccount') }));

      expect(await screen.findByText(i18n.t('errors.validation.email'))).toBeTruthy();
      // The limit is the shared schema's (PASSWORD_MIN), read back into the catalogue's sentence.
      const short = i18n.t('errors.validation.passwordShort', { min: String(PASSWORD_MIN) });
      expect(short).toContain(String(PASSWORD_MIN));
      expect(screen.getByText(short)).toBeTruthy();
      expect(screen.getByLabelText(i18n.t('auth.password')).getAttribute('aria-invalid')).toBe('true');
      unmount();
    }
    expect(requestsTo('signUp')).toHaveLength(0);
  });

  it('sends the parsed values (trimmed, lower-cased email) and shows the inbox step', async () => {
    const { user } = await renderCard('signUp');
    await user.type(screen.getByLabelText('Nickname (optional)'), '  dinamo_nika ');
    await user.type(screen.getByLabelText('Email'), '  Nika@Example.GE ');
    await user.type(screen.getByLabelText('Password'), 'tbilisi-1925');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(lastRequestTo('signUp').body).toMatchObject({
      email: 'nika@example.ge',
      password: 'tbilisi-1925',
      name: 'dinamo_nika',
    });
  });

  it('is disabled and says so while the account is being made', async () => {
    server.use(hang('signUp'));
    const { user } = await renderCard('signUp');
    await user.type(screen.getByLabelText('Email'), 'nika@example.ge');
    await user.type(screen.getByLabelText('Password'), 'tbilisi-1925');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const busy = await screen.findByRole('button', { name: /Creating account/ });
    expect(busy).toHaveProperty('disabled', true);
    await user.click(busy);
    expect(requestsTo('signUp')).toHaveLength(1);
  });

  it('shows the server’s refusal of a common password', async () => {
    server.use(fail('signUp', 'PASSWORD_TOO_COMMON'));
    const { user } = await renderCard('signUp');
    await user.type(screen.getByLabelText('Email'), 'nika@example.ge');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(i18n.t('errors.codes.PASSWORD_TOO_COMMON'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveProperty('disabled', false);
  });
});

describe('the sign-in card', () => {
  it('asks for the password with the shared schema’s sentence, in Georgian too', async () => {
    const { user } = await renderCard('signIn', 'ka');
    await user.type(screen.getByLabelText(i18n.t('auth.email')), 'nika@example.ge');
    await user.click(screen.getByRole('button', { name: i18n.t('auth.signIn') }));
    expect(await screen.findByText(i18n.t('errors.validation.passwordRequired'))).toBeTruthy();
    expect(i18n.t('errors.validation.passwordRequired')).toBe('შეიყვანე პაროლი.');
    expect(requestsTo('signIn')).toHaveLength(0);
  });

  it('sends email and password, then opens the start page', async () => {
    const { user, pathname } = await renderCard('signIn');
    await user.type(screen.getByLabelText('Email'), 'Nika@Example.ge');
    await user.type(screen.getByLabelText('Password'), 'tbilisi-1925');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('start page')).toBeTruthy();
    expect(pathname()).toBe('/');
    expect(lastRequestTo('signIn').body).toEqual({ email: 'nika@example.ge', password: 'tbilisi-1925' });
  });

  it('is disabled while signing in', async () => {
    server.use(hang('signIn'));
    const { user } = await renderCard('signIn');
    await user.type(screen.getByLabelText('Email'), 'nika@example.ge');
    await user.type(screen.getByLabelText('Password'), 'tbilisi-1925');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: /Signing in/ })).toHaveProperty('disabled', true);
  });

  it('shows a wrong password in the language on screen', async () => {
    server.use(answer('signIn', authError('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'), { status: 401 }));
    const { user } = await renderCard('signIn', 'ka');
    await user.type(screen.getByLabelText(i18n.t('auth.email')), 'nika@example.ge');
    await user.type(screen.getByLabelText(i18n.t('auth.password')), 'wrong-password');
    await user.click(screen.getByRole('button', { name: i18n.t('auth.signIn') }));
    expect(await screen.findByText(i18n.t('errors.auth.INVALID_EMAIL_OR_PASSWORD'))).toBeTruthy();
  });

  it('offers a new confirmation mail to an account not yet confirmed', async () => {
    server.use(answer('signIn', authError('EMAIL_NOT_VERIFIED', 'Email not verified'), { status: 403 }));
    const { user } = await renderCard('signIn');
    await user.type(screen.getByLabelText('Email'), 'nika@example.ge');
    await user.type(screen.getByLabelText('Password'), 'tbilisi-1925');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: i18n.t('safety.resendConfirmation') })).toBeTruthy();
  });

  it('forgets the errors of one mode when the fan switches to another', async () => {
    const { user } = await renderCard('signIn');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(i18n.t('errors.validation.email'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: i18n.t('auth.toSignUp') }));
    await waitFor(() => expect(screen.queryByText(i18n.t('errors.validation.email'))).toBeNull());
    expect(screen.getByLabelText('Nickname (optional)')).toBeTruthy();
  });
});
