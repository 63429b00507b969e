import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { answer, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { AdminMatches } from './match-fixtures';
import { aMatch, away, home, league, MATCH_ID } from './match-admin.fixtures';

beforeAll(async () => {
  await loadNamespaces('admin', 'matchAdmin');
});

const reference = [
  answer('listCompetitions', { competitions: [league] }),
  answer('listTeams', { teams: [away, home] }),
];

const open = (language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<AdminMatches />, {
    language,
    routes: [
      { path: '/admin/matches', element: <AdminMatches /> },
      { path: '/admin/matches/:matchId', element: <p>console</p> },
    ],
    route: '/admin/matches',
  });

describe('the fixture editor', () => {
  it('says so when there are no fixtures, and asks for what a fixture needs', async () => {
    server.use(...reference, answer('listAdminMatches', { matches: [], nextCursor: null }));
    const { user } = await open();
    expect(await screen.findByText('No fixtures yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create fixture' }));
    expect((await screen.findAllByText('Fill this in.')).length).toBeGreaterThanOrEqual(4);
    expect(requestsTo('createMatch')).toHaveLength(0);
  });

  it('refuses a team playing itself before sending anything', async () => {
    server.use(...reference, answer('listAdminMatches', { matches: [], nextCursor: null }));
    const { user } = await open();
    await screen.findByRole('option', { name: 'Erovnuli Liga' });
    await user.selectOptions(screen.getByLabelText('Competition'), String(league.id));
    await user.selectOptions(screen.getByLabelText('Season'), '70');
    await user.selectOptions(screen.getByLabelText('Home team'), String(home.id));
    await user.selectOptions(screen.getByLabelText('Away team'), String(home.id));
    await user.type(screen.getByLabelText('Kick-off (your local time)'), '2026-12-05T18:00');
    await user.click(screen.getByRole('button', { name: 'Create fixture' }));
    expect(await screen.findByText('A team cannot play itself: choose another away team.')).toBeTruthy();
    expect(requestsTo('createMatch')).toHaveLength(0);
  });

  it('creates a fixture with its kick-off as an instant and opens its console', async () => {
    server.use(
      ...reference,
      answer('listAdminMatches', { matches: [], nextCursor: null }),
      answer('createMatch', { match: aMatch() }),
    );
    const { user, pathname } = await open();
    await screen.findByRole('option', { name: 'Erovnuli Liga' });
    await user.selectOptions(screen.getByLabelText('Competition'), String(league.id));
    await user.selectOptions(screen.getByLabelText('Season'), '70');
    await user.selectOptions(screen.getByLabelText('Home team'), String(home.id));
    await user.selectOptions(screen.getByLabelText('Away team'), String(away.id));
    await user.type(screen.getByLabelText('Kick-off (your local time)'), '2026-12-05T18:00');
    await user.type(screen.getByLabelText('Round (optional)'), 'Round 16');
    await user.click(screen.getByRole('button', { name: 'Create fixture' }));
    expect(await screen.findByText('console')).toBeTruthy();
    expect(pathname()).toBe(`/admin/matches/${MATCH_ID}`);
    expect(lastRequestTo('createMatch').body).toEqual({
      competitionId: league.id,
      seasonId: 70,
      homeTeamId: home.id,
      awayTeamId: away.id,
      kickoffAt: new Date('2026-12-05T18:00').toISOString(),
      round: 'Round 16',
      venue: null,
    });
  });

  it('lists fixtures with their state, and the played ones on request', async () => {
    server.use(
      ...reference,
      answer('listAdminMatches', (request) => ({
        matches:
          request.query.kind === 'results'
            ? [aMatch({ status: 'finished', score: { home: 2, away: 1 } })]
            : [aMatch({ status: 'live', minute: 67, score: { home: 1, away: 0 } })],
        nextCursor: null,
      })),
    );
    const { user } = await open();
    expect(await screen.findByText("Live · 67'")).toBeTruthy();
    expect(screen.getByText('1 – 0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open console' }).getAttribute('href')).toBe(`/admin/matches/${MATCH_ID}`);
    await user.click(screen.getByRole('button', { name: 'Results' }));
    expect(await screen.findByText('Full time')).toBeTruthy();
    expect(lastRequestTo('listAdminMatches').query).toMatchObject({ kind: 'results' });
  });

  it('shows loading and a way to try again when fixtures cannot be loaded, in Georgian', async () => {
    server.use(...reference, hang('listAdminMatches'));
    const { unmount } = await open('ka');
    expect(await screen.findByText('ახალი მატჩი')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
    unmount();

    server.use(fail('listAdminMatches', 'FORBIDDEN'));
    await open('ka');
    expect(await screen.findByText('მატჩები ვერ ჩაიტვირთა.')).toBeTruthy();
  });
});
