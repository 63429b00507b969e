import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing';
import { AuthRoute } from './auth';

// Lazy, as the app's router loads it: the toaster is listening by the time the screen announces something.
const open = (route: string, language: 'en' | 'ka' = 'en') =>
  renderWithProviders(null, {
    routes: [{ path: '/auth', lazy: () => Promise.resolve({ Component: AuthRoute }) }],
    route,
    language,
    viewer: null,
  });

describe('the auth screen', () => {
  it('opens on signing in, in both languages, without the Telegram button in a browser', async () => {
    const first = await open('/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Telegram' })).toBeNull();
    first.unmount();

    await open('/auth', 'ka');
    expect(await screen.findByRole('heading', { name: 'გამარჯობა, კვლავ!' })).toBeTruthy();
  });

  it('opens the sign-up form from "Get Started"', async () => {
    await open('/auth?mode=signup');
    expect(await screen.findByRole('heading', { name: 'Join Burti' })).toBeTruthy();
  });

  it('opens the new-password form from a reset link', async () => {
    await open('/auth?mode=reset&token=t0ken');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  });

  it('says the email is confirmed when the link from the email lands here, then drops it from the address', async () => {
    const { router } = await open('/auth?type=signup&message=confirmed', 'ka');
    expect(await screen.findByText('ელფოსტა დადასტურდა!')).toBeTruthy();
    expect(screen.getByText('შენი ელფოსტა დადასტურებულია. გასაგრძელებლად შედი ანგარიშზე.')).toBeTruthy();
    await expect.poll(() => router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'გამარჯობა, კვლავ!' })).toBeTruthy();
  });

  it('says a broken reset link is invalid and shows the sign-in form instead', async () => {
    const { router } = await open('/auth?mode=reset&error=INVALID_TOKEN');
    expect(await screen.findByText('This reset link is invalid or has expired. Ask for a new one.')).toBeTruthy();
    await expect.poll(() => router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
  });
});
