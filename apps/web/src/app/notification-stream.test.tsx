import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, MATCH_ID, renderScreen, stubApi } from '../features/matches/match.fixtures';
import { useNotificationStream } from '../features/notifications/api/use-notification-stream';

function SignedIn() {
  useNotificationStream(true);
  return <p>feed</p>;
}

const routes = [
  { path: '/feed', element: <SignedIn /> },
  { path: '/match/:matchId', element: <p>match page</p> },
];

beforeEach(() => {
  FakeEventSource.install();
  stubApi([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the notification stream', () => {
  it('shows a match alert as it arrives and opens the match from it', async () => {
    await renderScreen(routes, '/feed');
    expect(FakeEventSource.open.map((source) => source.url)).toEqual([
      expect.stringContaining('/api/notifications/stream'),
    ]);

    FakeEventSource.emit('match_alert', {
      kind: 'match_alert',
      alert: {
        matchId: MATCH_ID,
        kind: 'goal',
        title: 'Goal! Dinamo Tbilisi 1–0 Torpedo Kutaisi',
        body: "Kvaratskhelia 23'",
        spoiler: false,
      },
    });

    await screen.findByText('Goal! Dinamo Tbilisi 1–0 Torpedo Kutaisi');
    expect(screen.getByText("Kvaratskhelia 23'").textContent).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open the match' }));
    await screen.findByText('match page');
  });

  it('words the button in Georgian for a Georgian fan', async () => {
    await renderScreen(routes, '/feed', { language: 'ka' });
    FakeEventSource.emit('match_alert', {
      kind: 'match_alert',
      alert: {
        matchId: MATCH_ID,
        kind: 'kick_off',
        title: 'დაიწყო: დინამო თბილისი – ტორპედო ქუთაისი',
        body: '',
        spoiler: true,
      },
    });
    await screen.findByText('დაიწყო: დინამო თბილისი – ტორპედო ქუთაისი');
    expect(screen.getByRole('button', { name: 'მატჩის გახსნა' }).textContent).toBe('მატჩის გახსნა');
  });
});
