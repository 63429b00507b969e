import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordSignOut } from '../../../lib/platform/telegram-launch';
import { answer, fail, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { ContinueWithTelegram, TelegramSigningIn, useTelegramSignIn } from './telegram-sign-in';

const INIT_DATA = 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1767225600&hash=abc123';

/** The auth screen as it uses these parts: the spinner while Telegram signs the fan in, else the form. */
function AuthScreen({ from }: { from?: string }) {
  const state = useTelegramSignIn(from);
  if (state === 'pending') return <TelegramSigningIn />;
  return (
    <>
      <ContinueWithTelegram from={from} />
      <p>sign-in form</p>
    </>
  );
}

const routes = (from?: string): RouteObject[] => [
  { path: '/auth', element: <AuthScreen from={from} /> },
  { path: '/feed', element: <p>feed screen</p> },
  { path: '/club', element: <p>club screen</p> },
];

const open = ({ from, language = 'en' }: { from?: string; language?: 'en' | 'ka' } = {}) =>
  renderWithProviders(null, { routes: routes(from), route: '/auth', language, platform: 'telegram', viewer: null });

beforeEach(() => {
  // Telegram's object on the page, holding the launch's signed init data.
  window.Telegram = { WebApp: { initData: INIT_DATA, initDataUnsafe: {} } } as unknown as typeof window.Telegram;
});
afterEach(() => {
  delete window.Telegram;
  // The launch's bookkeeping (exchanges, signed out) and the session token live in sessionStorage.
  sessionStorage.clear();
});

describe('signing in inside Telegram', () => {
  it('signs the fan in from the launch’s init data and goes on where they were going', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      answer('signInWithTelegram', async () => {
        await answered;
        return { token: 'session-token', user: { id: 'u1', nickname: 'nika' }, created: false };
      }),
    );
    const { pathname } = await open({ from: '/club' });
    expect(screen.getByRole('status').textContent).toBe('Signing you in with Telegram...');
    expect(screen.queryByText('sign-in form')).toBeNull();

    release();
    expect(await screen.findByText('club screen')).toBeTruthy();
    expect(pathname()).toBe('/club');
    expect(lastRequestTo('signInWithTelegram').body).toEqual({ initData: INIT_DATA });
  });

  it('goes to the feed rather than back to the auth screen or another site', async () => {
    for (const from of ['/auth?mode=signup', '//evil.example/feed']) {
      const { pathname, unmount } = await open({ from });
      expect(await screen.findByText('feed screen')).toBeTruthy();
      expect(pathname()).toBe('/feed');
      unmount();
      sessionStorage.clear();
    }
  });

  it('shows the form with the server’s refusal in the fan’s language when the init data is refused', async () => {
    server.use(fail('signInWithTelegram', 'FORBIDDEN'));
    await open({ language: 'ka' });
    expect(await screen.findByText('sign-in form')).toBeTruthy();
    expect(await screen.findByText('შესვლა ვერ მოხერხდა')).toBeTruthy();
    expect(screen.getByText('ამის გაკეთების უფლება არ გაქვს.')).toBeTruthy();
  });

  it('after signing out, waits for the fan’s tap on "Continue with Telegram"', async () => {
    recordSignOut();
    const { user, pathname } = await open();
    const button = await screen.findByRole('button', { name: 'Continue with Telegram' });
    expect(requestsTo('signInWithTelegram')).toHaveLength(0);

    await user.click(button);
    expect(await screen.findByText('feed screen')).toBeTruthy();
    expect(pathname()).toBe('/feed');
    expect(lastRequestTo('signInWithTelegram').body).toEqual({ initData: INIT_DATA });
  });

  it('keeps the button, ready again, with the refusal when that tap fails', async () => {
    recordSignOut();
    server.use(fail('signInWithTelegram', 'UNAUTHENTICATED'));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Continue with Telegram' }));
    expect(await screen.findByText('Authentication failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Telegram' })).toHaveProperty('disabled', false);
  });
});

describe('signing in outside Telegram', () => {
  it('shows the form at once, without the Telegram button or a request', async () => {
    await renderWithProviders(null, { routes: routes(), route: '/auth', viewer: null });
    expect(screen.getByText('sign-in form')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Telegram' })).toBeNull();
    expect(requestsTo('signInWithTelegram')).toHaveLength(0);
  });
});
