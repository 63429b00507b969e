import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { answer, fail, hang, lastRequestTo, offline, renderWithProviders, requestsTo, server } from '../../../testing';
import { ClubAlerts } from './club-alerts';

const torpedo = { id: 12, name: 'Torpedo Kutaisi', nameKa: 'ტორპედო ქუთაისი' };
const own = { id: 10, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი' };

beforeAll(async () => {
  await loadNamespaces('matchAlerts');
});

describe('alerts for a club’s matches on its page', () => {
  it('turns on alerts for a club other than the fan’s own, disabled while the change is on its way', async () => {
    let release = () => {};
    server.use(
      answer('listAlertClubs', { clubs: [own] }),
      answer('addAlertClub', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { clubs: [own, torpedo] };
      }),
    );
    const { user } = await renderWithProviders(<ClubAlerts club={torpedo} />);
    const alerts = await screen.findByRole('switch', { name: 'Alerts for Torpedo Kutaisi matches' });
    await waitFor(() => expect(alerts.hasAttribute('disabled')).toBe(false));
    expect(alerts.getAttribute('aria-checked')).toBe('false');
    expect(alerts.getAttribute('aria-describedby')).toBeTruthy();

    await user.click(alerts);
    expect(lastRequestTo('addAlertClub').params).toMatchObject({ clubId: '12' });
    await waitFor(() => expect(alerts.hasAttribute('disabled')).toBe(true));
    expect(alerts.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('true'));
    expect(alerts.hasAttribute('disabled')).toBe(false);
    expect(await screen.findByText('Alerts on for Torpedo Kutaisi')).toBeTruthy();
  });

  it('turns them off again, in Georgian', async () => {
    server.use(answer('listAlertClubs', { clubs: [torpedo] }), answer('removeAlertClub', { clubs: [] }));
    const { user } = await renderWithProviders(<ClubAlerts club={torpedo} />, { language: 'ka' });
    const alerts = await screen.findByRole('switch', { name: 'შეტყობინებები ტორპედო ქუთაისის მატჩებზე' });
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('true'));
    await user.click(alerts);
    expect(lastRequestTo('removeAlertClub').params).toMatchObject({ clubId: '12' });
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('შეტყობინებები გამოირთო: ტორპედო ქუთაისი')).toBeTruthy();
  });

  it('keeps the switch off and says so when the change fails', async () => {
    server.use(answer('listAlertClubs', { clubs: [] }), fail('addAlertClub', 'CLUB_NOT_FOUND'));
    const { user } = await renderWithProviders(<ClubAlerts club={torpedo} />);
    const alerts = await screen.findByRole('switch', { name: 'Alerts for Torpedo Kutaisi matches' });
    await waitFor(() => expect(alerts.hasAttribute('disabled')).toBe(false));
    await user.click(alerts);
    expect(await screen.findByText('Could not change the alerts')).toBeTruthy();
    expect(alerts.getAttribute('aria-checked')).toBe('false');
    expect(alerts.hasAttribute('disabled')).toBe(false);
  });

  it('waits disabled while loading, and offers a retry when the alert clubs cannot be read', async () => {
    server.use(hang('listAlertClubs'));
    const first = await renderWithProviders(<ClubAlerts club={torpedo} />);
    const waiting = await screen.findByRole('switch', { name: 'Alerts for Torpedo Kutaisi matches' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    first.unmount();

    server.use(offline('listAlertClubs'));
    const { user } = await renderWithProviders(<ClubAlerts club={torpedo} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the alerts.');
    server.use(answer('listAlertClubs', { clubs: [torpedo] }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const alerts = await screen.findByRole('switch', { name: 'Alerts for Torpedo Kutaisi matches' });
    expect(alerts.getAttribute('aria-checked')).toBe('true');
    expect(requestsTo('listAlertClubs').length).toBeGreaterThanOrEqual(2);
  });
});
