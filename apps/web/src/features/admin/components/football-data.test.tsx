import type { ProviderStatus, ProviderTeam } from '@burti/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import {
  aClub,
  answer,
  fail,
  hang,
  lastRequestTo,
  offline,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../testing';
import { AdminFootballData } from './football-data';

beforeAll(async () => {
  await loadNamespaces('admin', 'matchAdmin');
});

const provider = (over: Partial<ProviderStatus> = {}): ProviderStatus => ({
  provider: 'football-data',
  enabled: true,
  lastFixtureSyncAt: '2026-11-29T06:00:00.000Z',
  lastLiveSyncAt: null,
  requestsThisMinute: 9,
  requestsToday: 120,
  budgetPerMinute: 10,
  budgetPerDay: 1000,
  backoffUntil: null,
  errors: [],
  competitions: [{ competition: 'PL', season: 2026 }],
  ...over,
});

const unmappedTeam: ProviderTeam = {
  id: 31,
  name: 'Samgurali Tskaltubo',
  nameKa: 'სამგურალი წყალტუბო',
  shortName: 'SAM',
  providerIds: [{ provider: 'api-football', providerId: '5520' }],
  club: null,
};
const mappedTeam: ProviderTeam = {
  id: 32,
  name: 'Dinamo Tbilisi',
  nameKa: 'დინამო თბილისი',
  shortName: 'DTB',
  providerIds: [{ provider: 'football-data', providerId: '1001' }],
  club: { id: 10, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი' },
};
const clubs = [
  aClub({ id: 10, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი' }),
  aClub({ id: 12, name: 'Samgurali', nameKa: 'სამგურალი' }),
];

const open = (language: 'en' | 'ka' = 'en') => renderWithProviders(<AdminFootballData />, { language });

describe('the football data screen', () => {
  it('says every fixture is entered by hand when no provider is set', async () => {
    server.use(
      answer('getProviderStatus', { providers: [], handEntryOnly: true }),
      answer('listProviderTeams', { teams: [] }),
      answer('listClubs', { clubs }),
    );
    await open();
    expect(await screen.findByText(/No provider is set up: every fixture is entered by hand/)).toBeTruthy();
    expect(await screen.findByText('No provider teams yet: they appear after the first sync.')).toBeTruthy();
  });

  it('shows each provider’s syncs, budget use, back-off and last errors', async () => {
    server.use(
      answer('getProviderStatus', {
        handEntryOnly: false,
        providers: [
          provider(),
          provider({
            provider: 'api-football',
            backoffUntil: '2099-01-01T00:00:00.000Z',
            errors: [{ at: '2026-11-29T10:00:00.000Z', kind: 'rate_limited', message: 'HTTP 429' }],
          }),
        ],
      }),
      answer('listProviderTeams', { teams: [] }),
      answer('listClubs', { clubs }),
    );
    await open();
    const footballData = await screen.findByRole('region', { name: 'football-data.org' });
    expect(within(footballData).getByText('Syncing')).toBeTruthy();
    expect(
      within(footballData).getByRole('meter', { name: 'Requests this minute' }).getAttribute('aria-valuetext'),
    ).toBe('9 of 10');
    expect(within(footballData).getByText('120 of 1000')).toBeTruthy();
    expect(within(footballData).getByText('Never')).toBeTruthy();
    expect(within(footballData).getByText('PL 2026')).toBeTruthy();
    expect(within(footballData).getByText('No errors.')).toBeTruthy();
    // Each status line is its label over its value (a term and its definition).
    const lines = within(footballData)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(lines).toContainEqual(['Last live sync', 'Never']);
    expect(lines).toContainEqual(['Requests today', '120 of 1000']);
    expect(lines).toContainEqual(['Competitions followed', 'PL 2026']);
    const apiFootball = screen.getByRole('region', { name: 'API-Football' });
    expect(within(apiFootball).getByText(/Paused until/)).toBeTruthy();
    expect(within(apiFootball).getByText('rate_limited')).toBeTruthy();
    expect(within(apiFootball).getByText('HTTP 429')).toBeTruthy();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    server.use(
      offline('getProviderStatus'),
      answer('listProviderTeams', { teams: [] }),
      answer('listClubs', { clubs }),
    );
    const { user } = await open();
    expect(await screen.findByText('The providers’ status could not be loaded.')).toBeTruthy();
    server.use(answer('getProviderStatus', { providers: [], handEntryOnly: true }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No provider is set up/)).toBeTruthy();
  });

  it('maps a team to a club, and a mapped one back to none', async () => {
    server.use(
      answer('getProviderStatus', { providers: [], handEntryOnly: true }),
      answer('listProviderTeams', { teams: [unmappedTeam, mappedTeam] }),
      answer('listClubs', { clubs }),
      answer('updateTeam', (request) => ({
        team: {
          id: Number(request.params.teamId),
          name: 'Team',
          nameKa: null,
          shortName: 'T',
          crestUrl: null,
          clubId: (request.body as { clubId: number | null }).clubId,
          badge: { background: '#000', foreground: '#fff', border: '#000' },
        },
      })),
    );
    const { user } = await open();
    expect(await screen.findByText('1 team has no club.')).toBeTruthy();
    const select = screen.getByLabelText('Club for Samgurali Tskaltubo');
    const row = select.closest('li')!;
    const save = within(row).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(select, '12');
    await user.click(save);
    expect(await screen.findByText('Saved: Samgurali Tskaltubo → Samgurali')).toBeTruthy();
    expect(lastRequestTo('updateTeam').url.pathname).toBe('/api/admin/teams/31');
    expect(lastRequestTo('updateTeam').body).toEqual({ clubId: 12 });

    await user.selectOptions(screen.getByLabelText('Club for Dinamo Tbilisi'), '');
    await user.click(
      within(screen.getByLabelText('Club for Dinamo Tbilisi').closest('li')!).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() => expect(requestsTo('updateTeam')).toHaveLength(2));
    expect(lastRequestTo('updateTeam').body).toEqual({ clubId: null });
  });

  it('filters the teams without a club, and keeps the form busy while saving', async () => {
    server.use(
      answer('getProviderStatus', { providers: [], handEntryOnly: true }),
      answer('listProviderTeams', { teams: [unmappedTeam, mappedTeam] }),
      answer('listClubs', { clubs }),
      hang('updateTeam'),
    );
    const { user } = await open();
    await screen.findByLabelText('Club for Dinamo Tbilisi');
    await user.click(screen.getByLabelText('Only teams without a club'));
    expect(screen.queryByLabelText('Club for Dinamo Tbilisi')).toBeNull();
    const select = screen.getByLabelText('Club for Samgurali Tskaltubo');
    await user.selectOptions(select, '10');
    const save = within(select.closest('li')!).getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    expect((select as HTMLSelectElement).disabled).toBe(true);
  });

  it('says why a mapping is refused', async () => {
    server.use(
      answer('getProviderStatus', { providers: [], handEntryOnly: true }),
      answer('listProviderTeams', { teams: [unmappedTeam] }),
      answer('listClubs', { clubs }),
      fail('updateTeam', 'CLUB_NOT_FOUND', { message: 'Club not found' }),
    );
    const { user } = await open();
    await user.selectOptions(await screen.findByLabelText('Club for Samgurali Tskaltubo'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Club not found');
  });

  it('speaks Georgian', async () => {
    server.use(
      answer('getProviderStatus', { providers: [provider()], handEntryOnly: false }),
      answer('listProviderTeams', { teams: [unmappedTeam] }),
      answer('listClubs', { clubs }),
    );
    await open('ka');
    expect(await screen.findByRole('heading', { name: 'ფეხბურთის მონაცემები' })).toBeTruthy();
    expect(await screen.findByText('9 / 10')).toBeTruthy();
    expect(await screen.findByLabelText('კლუბი გუნდისთვის: სამგურალი წყალტუბო')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'სამგურალი' })).toBeTruthy();
  });
});
