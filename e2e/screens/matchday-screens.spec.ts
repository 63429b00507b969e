import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { administrator, joinDinamo, newFan } from '../support/accounts';
import { shoot } from '../support/screenshots';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project=screens matchday` writes
// screenshots of the matchday screens (the next match card, the club's fixtures, results and table, a live match
// page with its thread) in English and Georgian at 320, 390 and 1280 px, light and dark, to ./screenshots.

const WIDTHS = [320, 390, 1280];

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

async function clubId(request: APIRequestContext, q: string): Promise<number> {
  const { clubs } = await ok<{ clubs: { id: number }[] }>(request.get(`/api/clubs?q=${encodeURIComponent(q)}`));
  return clubs[0]!.id;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

test('matchday screens', async ({ browser }) => {
  test.setTimeout(300_000);
  const admin = await administrator(browser);
  const api = admin.page.request;
  const torpedoClub = await clubId(api, 'Torpedo Kutaisi');
  // A fresh install starts with Erovnuli Liga 2026 and a team for each of its clubs (db/seed/matches.ts).
  const { competitions } = await ok<{ competitions: { id: number; name: string; seasons: { id: number }[] }[] }>(
    api.get('/api/competitions'),
  );
  const competition = competitions.find((c) => c.name === 'Erovnuli Liga')!;
  const seasonId = competition.seasons.at(-1)!.id;
  const { teams } = await ok<{ teams: { id: number; name: string }[] }>(api.get('/api/admin/teams'));
  const team = (name: string) => teams.find((t) => t.name === name)!.id;
  const dinamo = team('Dinamo Tbilisi');
  const torpedo = team('Torpedo Kutaisi');
  const saburtalo = team('Iberia 1999');
  const dila = team('Dila Gori');

  const match = async (home: number, away: number, kickoff: Date, round: string) =>
    (
      await ok<{ match: { id: string } }>(
        api.post('/api/admin/matches', {
          data: {
            competitionId: competition.id,
            seasonId,
            round,
            homeTeamId: home,
            awayTeamId: away,
            kickoffAt: kickoff.toISOString(),
            venue: 'Boris Paichadze Dinamo Arena',
          },
        }),
      )
    ).match.id;
  const day = 86_400_000;
  // Results: two played rounds, so the table has something to say.
  const played1 = await match(saburtalo, dinamo, new Date(Date.now() - 14 * day), '15');
  await ok(api.put(`/api/admin/matches/${played1}/result`, { data: { score: { home: 1, away: 2 } } }));
  const played2 = await match(dinamo, dila, new Date(Date.now() - 7 * day), '16');
  await ok(api.put(`/api/admin/matches/${played2}/result`, { data: { score: { home: 0, away: 0 } } }));
  const played3 = await match(torpedo, saburtalo, new Date(Date.now() - 7 * day), '16');
  await ok(api.put(`/api/admin/matches/${played3}/result`, { data: { score: { home: 3, away: 1 } } }));
  // Fixtures to come.
  await match(dila, dinamo, new Date(Date.now() + 7 * day), '18');
  await match(dinamo, saburtalo, new Date(Date.now() + 14 * day), '19');

  // The derby, live: kicked off, a goal with an assist, a card, a goal VAR disallowed, a substitution.
  const derby = await match(dinamo, torpedo, new Date(Date.now() + 10 * 60_000), '17');
  const key = () => ({ 'idempotency-key': crypto.randomUUID() });
  await ok(
    api.put(`/api/admin/matches/${derby}/lineups`, {
      data: {
        home: [
          { name: 'Giorgi Mamardashvili', number: 1, position: 'GK', starter: true },
          { name: 'Giorgi Kvilitaia', number: 9, position: 'FW', starter: true },
          { name: 'Levan Shengelia', number: 18, position: 'MF', starter: false },
        ],
        away: [
          { name: 'Lazare Kupatadze', number: 1, position: 'GK', starter: true },
          { name: 'Nika Sikharulidze', number: 10, position: 'MF', starter: true },
        ],
      },
    }),
  );
  await ok(api.post(`/api/admin/matches/${derby}/phase`, { data: { phase: 'start' }, headers: key() }));
  await ok(api.put(`/api/admin/matches/${derby}/minute`, { data: { minute: 12 } }));
  await ok(
    api.post(`/api/admin/matches/${derby}/events`, {
      data: { kind: 'goal', side: 'home', minute: 12, player: 'Giorgi Kvilitaia', secondPlayer: 'Budu Zivzivadze' },
      headers: key(),
    }),
  );
  await ok(
    api.post(`/api/admin/matches/${derby}/events`, {
      data: { kind: 'yellow', side: 'away', minute: 27, player: 'Nika Sikharulidze' },
      headers: key(),
    }),
  );
  const disallowed = await ok<{ match: { events: { id: string; kind: string }[] } }>(
    api.post(`/api/admin/matches/${derby}/events`, {
      data: { kind: 'goal', side: 'away', minute: 38, player: 'Nika Sikharulidze' },
      headers: key(),
    }),
  );
  await ok(
    api.post(`/api/admin/matches/${derby}/events`, {
      data: {
        kind: 'var',
        side: 'away',
        minute: 39,
        detail: 'Offside',
        disallowsEventId: disallowed.match.events.at(-1)!.id,
      },
      headers: key(),
    }),
  );
  await ok(
    api.post(`/api/admin/matches/${derby}/events`, {
      data: {
        kind: 'substitution',
        side: 'home',
        minute: 58,
        player: 'Giorgi Kvilitaia',
        secondPlayer: 'Levan Shengelia',
      },
      headers: key(),
    }),
  );
  await ok(api.put(`/api/admin/matches/${derby}/minute`, { data: { minute: 63 } }));

  // Fans of both clubs in the derby's thread.
  const torpedoFan = await newFan(browser, { nickname: 'kutaisi_fan' });
  await ok(torpedoFan.page.request.put('/api/me/club', { data: { clubId: torpedoClub } }));
  await ok(
    torpedoFan.page.request.post('/api/posts', {
      data: { text: 'ტორპედო დაბრუნდება! VAR-მა გადაგარჩინათ.', matchId: derby },
    }),
  );

  for (const language of ['en', 'ka'] as const) {
    const fan = await newFan(browser, {
      nickname: `${language}_matchday`,
      locale: language === 'ka' ? 'ka-GE' : 'en-GB',
    });
    await joinDinamo(fan);
    await ok(fan.page.request.patch('/api/me/profile', { data: { language } }));
    await ok(
      fan.page.request.post('/api/posts', {
        data: {
          text: language === 'ka' ? 'რა გოლი გაიტანა კვილიტაიამ! 🔴⚪' : 'What a goal from Kvilitaia! Come on Dinamo',
          matchId: derby,
        },
      }),
    );
    const page = fan.page;
    page.on('pageerror', (error) => console.log('PAGEERROR', error.message, error.stack?.slice(0, 600)));
    page.on('console', (message) => {
      if (message.type() === 'error') console.log('CONSOLE', message.text().slice(0, 600));
    });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const name = (screen: string) => `${language}-${scheme}-matchday-${screen}`;
      await page.goto('/feed');
      await page.locator(`a[href="/match/${derby}"]`).first().waitFor();
      await settle(page);
      await shoot(page, name('feed'), { widths: WIDTHS });
      await page.goto('/club');
      await page.getByRole('tab').nth(0).waitFor({ timeout: 20_000 });
      await page.locator(`a[href^="/match/"]`).nth(1).waitFor();
      await shoot(page, name('club-fixtures'), { widths: WIDTHS, fullPage: true });
      await page.getByRole('tab', { name: language === 'ka' ? 'შედეგები' : 'Results' }).click();
      await settle(page);
      await shoot(page, name('club-results'), { widths: WIDTHS });
      await page.getByRole('tab', { name: language === 'ka' ? 'ცხრილი' : 'Table' }).click();
      await page.getByRole('table').waitFor();
      await shoot(page, name('club-table'), { widths: WIDTHS });
      await page.goto(`/match/${derby}`);
      await page.getByRole('region', { name: language === 'ka' ? 'მატჩის მსვლელობა' : 'Timeline' }).waitFor();
      await shoot(page, name('match'), { widths: WIDTHS, fullPage: true });
    }
    // A goal while the page is open: the score moves without a reload, and a new post waits behind the banner.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await ok(
      api.post(`/api/admin/matches/${derby}/events`, {
        data: { kind: 'goal', side: 'home', player: 'Levan Shengelia' },
        headers: key(),
      }),
    );
    await expect(page.getByRole('region', { name: /Dinamo|დინამო/ }).first()).toContainText(/\d – \d/);
    await ok(torpedoFan.page.request.post('/api/posts', { data: { text: 'კიდევ ერთი?!', matchId: derby } }));
    await page.getByRole('button', { name: language === 'ka' ? '1 ახალი პოსტი' : '1 new post' }).waitFor();
    await shoot(page, `${language}-light-matchday-match-banner`, { widths: [390] });
    await fan.context.close();
  }
});
