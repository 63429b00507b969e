import type { MatchAlertState } from '@burti/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { answer, fail, hang, lastRequestTo, renderWithProviders, server } from '../../../testing';
import { MatchAlertSettings } from './match-alert-settings';
import { MatchAlerts } from './match-alerts';

const MATCH = { id: '8c1f2a9e-5d3b-4c7a-9e21-0f6b7d8a9c10', status: 'scheduled' as const };
const state = (over: Partial<MatchAlertState> = {}): { alerts: MatchAlertState } => ({
  alerts: { mode: 'default', clubAlerts: false, alerting: false, ...over },
});

beforeAll(async () => {
  await loadNamespaces('matchAlerts');
});

describe('the match page’s alert switches', () => {
  it('turns alerts on for the match, disabled while the change is on its way', async () => {
    server.use(
      answer('getMatchAlerts', state()),
      answer('setMatchAlerts', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return state({ mode: 'on', alerting: true });
      }),
    );
    const { user } = await renderWithProviders(<MatchAlerts match={MATCH} />);
    const alerts = await screen.findByRole('switch', { name: 'Alerts for this match' });
    await waitFor(() => expect(alerts.hasAttribute('disabled')).toBe(false));
    expect(alerts.getAttribute('aria-checked')).toBe('false');
    await user.click(alerts);
    expect(lastRequestTo('setMatchAlerts').body).toEqual({ mode: 'on' });
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByRole('switch', { name: 'Mute this match' }).getAttribute('aria-checked')).toBe('false');
  });

  it('mutes a match that alerts through the club, in Georgian', async () => {
    server.use(
      answer('getMatchAlerts', state({ clubAlerts: true, alerting: true })),
      answer('setMatchAlerts', state({ mode: 'muted', clubAlerts: true })),
    );
    const { user } = await renderWithProviders(<MatchAlerts match={MATCH} />, { language: 'ka' });
    const mute = await screen.findByRole('switch', { name: 'მატჩის დადუმება' });
    await waitFor(() => expect(mute.hasAttribute('disabled')).toBe(false));
    await user.click(mute);
    expect(lastRequestTo('setMatchAlerts').body).toEqual({ mode: 'muted' });
    await waitFor(() => expect(mute.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByRole('switch', { name: 'შეტყობინებები ამ მატჩზე' }).getAttribute('aria-checked')).toBe('false');
  });

  it('waits disabled while loading, and offers a retry when the state cannot be read', async () => {
    server.use(hang('getMatchAlerts'));
    const first = await renderWithProviders(<MatchAlerts match={MATCH} />);
    const waiting = await screen.findByRole('switch', { name: 'Alerts for this match' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    first.unmount();
    server.use(fail('getMatchAlerts', 'MATCH_NOT_FOUND'));
    await renderWithProviders(<MatchAlerts match={MATCH} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the alerts.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows nothing for a finished match', async () => {
    const { container } = await renderWithProviders(<MatchAlerts match={{ ...MATCH, status: 'finished' }} />);
    expect(container.textContent).toBe('');
  });
});

describe('match alerts in Settings', () => {
  const own = { id: 10, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი' };
  const other = { id: 12, name: 'Torpedo Kutaisi', nameKa: 'ტორპედო ქუთაისი' };

  it('turns the own club’s alerts on and lists other clubs with a way to turn each off', async () => {
    server.use(
      answer('listAlertClubs', { clubs: [other] }),
      answer('addAlertClub', { clubs: [other, own] }),
      answer('removeAlertClub', { clubs: [own] }),
    );
    const { user } = await renderWithProviders(<MatchAlertSettings club={own} />);
    const mine = await screen.findByRole('switch', { name: 'Alerts for my club’s matches' });
    await waitFor(() => expect(mine.hasAttribute('disabled')).toBe(false));
    expect(mine.getAttribute('aria-checked')).toBe('false');
    await user.click(mine);
    expect(lastRequestTo('addAlertClub').params).toMatchObject({ clubId: '10' });
    await waitFor(() => expect(mine.getAttribute('aria-checked')).toBe('true'));

    await user.click(screen.getByRole('button', { name: 'Turn off alerts for Torpedo Kutaisi' }));
    expect(lastRequestTo('removeAlertClub').params).toMatchObject({ clubId: '12' });
    await waitFor(() => expect(screen.queryByText('Torpedo Kutaisi')).toBeNull());
  });

  it('names the clubs in Georgian on a Georgian screen', async () => {
    server.use(answer('listAlertClubs', { clubs: [own, other] }));
    await renderWithProviders(<MatchAlertSettings club={own} />, { language: 'ka' });
    expect(await screen.findByText('ტორპედო ქუთაისი')).toBeTruthy();
    expect(
      screen.getByRole('switch', { name: 'შეტყობინებები ჩემი კლუბის მატჩებზე' }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});
