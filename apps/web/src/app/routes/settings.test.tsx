import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { aFan, answer, hang, lastRequestTo, offline, renderWithProviders, requestsTo, server } from '../../testing';
import { SettingsRoute } from './settings';

/** Settings, and the screens it leads to as a line of text each. */
const routes: RouteObject[] = [
  { path: '/settings', element: <SettingsRoute /> },
  { path: '/auth', element: <p>auth screen</p> },
];

const open = (options: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(null, { routes, route: '/settings', ...options });

describe('the settings screen', () => {
  it('shows the fan’s club in the language on screen, with the way to change it', async () => {
    await open({ language: 'ka' });
    expect(await screen.findByText('დინამო თბილისი')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'პარამეტრები' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'კლუბის შეცვლა' }).getAttribute('href')).toBe('/onboarding');
  });

  it('says so when the fan has no club yet', async () => {
    await open({ viewer: aFan({ primaryClub: null }) });
    expect(await screen.findByText('No club chosen yet')).toBeTruthy();
  });

  it('signs out, says so and goes to the sign-in screen', async () => {
    const { user, pathname } = await open();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('auth screen')).toBeTruthy();
    expect(pathname()).toBe('/auth');
    expect(requestsTo('signOut')).toHaveLength(1);
    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
  });

  it('keeps the fan here with an error when signing out fails', async () => {
    server.use(offline('signOut'));
    const { user, pathname } = await open();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Failed to sign out')).toBeTruthy();
    expect(pathname()).toBe('/settings');
  });

  it('deletes the account only once confirmed, then leaves for the sign-in screen', async () => {
    const { user, pathname } = await open();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Delete your account?' }));
    expect(requestsTo('deleteAccount')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('auth screen')).toBeTruthy();
    expect(pathname()).toBe('/auth');
    expect(requestsTo('deleteAccount')).toHaveLength(1);
    expect(await screen.findByText('Account deleted')).toBeTruthy();
  });

  it('keeps the account and says so when deleting fails, in Georgian', async () => {
    server.use(offline('deleteAccount'));
    const { user, pathname } = await open({ language: 'ka' });
    await user.click(await screen.findByRole('button', { name: 'ანგარიშის წაშლა' }));
    const dialog = within(screen.getByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'ანგარიშის წაშლა' }));
    expect(await screen.findByText('ანგარიში ვერ წაიშალა. სცადე ხელახლა.')).toBeTruthy();
    expect(pathname()).toBe('/settings');
  });

  it('switches the screen to Georgian at once and saves the choice on the account', async () => {
    const { user } = await open();
    await user.selectOptions(await screen.findByLabelText('Language'), 'ka');
    expect(await screen.findByRole('heading', { name: 'პარამეტრები' })).toBeTruthy();
    expect(lastRequestTo('updateProfile').body).toEqual({ language: 'ka' });
    expect(await screen.findByText('ენა შენახულია')).toBeTruthy();
  });

  it('puts the previous language back when the choice cannot be saved, saying so in the language chosen', async () => {
    server.use(offline('updateProfile'));
    const { user } = await open();
    await user.selectOptions(await screen.findByLabelText('Language'), 'ka');
    // The fan who picked Georgian may not read English: the failure is told in Georgian as the screen returns.
    expect(await screen.findByText('ენა ვერ შეინახა. სცადე ხელახლა.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(i18n.language).toBe('en');
  });

  it('holds the language picker while the choice is being saved', async () => {
    server.use(hang('updateProfile'));
    const { user } = await open();
    await user.selectOptions(await screen.findByLabelText('Language'), 'ka');
    await expect.poll(() => screen.getByLabelText('ენა')).toHaveProperty('disabled', true);
  });

  it('offers Telegram messages where the fan has a chat with the bot, and only there', async () => {
    server.use(answer('getTelegramMessages', { available: false, enabled: false }));
    const first = await open();
    await screen.findByText('Dinamo Tbilisi');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    first.unmount();

    server.use(answer('getTelegramMessages', { available: true, enabled: true }));
    await open();
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeTruthy();
  });
});
