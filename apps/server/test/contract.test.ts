import { eq } from 'drizzle-orm';
import { Ajv2020 } from 'ajv/dist/2020.js';
import sharp from 'sharp';
import { operations, pathFor, type Operation, type OperationId } from '@burti/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, reports } from '../src/db/schema/index.js';
import { signInitData } from '../src/lib/telegram-init-data.js';
import { APP_URL, createTestApp, multipartBody, type TestApp } from './harness.js';

/**
 * The contract test: every operation of the OpenAPI document the server serves is called here at least once
 * with a success and once with an error, and each answer is validated against the document's schema for its
 * status. A route added without a contract operation (or not hidden on purpose) fails the last test.
 */
const BOT_TOKEN = '123456789:AAH-contract-test-token';

type DocResponse = { $ref?: string; content?: Record<string, { schema: object }> };
type Doc = {
  paths: Record<string, Record<string, DocOperation>>;
  components: { responses: Record<string, DocResponse> };
};
type DocOperation = {
  operationId: string;
  'x-error-codes': string[];
  responses: Record<string, DocResponse>;
};
/** The document's `$id` for ajv, so that `#/components/…` references resolve from any answer's schema. */
const DOC_ID = 'https://burti.test/openapi.json';

let t: TestApp;
let doc: Doc;
const byId = new Map<string, DocOperation>();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const seen = new Map<string, Set<'success' | 'error'>>();
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

beforeAll(async () => {
  t = await createTestApp({
    telegram: { botToken: BOT_TOKEN, apiRoot: 'http://127.0.0.1:9', botMode: 'off', authMaxAgeSeconds: 3600 },
    push: { allowLocalWebPushEndpoints: true, telegram: { botToken: BOT_TOKEN, apiRoot: 'http://127.0.0.1:9' } },
  });
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) byId.set(op.operationId, op);
  }
});
afterAll(async () => t?.close());

type Input = {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  payload?: Buffer;
};

