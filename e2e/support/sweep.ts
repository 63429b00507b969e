import { readFileSync } from 'node:fs';
import { expect, type APIResponse, type Browser, type BrowserContext } from '@playwright/test';
import { administrator, joinDinamo, newFan, PASSWORD, type Fan } from './accounts';

// The world of the layout sweep (tests/layout-sweep.spec.ts) and of the screenshots of every route
// (screens/every-route-screens.spec.ts): content of real length planted through the API, the app's labels in
// each language, and the routes of apps/web/src/app/router.tsx.

export const LANGUAGES = ['ka', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A label of the app in a language, from its locale files: `nav.create` or `referrals:invite`. */
export function label(language: Language, key: string): string {
  const [namespace, path] = key.includes(':') ? key.split(':') : [null, key];
  const file = new URL(
    `../../apps/web/src/locales/${namespace ? `${language}/${namespace}` : language}.json`,
    import.meta.url,
  );
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of path.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no label ${key} in ${language}`);
  return value;
}

export type World = {
  me: { email: string; id: string; nickname: string };
  friend: { id: string; nickname: string };
  rival: { nickname: string };
  rivalClubId: number;
  postId: string;
  tag: string;
  matchId: string;
};

const LONG_POST =
  'რა ღამე იყო ბორის პაიჭაძის სახელობის დინამო არენაზე! ორი ნული ტორპედო ქუთაისთან და სტადიონი ერთი წამითაც არ ' +
  'გაჩუმებულა. კვილიტაიამ პირველ ტაიმში თავით გაიტანა, მეორე ტაიმში კი ზივზივაძემ ჯარიმის მოედნის კიდიდან ' +
  'ზუსტად კუთხეში ჩააგდო. მცველებმა მთელი მატჩი შეცდომის გარეშე ითამაშეს, მეკარემ კი ბოლო წუთზე გადაარჩინა ' +
  'გუნდი. შემდეგ შაბათს ბათუმში მივდივართ, ვინ მოდის ავტობუსით? #დინამო_თბილისი #ეროვნული_ლიგა';

export async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** Plants the content once, through the API: the screens then show it at every width and in both languages. */
export async function plant(browser: Browser): Promise<World> {
  const run = Date.now().toString(36).slice(-4);
  const admin = await administrator(browser);
  const nicknames = {
    me: `ნიკოლოზ_გიორგაძე_ბერიძე_${run}`,
    friend: `მარიამ_ჯავახიშვილი_${run}`,
    rival: `ტორპედო_ქუთაისის_ფანი_${run}`,
  };
  const me = await newFan(browser, { nickname: nicknames.me, locale: 'ka-GE' });
  const friend = await newFan(browser, { nickname: nicknames.friend });
  const rival = await newFan(browser, { nickname: nicknames.rival });
  const fans: Fan[] = [me, friend, rival];
  try {
    await joinDinamo(me);
    await joinDinamo(friend);
    const { clubs } = await ok<{ clubs: { id: number; name: string }[] }>(
      rival.page.request.get(`/api/clubs?q=${encodeURIComponent('Torpedo Kutaisi')}`),
    );
    const rivalClubId = clubs.find((club) => club.name === 'Torpedo Kutaisi')!.id;
    await ok(rival.page.request.put('/api/me/club', { data: { clubId: rivalClubId } }));
    await ok(
      me.page.request.patch('/api/me/profile', {
        data: {
          bio: 'დინამოს გულშემატკივარი ბავშვობიდან, ყველა საშინაო მატჩზე ვარ დინამო არენაზე, ჩრდილოეთ ტრიბუნაზე.',
        },
      }),
    );
    const { post } = await ok<{ post: { id: string } }>(
      me.page.request.post('/api/posts', { data: { text: LONG_POST } }),
    );
    await ok(me.page.request.post('/api/posts', { data: { text: `@${nicknames.friend} მოდიხარ შაბათს? 🔴⚪` } }));
    await ok(
      rival.page.request.post('/api/posts', {
        data: {
          text: 'ტორპედო ქუთაისი ყველაზე ძლიერია! მწვანე-შავი ფერები სამუდამოდ, შაბათს ქუთაისში გელით. #ტორპედო',
        },
      }),
    );
    // Fourteen unread for me: a follow, a like and twelve comments.
    await ok(friend.page.request.post(`/api/users/${me.id}/follow`));
    await ok(friend.page.request.post(`/api/posts/${post.id}/like`));
    let commentId = '';
    for (let i = 1; i <= 12; i++) {
      const { comment } = await ok<{ comment: { id: string } }>(
        friend.page.request.post(`/api/posts/${post.id}/comments`, {
          data: { body: `${i}. ვეთანხმები! კვილიტაიას გოლი სეზონის საუკეთესოა, ზივზივაძემაც ძალიან კარგად ითამაშა.` },
        }),
      );
      commentId = comment.id;
    }
    await ok(me.page.request.post(`/api/posts/${post.id}/comments`, { data: { body: 'მადლობა, მარიამ! 🔴⚪' } }));
    // Reports for the administrator's queue: a post, a comment and a fan.
    await ok(rival.page.request.post('/api/reports', { data: { targetType: 'post', targetId: post.id } }));
    await ok(rival.page.request.post('/api/reports', { data: { targetType: 'comment', targetId: commentId } }));
    await ok(rival.page.request.post('/api/reports', { data: { targetType: 'user', targetId: me.id } }));

    // A played match of two other clubs (so no other spec's Dinamo or Torpedo fixtures move), for /match/:id and
    // the console.
    const api = admin.page.request;
    const { competitions } = await ok<{ competitions: { id: number; name: string; seasons: { id: number }[] }[] }>(
      api.get('/api/competitions'),
    );
    const competition = competitions.find((c) => c.name === 'Erovnuli Liga')!;
    const { teams } = await ok<{ teams: { id: number; name: string }[] }>(api.get('/api/admin/teams'));
    const team = (name: string) => teams.find((t) => t.name === name)!.id;
    const { match } = await ok<{ match: { id: string } }>(
      api.post('/api/admin/matches', {
        data: {
          competitionId: competition.id,
          seasonId: competition.seasons.at(-1)!.id,
          round: `Sweep ${run}`,
          homeTeamId: team('Dila Gori'),
          awayTeamId: team('Iberia 1999'),
          kickoffAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
          venue: 'Tengiz Burjanadze Stadium',
        },
      }),
    );
    await ok(api.put(`/api/admin/matches/${match.id}/result`, { data: { score: { home: 2, away: 1 } } }));

    return {
      me: { email: me.email, id: me.id, nickname: nicknames.me },
      friend: { id: friend.id, nickname: nicknames.friend },
      rival: { nickname: nicknames.rival },
      rivalClubId,
      postId: post.id,
      tag: 'დინამო_თბილისი',
      matchId: match.id,
    };
  } finally {
    for (const fan of [...fans, admin]) await fan.context.close();
  }
}

/** Signed out: the landing, sign-in, the legal documents and the 404. */
export const signedOutRoutes = [
  '/',
  '/auth',
  '/legal/terms',
  '/legal/privacy',
  '/legal/community-guidelines',
  '/nowhere',
];

/** A fan's screens beyond the feed and the club (whose tabs the callers open). */
export function fanRoutes(world: World): string[] {
  return [
    `/match/${world.matchId}`,
    `/post/${world.postId}`,
    '/post/new',
    `/tag/${encodeURIComponent(world.tag)}`,
    `/search?q=${encodeURIComponent('დინამო')}`,
    `/search?q=${encodeURIComponent('ტორპედო')}`,
    '/notifications',
    '/profile',
    `/u/${world.friend.id}`,
    `/profile/${encodeURIComponent(world.rival.nickname)}`,
    '/referrals',
    '/settings',
    '/design-system',
    '/onboarding',
  ];
}

export function adminRoutes(world: World): string[] {
  return [
    '/admin',
    '/admin/reports',
    '/admin/users',
    '/admin/settings',
    '/admin/matches',
    `/admin/matches/${world.matchId}`,
    '/admin/audit',
    '/admin/nowhere',
  ];
}

/** Signs the context's browser in (replacing whoever was) and sets the account's language. */
export async function signIn(context: BrowserContext, email: string, language: Language) {
  await ok(context.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } }));
  await ok(context.request.patch('/api/me/profile', { data: { language } }));
}
