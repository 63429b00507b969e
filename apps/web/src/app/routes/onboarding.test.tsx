import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClub, aFan, aMe, answer, renderWithProviders, requestsTo, server } from '../../testing';
import { OnboardingRoute } from './onboarding';

const dinamo = aClub();
const torpedo = aClub({ id: 9, name: 'Torpedo Kutaisi', nameKa: 'ტორპედო ქუთაისი' });

const open = (options: { language?: 'en' | 'ka'; hasClub?: boolean } = {}) => {
  server.use(answer('listClubs', { clubs: [dinamo, torpedo] }));
  const viewer = options.hasClub === false ? aMe({ primaryClub: null }) : aFan({ language: options.language ?? 'en' });
  return renderWithProviders(<OnboardingRoute />, {
    language: options.language ?? 'en',
    viewer,
    routes: [
      { path: '/onboarding', element: <OnboardingRoute /> },
      { path: '/settings', element: <p>settings screen</p> },
    ],
    route: '/onboarding',
  });
};

describe('changing club', () => {
  it('says what happens to posts, points and $GOAL, and can be cancelled or left without a change', async () => {
    const { user, pathname } = await open();
    expect(await screen.findByRole('heading', { name: 'Change your club' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Torpedo Kutaisi/ }));
    expect(
      screen.getByText("Posts stay in Dinamo Tbilisi's feed. Points move to Torpedo Kutaisi. $GOAL stays yours."),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Join Torpedo Kutaisi Community' })).toBeNull();
    expect(requestsTo('setClub')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(pathname()).toBe('/settings');
    expect(requestsTo('setClub')).toHaveLength(0);
  });

  it('says it in Georgian, with the clubs declined', async () => {
    const { user } = await open({ language: 'ka' });
    await user.click(await screen.findByRole('button', { name: /ტორპედო ქუთაისი/ }));
    expect(screen.getByText(/დინამო თბილისის ლენტაში/)).toBeTruthy();
    expect(screen.getByText(/ტორპედო ქუთაისის რეიტინგში/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'გაუქმება' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'უკან' })).toBeTruthy();
  });

  it('a fan choosing a first club sees no back link and no change warning', async () => {
    const { user } = await open({ hasClub: false });
    expect(await screen.findByRole('heading', { name: 'Choose Your Club' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Torpedo Kutaisi/ }));
    expect(screen.queryByText(/Your posts stay/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });
});
