// @vitest-environment happy-dom
import type { Club, Me } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { aMe } from '../../../test/fixtures';
import { meKeys } from '../../auth/api/get-me';
import { ClubPicker } from './club-picker';

const clubs: Club[] = [
  { id: 1, name: 'Arsenal', nameKa: 'არსენალი', country: 'England', league: 'Premier League' },
  { id: 2, name: 'Barcelona', nameKa: 'ბარსელონა', country: 'Spain', league: 'La Liga' },
  { id: 3, name: 'Dinamo-2 Tbilisi', nameKa: 'დინამო-2 თბილისი', country: 'Georgia', league: 'Erovnuli Liga 2' },
  { id: 4, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' },
  { id: 5, name: 'Torpedo Kutaisi', nameKa: 'ტორპედო ქუთაისი', country: 'Georgia', league: 'Erovnuli Liga' },
];
/** The server's search, as the fake answers it: "ბარსა" and "barsa" are Barcelona, nonsense is nothing. */
const found: Record<string, Club[]> = { ბარსა: [clubs[1]!], barsa: [clubs[1]!], zzzz: [] };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q');
      if (url.includes('/api/clubs'))
        return Promise.resolve(Response.json({ clubs: q === null ? clubs : (found[q] ?? []) }));
      return Promise.resolve(Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(async () => setLanguage('en'));

function setup(me: Me = aMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meKeys.all, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ClubPicker />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listed = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.querySelector('.font-semibold')?.textContent);

describe('ClubPicker', () => {
  it('names clubs in Georgian, with Georgian countries and leagues, Georgian clubs first', async () => {
    await setLanguage('ka');
    setup(aMe({ language: 'ka' }));
    await waitFor(() => expect(screen.getAllByRole('button').length).toBeGreaterThan(4));
    expect(listed()).toEqual(['დინამო თბილისი', 'ტორპედო ქუთაისი', 'დინამო-2 თბილისი', 'არსენალი', 'ბარსელონა']);
    expect(screen.getAllByText('საქართველო · ეროვნული ლიგა')).toHaveLength(2);
    expect(screen.queryByText('Dinamo Tbilisi')).toBeNull();
  });

  it('declines the chosen club in Georgian sentences', async () => {
    await setLanguage('ka');
    const user = userEvent.setup();
    setup(aMe({ language: 'ka' }));
    await user.click(await screen.findByRole('button', { name: /დინამო თბილისი/ }));
    expect(screen.getByRole('button', { name: 'შეუერთდი დინამო თბილისის საზოგადოებას' })).toBeTruthy();
    expect(screen.getByText(/კლუბის ლენტაში დინამო თბილისის გულშემატკივრების პოსტებს დაინახავ/)).toBeTruthy();
  });

  it('finds a club by its Georgian nickname and says so when nothing matches', async () => {
    await setLanguage('ka');
    const user = userEvent.setup();
    setup(aMe({ language: 'ka' }));
    const field = await screen.findByRole('searchbox');
    await user.type(field, 'ბარსა');
    await waitFor(() => expect(listed()).toEqual(['ბარსელონა']));
    await user.clear(field);
    await user.type(field, 'zzzz');
    expect(await screen.findByText('„zzzz“ — ასეთი კლუბი ვერ ვიპოვეთ.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('keeps the English names in English', async () => {
    await setLanguage('en');
    setup();
    await waitFor(() => expect(screen.getAllByRole('button').length).toBeGreaterThan(4));
    expect(listed()).toContain('Dinamo Tbilisi');
    expect(screen.getAllByText('Georgia · Erovnuli Liga')).toHaveLength(2);
  });
});
