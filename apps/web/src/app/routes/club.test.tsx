// @vitest-environment happy-dom
import type { ClubDetail } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meKeys } from '../../features/auth/api/get-me';
import { setLanguage } from '../../lib/i18n';
import { aMe } from '../../test/fixtures';
import { ClubPageRoute } from './club';

const dinamo = { id: 4, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' };
const torpedo: ClubDetail = {
  id: 5,
  name: 'Torpedo Kutaisi',
  nameKa: 'ტორპედო ქუთაისი',
  country: 'Georgia',
  league: 'Erovnuli Liga',
  fansCount: 12,
  postsCount: 0,
  viewerFollows: false,
};
let calls: string[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const json = (body: unknown, status = 200) => Promise.resolve(Response.json(body, { status }));
      if (path === '/api/clubs/5') return json({ club: torpedo });
      if (path === '/api/clubs/5/posts') return json({ posts: [], nextCursor: null });
      if (path === '/api/clubs/5/follow') return json({ following: init?.method === 'POST' });
      if (path === '/api/match-alerts/clubs') return json({ clubs: [] });
      if (path === '/api/match-alerts/clubs/5') {
        return json({ clubs: init?.method === 'PUT' ? [{ id: 5, name: torpedo.name, nameKa: torpedo.nameKa }] : [] });
      }
      if (path === '/api/clubs/9') return json({ error: { code: 'CLUB_NOT_FOUND', message: 'Club not found.' } }, 404);
      return json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(async () => setLanguage('en'));

function open(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meKeys.all, aMe({ primaryClub: dinamo }));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/club/:clubId" element={<ClubPageRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a rival club's page", () => {
  it('shows the club in Georgian, with its place and counts, and follows its feed', async () => {
    await setLanguage('ka');
    const user = userEvent.setup();
    open('/club/5');
    expect(await screen.findByRole('heading', { name: 'ტორპედო ქუთაისი' })).toBeTruthy();
    expect(screen.getByText('საქართველო · ეროვნული ლიგა')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(await screen.findByText('ტორპედო ქუთაისის გულშემატკივრებს ჯერ არაფერი დაუწერიათ')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'ლენტის გამოწერა' }));
    await waitFor(() => expect(calls).toContain('POST /api/clubs/5/follow'));
    const following = await screen.findByRole('button', { name: 'ლენტა გამოწერილია' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
  });

  it('turns on alerts for the rival club’s matches', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    open('/club/5');
    const alerts = await screen.findByRole('switch', { name: 'Alerts for Torpedo Kutaisi matches' });
    await waitFor(() => expect(alerts.hasAttribute('disabled')).toBe(false));
    expect(alerts.getAttribute('aria-checked')).toBe('false');
    await user.click(alerts);
    await waitFor(() => expect(calls).toContain('PUT /api/match-alerts/clubs/5'));
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('true'));
  });

  it('says so for a club that does not exist', async () => {
    await setLanguage('en');
    open('/club/9');
    expect(await screen.findByText('No such club')).toBeTruthy();
  });
});