/** Calls an operation and checks the answer against the served document. */
async function call(op: Operation, input: Input = {}): Promise<LightMyRequestResponse> {
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const response = await t.app.inject({
    method: op.method,
    url: pathFor(op.path, input.params) + query,
    headers: { origin: APP_URL, ...input.headers },
    payload: input.payload ?? (input.body as object | undefined),
  });
  const listed = byId.get(op.id)?.responses[String(response.statusCode)];
  expect
    .soft(listed, `${op.id} answered ${response.statusCode}, which the document does not list: ${response.body}`)
    .toBeDefined();
  // A shared error answer (components/responses), with the codes of its status; the operation's own are listed.
  const documented = listed?.$ref ? doc.components.responses[listed.$ref.split('/').pop()!] : listed;
  const json = documented?.content?.['application/json'];
  if (json) {
    const key = `${op.id} ${response.statusCode}`;
    const validate =
      validators.get(key) ??
      ajv.compile(JSON.parse(JSON.stringify(json.schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`)));
    validators.set(key, validate);
    const body: unknown = response.json();
    const code = (body as { error?: { code?: string } } | null)?.error?.code;
    if (response.statusCode >= 400 && code && !op.path.startsWith('/api/auth/')) {
      expect.soft(byId.get(op.id)?.['x-error-codes'], `${op.id} answered ${code}`).toContain(code);
    }
    expect
      .soft(validate(body), `${op.id} ${response.statusCode}: ${ajv.errorsText(validate.errors)} in ${response.body}`)
      .toBe(true);
  } else if (!documented?.content) {
    expect.soft(response.body, `${op.id} ${response.statusCode} has no body`).toBe('');
  }
  const kind = response.statusCode < 400 ? 'success' : 'error';
  seen.set(op.id, (seen.get(op.id) ?? new Set()).add(kind));
  return response;
}

const ok = async (op: Operation, input?: Input) => {
  const response = await call(op, input);
  expect.soft(response.statusCode, `${op.id}: ${response.body}`).toBeLessThan(300);
  return response;
};
const fails = async (op: Operation, input?: Input) => {
  const response = await call(op, input);
  expect.soft(response.statusCode, `${op.id}: ${response.body}`).toBeGreaterThanOrEqual(400);
  return response;
};

/** Calls that cannot fail or cannot succeed through inject, and why. */
const NOT_COVERED: Partial<Record<OperationId, { success?: string; error?: string }>> = {
  streamNotifications: { success: 'an event stream never ends; notifications.test.ts reads it over a socket' },
  streamMatch: { success: 'an event stream never ends; matches.test.ts reads it over a socket' },
  getLiveness: { error: 'has no input and no failure but a dead process' },
  getHealth: { error: 'answers 503 only with the database gone (operations.test.ts)' },
  getReadiness: { error: 'answers 503 only with the database gone (operations.test.ts)' },
  getSession: { error: 'answers null, not an error, without a session' },
  signOut: { error: 'succeeds without a session too' },
};

describe('the API contract', () => {
  it('drives every operation to a success and an error, each answer matching the document', async () => {
    const o = operations;
    const [fan, other, adminFan] = await t.createFans(3);
    await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, adminFan!.userId));
    const as = (client: typeof fan) => ({ headers: client!.headers });
    const anonymous = {};
    const missingPost = { postId: '00000000-0000-4000-8000-000000000000' };

    // Accounts.
    const email = t.uniqueEmail('contract');
    await ok(o.signUp, { body: { email, password: 'a fine long passphrase', name: '' } });
    await fails(o.signUp, { body: { email: t.uniqueEmail(), password: 'password123', name: '' } });
    const user = await t.createUser();
    const signedIn = await ok(o.signIn, { body: { email: user.email, password: user.password } });
    expect(signedIn.headers['set-auth-token']).toBeTruthy();
    await fails(o.signIn, { body: { email: user.email, password: 'not the password at all' } });
    const bearer = { authorization: `Bearer ${String(signedIn.headers['set-auth-token'])}` };
    await ok(o.getSession, { headers: bearer });
    await ok(o.signOut, { headers: bearer });
    const initData = signInitData(
      {
        user: JSON.stringify({ id: 880_000_001, first_name: 'Nika' }),
        auth_date: String(Math.floor(Date.now() / 1000)),
      },
      BOT_TOKEN,
    );
    const telegramToken = (await ok(o.signInWithTelegram, { body: { initData } })).json<{ token: string }>().token;
    await fails(o.signInWithTelegram, { body: { initData: 'user=%7B%7D&hash=00' } });

    // Health.
    await ok(o.getHealth);
    await ok(o.getReadiness);
    await ok(o.getLiveness);

    // Profiles and clubs.
    await ok(o.getMe, as(fan));
    await fails(o.getMe, anonymous);
    await ok(o.updateProfile, { ...as(fan), body: { bio: 'Dinamo since 1990' } });
    await fails(o.updateProfile, { ...as(fan), body: { email: 'x@example.ge' } });
    const clubs = (await ok(o.listClubs, { query: { q: 'Dinamo' } })).json<{ clubs: { id: number }[] }>();
    await fails(o.listClubs, { query: { q: 'x'.repeat(200) } });
    const clubId = clubs.clubs[0]!.id;

    // Matchday: the fixture editor, the live console, the fans' reads.
    const matchAdmin = as(adminFan);
    const teamList = (await ok(o.listTeams, matchAdmin)).json<{ teams: { id: number; name: string }[] }>().teams;
    await fails(o.listTeams, as(fan));
    await ok(o.listAdminMatches, { ...matchAdmin, query: { kind: 'results' } });
    await fails(o.listAdminMatches, as(fan));
    await ok(o.getProviderStatus, matchAdmin);
    await fails(o.getProviderStatus, as(fan));
    await ok(o.listProviderTeams, { ...matchAdmin, query: { unmapped: 'true' } });
    await fails(o.listProviderTeams, { ...matchAdmin, query: { unmapped: 'maybe' } });
    const teamId = (name: string) => teamList.find((x) => x.name === name)!.id;
    await ok(o.listCompetitions, as(fan));
    await fails(o.listCompetitions, anonymous);
    const cup = await ok(o.createCompetition, {
      ...matchAdmin,
      body: { name: 'Contract Cup', country: 'Georgia', kind: 'cup' },
    });
    await fails(o.createCompetition, { ...as(fan), body: { name: 'Fan Cup', country: 'Georgia' } });
    const competitionId = cup.json<{ competition: { id: number } }>().competition.id;
    await ok(o.updateCompetition, { ...matchAdmin, params: { competitionId }, body: { nameKa: 'თასი' } });
    await fails(o.updateCompetition, { ...matchAdmin, params: { competitionId: 999_999 }, body: {} });
    const withSeason = await ok(o.createSeason, { ...matchAdmin, params: { competitionId }, body: { label: '2026' } });
    await fails(o.createSeason, { ...matchAdmin, params: { competitionId }, body: { label: '2026' } });
    const seasonId = withSeason.json<{ competition: { seasons: { id: number }[] } }>().competition.seasons[0]!.id;
    const newTeam = await ok(o.createTeam, { ...matchAdmin, body: { name: 'Contract XI', shortName: 'CXI' } });
    await fails(o.createTeam, { ...matchAdmin, body: { name: 'Nobody XI', shortName: 'NXI', clubId: 999_999 } });
    const newTeamId = newTeam.json<{ team: { id: number } }>().team.id;
    await ok(o.updateTeam, { ...matchAdmin, params: { teamId: newTeamId }, body: { clubId } });
    await fails(o.updateTeam, { ...matchAdmin, params: { teamId: 999_999 }, body: {} });
    const fixture = {
      competitionId,
      seasonId,
      homeTeamId: newTeamId,
      awayTeamId: teamId('Dinamo Batumi'),
      kickoffAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const createdMatch = await ok(o.createMatch, { ...matchAdmin, body: fixture });
    await fails(o.createMatch, { ...matchAdmin, body: { ...fixture, seasonId: 999_999 } });
    const match = { params: { matchId: createdMatch.json<{ match: { id: string } }>().match.id } };
    const missingMatch = { params: { matchId: missingPost.postId } };
    await ok(o.getMatch, { ...as(fan), ...match });
    await fails(o.getMatch, { ...as(fan), ...missingMatch });
    await fails(o.streamMatch, { ...as(fan), ...missingMatch });
    await ok(o.updateMatch, { ...matchAdmin, ...match, body: { venue: 'Arena' } });
    await fails(o.updateMatch, { ...matchAdmin, ...match, body: { status: 'abandoned' } });
    await ok(o.setMatchLineups, {
      ...matchAdmin,
      ...match,
      body: { home: [{ name: 'Mamardashvili', starter: true }], away: [] },
    });
    await fails(o.setMatchLineups, { ...matchAdmin, ...missingMatch, body: { home: [], away: [] } });
    await fails(o.setMatchMinute, { ...matchAdmin, ...match, body: { minute: 10 } });
    await fails(o.addMatchEvent, { ...matchAdmin, ...match, body: { kind: 'goal', side: 'home' } });
    await fails(o.undoMatchEvent, { ...matchAdmin, ...match });
    await ok(o.setMatchPhase, { ...matchAdmin, ...match, body: { phase: 'start' } });
    await fails(o.setMatchPhase, { ...matchAdmin, ...match, body: { phase: 'second_half' } });
    await ok(o.setMatchMinute, { ...matchAdmin, ...match, body: { minute: 10, addedMinute: null } });
    await ok(o.addMatchEvent, { ...matchAdmin, ...match, body: { kind: 'goal', side: 'home', player: 'Zivzivadze' } });
    await ok(o.undoMatchEvent, { ...matchAdmin, ...match });
    await ok(o.setMatchResult, { ...matchAdmin, ...match, body: { score: { home: 1, away: 0 } } });
    await fails(o.setMatchResult, { ...matchAdmin, ...match, body: { score: { home: -1, away: 0 } } });
    await ok(o.releaseMatchLock, { ...matchAdmin, ...match });
    await fails(o.releaseMatchLock, { ...as(fan), ...match });
    await ok(o.getStandings, { ...as(fan), params: { competitionId } });
    await fails(o.getStandings, { ...as(fan), params: { competitionId: 999_999 } });
    await ok(o.getClubMatches, { ...as(fan), params: { clubId }, query: { kind: 'results' } });
    await fails(o.getClubMatches, { ...as(fan), params: { clubId }, query: { kind: 'soon' } });
    await ok(o.getClubNextMatch, { ...as(fan), params: { clubId } });
    await fails(o.getClubNextMatch, { ...as(fan), params: { clubId: 999_999 } });
    await ok(o.getMatchPosts, { ...as(fan), ...match });
    await fails(o.getMatchPosts, { ...as(fan), ...missingMatch });
    await ok(o.holdMatchSpoiler, { ...as(fan), ...match });
    await fails(o.holdMatchSpoiler, { ...as(fan), ...missingMatch });
    await ok(o.revealMatchSpoiler, { ...as(fan), ...match });
    await fails(o.revealMatchSpoiler, { ...as(fan), ...missingMatch });
    await ok(o.getSpoilerHolds, as(fan));
    await fails(o.getSpoilerHolds, anonymous);
    await ok(o.getMatchAlerts, { ...as(fan), ...match });
    await fails(o.getMatchAlerts, { ...as(fan), ...missingMatch });
    await ok(o.setMatchAlerts, { ...as(fan), ...match, body: { mode: 'on' } });
    await fails(o.setMatchAlerts, { ...as(fan), ...missingMatch, body: { mode: 'on' } });
    await ok(o.listAlertClubs, as(fan));
    await fails(o.listAlertClubs, anonymous);
    await ok(o.addAlertClub, { ...as(fan), params: { clubId } });
    await fails(o.addAlertClub, { ...as(fan), params: { clubId: 999_999 } });
    await ok(o.removeAlertClub, { ...as(fan), params: { clubId } });
    await fails(o.removeAlertClub, { ...as(fan), params: { clubId: 999_999 } });
    await ok(o.getClub, { ...as(fan), params: { clubId } });
    await fails(o.getClub, { ...as(fan), params: { clubId: 999_999 } });
    await ok(o.followClub, { ...as(other), params: { clubId } });
    await fails(o.followClub, { ...as(other), params: { clubId: 999_999 } });
    await ok(o.unfollowClub, { ...as(other), params: { clubId } });
    await fails(o.unfollowClub, { ...as(other), params: { clubId: 999_999 } });
    await ok(o.setClub, { ...as(fan), body: { clubId } });
    await fails(o.setClub, { ...as(fan), body: { clubId: 'dinamo' } });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const avatar = multipartBody({}, { name: 'a.png', type: 'image/png', data: png });
    await ok(o.uploadAvatar, { headers: { ...fan!.headers, ...avatar.headers }, payload: avatar.payload });
    await fails(o.uploadAvatar, as(fan));
    await ok(o.getUser, { ...as(fan), params: { userId: other!.userId } });
    await fails(o.getUser, { ...as(fan), params: { userId: 'nobody' } });
    const otherNickname = (await ok(o.getMe, as(other))).json<{ me: { nickname: string } }>().me.nickname;
    await ok(o.getUserByNickname, { ...as(fan), params: { nickname: otherNickname } });
    await fails(o.getUserByNickname, { ...as(fan), params: { nickname: 'no_such_fan_here' } });

    // Posts, likes, shares, comments.
    const created = await ok(o.createPost, { ...as(fan), body: { text: 'Contract #derby with @' + otherNickname } });
    const postId = created.json<{ post: { id: string } }>().post.id;
    await fails(o.createPost, { ...as(fan), body: { text: '' } });
    await ok(o.getPost, { ...as(other), params: { postId } });
    await fails(o.getPost, { ...as(other), params: missingPost });
    await ok(o.editPost, { ...as(fan), params: { postId }, body: { text: 'Contract #derby, edited' } });
    await fails(o.editPost, { ...as(other), params: { postId }, body: { text: 'not mine' } });
    for (const [page, params] of [
      [o.getFeed, undefined],
      [o.getFollowingFeed, undefined],
      [o.getFollowedClubsFeed, undefined],
      [o.getClubPosts, { clubId }],
      [o.getUserPosts, { userId: fan!.userId }],
      [o.getTagPosts, { tag: 'derby' }],
    ] as const) {
      await ok(page, { ...as(other), params });
      await fails(page, { ...as(other), params, query: { cursor: 'not-a-cursor' } });
    }
    await ok(o.likePost, { ...as(other), params: { postId } });
    await fails(o.likePost, { ...as(other), params: missingPost });
    await ok(o.unlikePost, { ...as(other), params: { postId } });
    await fails(o.unlikePost, { ...as(other), params: { postId: 'nope' } });
    await ok(o.sharePost, { ...as(other), params: { postId } });
    await fails(o.sharePost, { ...as(fan), params: missingPost });
    await ok(o.unsharePost, { ...as(other), params: { postId } });
    await fails(o.unsharePost, { ...as(other), params: missingPost });
    const comment = await ok(o.createComment, { ...as(other), params: { postId }, body: { body: 'Great!' } });
    const commentId = comment.json<{ comment: { id: string } }>().comment.id;
    await fails(o.createComment, { ...as(other), params: { postId }, body: { body: '' } });
    await ok(o.createComment, { ...as(fan), params: { postId }, body: { body: 'Thanks', parentCommentId: commentId } });
    await ok(o.getComments, { ...as(fan), params: { postId } });
    await fails(o.getComments, { ...as(fan), params: missingPost });
    await ok(o.getReplies, { ...as(fan), params: { commentId } });
    await fails(o.getReplies, { ...as(fan), params: { commentId: 'nope' } });
    await ok(o.updateComment, { ...as(other), params: { commentId }, body: { body: 'Great, really!' } });
    await fails(o.updateComment, { ...as(fan), params: { commentId }, body: { body: 'Not mine' } });
    await ok(o.likeComment, { ...as(fan), params: { commentId } });
    await fails(o.likeComment, { ...as(fan), params: { commentId: 'nope' } });
    await ok(o.unlikeComment, { ...as(fan), params: { commentId } });
    await fails(o.unlikeComment, { ...as(fan), params: { commentId: 'nope' } });
    const doomed = await ok(o.createComment, { ...as(other), params: { postId }, body: { body: 'Oops' } });
    const doomedId = doomed.json<{ comment: { id: string } }>().comment.id;
    await ok(o.deleteComment, { ...as(other), params: { commentId: doomedId } });
    await fails(o.deleteComment, { ...as(other), params: { commentId: doomedId } });
    await ok(o.suggestMentions, { ...as(fan), query: { q: otherNickname.slice(0, 3) } });
    await fails(o.suggestMentions, { ...as(fan), query: { q: '' } });
    await ok(o.getTrendingTags, { ...as(fan), query: { clubId: String(clubId) } });
    await fails(o.getTrendingTags, { ...as(fan), query: { clubId: 'x' } });

    // Search and leaderboard.
    for (const search of [o.search, o.searchFans, o.searchPosts]) {
      await ok(search, { ...as(fan), query: { q: 'derby' } });
      await fails(search, { ...as(fan), query: { q: 'x'.repeat(500) } });
    }
    await ok(o.getLeaderboard, { ...as(fan), query: { clubId: String(clubId), window: '7d' } });
    await fails(o.getLeaderboard, { ...as(fan), query: { clubId: String(clubId), window: 'year' } });

    // Following and blocking.
    await ok(o.followUser, { ...as(fan), params: { userId: other!.userId } });
    await fails(o.followUser, { ...as(fan), params: { userId: fan!.userId } });
    await ok(o.unfollowUser, { ...as(fan), params: { userId: other!.userId } });
    await fails(o.unfollowUser, { params: { userId: other!.userId } });

    // Notifications and push.
    const list = await ok(o.listNotifications, as(fan));
    const notificationId = list.json<{ notifications: { id: string }[] }>().notifications[0]!.id;
    await fails(o.listNotifications, anonymous);
    await ok(o.getUnreadCount, as(fan));
    await fails(o.getUnreadCount, anonymous);
    await ok(o.readNotification, { ...as(fan), params: { notificationId } });
    await fails(o.readNotification, { ...as(fan), params: { notificationId: missingPost.postId } });
    await ok(o.readAllNotifications, as(fan));
    await fails(o.readAllNotifications, anonymous);
    await fails(o.streamNotifications, anonymous);
    await ok(o.getPushConfig, as(fan));
    await fails(o.getPushConfig, anonymous);
    const token = { token: 'a-native-push-token-0123456789', platform: 'android' };
    await ok(o.savePushToken, { ...as(fan), body: token });
    await fails(o.savePushToken, { ...as(fan), body: { token: 'short', platform: 'android' } });
    await ok(o.deletePushToken, { ...as(fan), body: { token: token.token } });
    await fails(o.deletePushToken, { ...as(fan), body: {} });
    await fails(o.saveWebPushSubscription, { ...as(fan), body: { endpoint: 'not a url', keys: {} } });
    await fails(o.deleteWebPushSubscription, { ...as(fan), body: {} });
    await ok(o.deleteWebPushSubscription, { ...as(fan), body: { endpoint: 'https://push.example.com/x' } });
    await ok(o.getTelegramMessages, as(fan));
    await fails(o.getTelegramMessages, anonymous);
    await fails(o.setTelegramMessages, { ...as(fan), body: { enabled: true } });
    await ok(o.setTelegramMessages, {
      headers: { authorization: `Bearer ${telegramToken}` },
      body: { enabled: false },
    });
    const subscription = { endpoint: 'http://127.0.0.1:9/push/1', keys: { p256dh: 'BPk', auth: 'aGk' } };
    await ok(o.saveWebPushSubscription, { ...as(fan), body: subscription });

    // $GOAL.
    await ok(o.getGoalBalance, as(fan));
    await fails(o.getGoalBalance, anonymous);
    await ok(o.processGoal, { ...as(fan), body: {} });
    await fails(o.processGoal, { ...as(fan), body: { mode: 'everyone' } });
    await ok(o.listReferrals, as(fan));
    await fails(o.listReferrals, anonymous);
    await ok(o.recordReferral, { ...as(other), body: { source: 'web', code: 'nobody' } });
    await fails(o.recordReferral, { ...as(other), body: { source: 'pigeon' } });

    // Reports and the admin area.
    const report = await ok(o.createReport, { ...as(other), body: { targetType: 'post', targetId: postId } });
    await fails(o.createReport, { ...as(other), body: { targetType: 'post', targetId: postId } });
    const reportId = report.json<{ reportId: string }>().reportId;
    const admin = as(adminFan);
    await ok(o.getAdminStats, admin);
    await fails(o.getAdminStats, as(fan));
    await ok(o.listAdminReports, admin);
    await fails(o.listAdminReports, { ...admin, query: { status: 'open' } });
    await ok(o.resolveReport, { ...admin, params: { reportId }, body: { action: 'dismissed' } });
    await fails(o.resolveReport, { ...admin, params: { reportId }, body: { action: 'dismissed' } });
    await ok(o.listAdminUsers, { ...admin, query: { q: otherNickname } });
    await fails(o.listAdminUsers, as(other));
    await ok(o.setUserBlocked, { ...admin, params: { userId: other!.userId }, body: { blocked: false } });
    await fails(o.setUserBlocked, { ...admin, params: { userId: 'nobody' }, body: { blocked: true } });
    await ok(o.setUserAdmin, { ...admin, params: { userId: fan!.userId }, body: { isAdmin: false } });
    await fails(o.setUserAdmin, { ...admin, params: { userId: adminFan!.userId }, body: { isAdmin: false } });
    await ok(o.listAudit, admin);
    await fails(o.listAudit, as(fan));
    await ok(o.getAdminSettings, admin);
    await fails(o.getAdminSettings, anonymous);
    await ok(o.adminDeletePost, { ...admin, params: { postId }, body: { note: 'contract' } });
    await fails(o.adminDeletePost, { ...admin, params: missingPost, body: {} });
    await ok(o.adminDeleteComment, { ...admin, params: { commentId }, body: { note: 'contract' } });
    await fails(o.adminDeleteComment, { ...admin, params: { commentId }, body: {} });
    expect(await t.db.select().from(reports)).toHaveLength(1);

    // Blocking last: it hides the two fans from each other.
    await ok(o.blockUser, { ...as(fan), params: { userId: other!.userId } });
    await fails(o.blockUser, { ...as(fan), params: { userId: fan!.userId } });
    await ok(o.unblockUser, { ...as(fan), params: { userId: other!.userId } });
    await fails(o.unblockUser, { ...as(fan), params: { userId: fan!.userId } });
    await ok(o.deletePost, {
      ...as(other),
      params: {
        postId: (await ok(o.createPost, { ...as(other), body: { text: 'bye' } })).json<{ post: { id: string } }>().post
          .id,
      },
    });
    await fails(o.deletePost, { ...as(other), params: { postId } });
    await fails(o.deleteAccount, anonymous);
    await ok(o.deleteAccount, as(other));
  });

  it('has covered every operation of the document', () => {
    const missing: string[] = [];
    for (const id of byId.keys()) {
      const exempt = NOT_COVERED[id as OperationId];
      for (const kind of ['success', 'error'] as const) {
        if (!seen.get(id)?.has(kind) && !exempt?.[kind]) missing.push(`${id} (${kind})`);
      }
    }
    expect(missing).toEqual([]);
    expect([...byId.keys()].sort()).toEqual(Object.keys(operations).sort());
  });

  it('serves every route from the contract, or hides it from the reference on purpose', () => {
    const undeclared = t.app.registeredRoutes
      .filter((route) => !route.operation && !route.hidden && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });
});
