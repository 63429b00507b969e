import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { answer, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { MatchConsole } from './match-console';
import { aGoal, aMatch, MATCH_ID } from './match-admin.fixtures';

beforeAll(async () => {
  await loadNamespaces('admin', 'matchAdmin');
});

const open = (language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<MatchConsole matchId={MATCH_ID} />, { language, route: `/admin/matches/${MATCH_ID}` });

describe('the live console', () => {
  it('shows a loading state, then the fixture with only the clock buttons its state allows', async () => {
    server.use(hang('getMatch'));
    const { unmount } = await open();
    expect(screen.getByText('Loading...')).toBeTruthy();
    unmount();

    server.resetHandlers();
    server.use(answer('getMatch', { match: aMatch() }));
    await open();
    expect(await screen.findAllByText('Dinamo Tbilisi')).not.toHaveLength(0);
    expect(screen.getAllByText('Torpedo Kutaisi')).not.toHaveLength(0);
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Kick off' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Full time' }).disabled).toBe(true);
    // No event before kick-off.
    expect(screen.getByRole('button', { name: 'Goal: Dinamo Tbilisi' }).closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText('Nothing has happened yet.')).toBeTruthy();
  });

  it('kicks off with one press that carries its idempotency key, and shows the answer', async () => {
    server.use(
      answer('getMatch', { match: aMatch() }),
      answer('setMatchPhase', {
        match: aMatch({ status: 'live', minute: 1, score: { home: 0, away: 0 }, version: 2 }),
      }),
    );
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Kick off' }));
    expect(await screen.findByText("Live · 1'")).toBeTruthy();
    const sent = lastRequestTo('setMatchPhase');
    expect(sent).toMatchObject({ params: { matchId: MATCH_ID }, body: { phase: 'start' } });
    expect(sent.headers.get('idempotency-key')).toMatch(/.{8,}/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Kick off' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Half-time' }).disabled).toBe(false);
  });

  it('records a goal with its scorer, then disallows it by VAR and undoes the last event', async () => {
    const live = aMatch({ status: 'live', minute: 23, score: { home: 0, away: 0 } });
    const goal = aGoal();
    server.use(
      answer('getMatch', { match: live }),
      answer('addMatchEvent', (request) =>
        (request.body as { kind: string }).kind === 'var'
          ? { match: { ...live, score: { home: 0, away: 0 }, events: [{ ...goal, cancelled: true }], version: 4 } }
          : { match: { ...live, score: { home: 1, away: 0 }, events: [goal], version: 3 } },
      ),
      answer('undoMatchEvent', { match: { ...live, version: 5 } }),
    );
    const { user } = await open();
    await user.type(await screen.findByLabelText('Player (optional)'), 'Zivzivadze');
    await user.click(screen.getByRole('button', { name: 'Goal: Dinamo Tbilisi' }));
    expect(await screen.findByText('Score: 1 – 0')).toBeTruthy();
    expect(lastRequestTo('addMatchEvent').body).toEqual({ kind: 'goal', side: 'home', player: 'Zivzivadze' });
    expect(screen.getByLabelText<HTMLInputElement>('Player (optional)').value).toBe('');
    const timeline = screen.getByRole('list');
    expect(within(timeline).getByText('Goal · Zivzivadze')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'VAR: disallow the last goal' }));
    expect(await screen.findByText('Disallowed')).toBeTruthy();
    expect(lastRequestTo('addMatchEvent').body).toMatchObject({ kind: 'var', side: 'home', disallowsEventId: '101' });
    expect(screen.getByText('Score: 0 – 0')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Undo last event' }));
    expect(await screen.findByText('Nothing has happened yet.')).toBeTruthy();
    expect(requestsTo('undoMatchEvent')).toHaveLength(1);
  });

  it('sends one event however often a button is pressed while it is on its way', async () => {
    server.use(answer('getMatch', { match: aMatch({ status: 'live', minute: 5 }) }), hang('addMatchEvent'));
    const { user } = await open();
    const button = await screen.findByRole('button', { name: 'Yellow card: Torpedo Kutaisi' });
    await user.click(button);
    await user.click(button);
    expect(requestsTo('addMatchEvent')).toHaveLength(1);
    expect(lastRequestTo('addMatchEvent').body).toMatchObject({ kind: 'yellow', side: 'away' });
  });

  it('says when a change was refused, and when the match does not exist', async () => {
    server.use(
      answer('getMatch', { match: aMatch({ status: 'live', minute: 5 }) }),
      fail('addMatchEvent', 'MATCH_STATE'),
    );
    const { user, unmount } = await open();
    await user.click(await screen.findByRole('button', { name: 'Red card: Dinamo Tbilisi' }));
    expect(await screen.findByText('That change was not saved')).toBeTruthy();
    unmount();

    server.use(fail('getMatch', 'MATCH_NOT_FOUND'));
    await open();
    expect(await screen.findByText('Match not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All fixtures' }).getAttribute('href')).toBe('/admin/matches');
  });

  it('speaks Georgian, with the teams’ Georgian names', async () => {
    server.use(answer('getMatch', { match: aMatch({ status: 'half_time', minute: 45, score: { home: 1, away: 1 } }) }));
    await open('ka');
    expect(await screen.findAllByText('დინამო თბილისი')).not.toHaveLength(0);
    // The state, and the half-time button (not pressable now).
    expect(screen.getAllByText('შესვენება')).toHaveLength(2);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'მეორე ტაიმი' }).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'გოლი: ტორპედო ქუთაისი' })).toBeTruthy();
  });
});
