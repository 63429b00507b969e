import type { AddressInfo } from 'node:net';
import type { MatchAlert, MatchAlertState, MatchDetail, Team } from '@burti/shared';
import { eq, sql } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';
import { clubs, profiles } from '../../db/schema/index.js';
import { createSubscriber, fetchTransport, startRecordingServer } from '../../lib/push/testing.js';
import { enqueue } from '../../lib/jobs.js';
import { fanOutMatchAlert, queueMatchAlerts } from './match-alerts.service.js';

type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

const BOT_TOKEN = '4242:alerts-test';
const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:alerts@burti.test' };

let t: TestApp;
let provider: Awaited<ReturnType<typeof startRecordingServer>>;
let admin: Fan;
let teams: Map<string, Team>;
let league: { id: number; seasonId: number };
let port: number;

beforeAll(async () => {
  // One local stand-in for the push service and the Telegram Bot API.
  provider = await startRecordingServer((request) =>
    request.path.startsWith('/bot')
      ? { status: 200, json: { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } } }
      : { status: 201 },
  );
  t = await createTestApp({
    jobs: true,
    jobPollingSeconds: 0.5,
    push: {
      webPush: { ...vapid, transport: fetchTransport },
      allowLocalWebPushEndpoints: true,
      telegram: { botToken: BOT_TOKEN, apiRoot: provider.url },
    },
  });
  [admin] = (await t.createFans(1)) as [Fan];
  await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.userId));
  teams = new Map((await admin.get('/api/admin/teams')).json<{ teams: Team[] }>().teams.map((x) => [x.name, x]));
  const erovnuli = (await admin.get('/api/competitions'))
    .json<{ competitions: { id: number; name: string; seasons: { id: number; label: string }[] }[] }>()
    .competitions.find((c) => c.name === 'Erovnuli Liga')!;
  league = { id: erovnuli.id, seasonId: erovnuli.seasons.find((s) => s.label === '2026')!.id };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

async function clubId(name: string): Promise<number> {
  const [row] = await t.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.name, name));
  return row!.id;
}

async function createMatch(home = 'Dinamo Tbilisi', away = 'Torpedo Kutaisi'): Promise<string> {
  const response = await admin.post('/api/admin/matches', {
    competitionId: league.id,
    seasonId: league.seasonId,
    homeTeamId: teams.get(home)!.id,
    awayTeamId: teams.get(away)!.id,
    kickoffAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ match: MatchDetail }>().match.id;
}

async function press(matchId: string, path: 'phase' | 'events', body: object, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/matches/${matchId}/${path}`,
    payload: body,
    headers: { ...admin.headers, ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ match: MatchDetail }>().match;
}

/** A fan with a browser subscribed to pushes at the fake push service. */
async function withBrowser(fan: Fan) {
  const browser = createSubscriber(`${provider.url}/push/${fan.userId}`);
  expect((await fan.put('/api/push/web-subscription', browser.subscription)).statusCode).toBe(204);
  return browser;
}

const pushesTo = (fan: Fan, browser: ReturnType<typeof createSubscriber>) =>
  provider.requests
    .filter((request) => request.path === `/push/${fan.userId}`)
    .map((request) => browser.decrypt(request.body) as { type: string; match_id: string; title: string; body: string });

const telegramTo = (chatId: number) =>
  provider.requests
    .filter((request) => request.path === `/bot${BOT_TOKEN}/sendMessage`)
    .map((request) => JSON.parse(request.body.toString()) as { chat_id: number; text: string })
    .filter((message) => message.chat_id === chatId)
    .map((message) => message.text);

const ledger = (userId: string) =>
  queryRows<{ event_key: string; spoiler: boolean }>(
    t.db,
    sql`select event_key, spoiler from match_alert_deliveries where user_id = ${userId} order by created_at`,
  );

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The fan's notifications stream, collecting its match alerts. */
async function alertStream(fan: Fan) {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
    headers: fan.headers,
    signal: controller.signal,
  });
  const alerts: MatchAlert[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          const event = data ? (JSON.parse(data.slice(6)) as { kind: string; alert?: MatchAlert }) : null;
          if (event?.kind === 'match_alert') alerts.push(event.alert!);
        }
      }
    } catch {
      // aborted
    }
  })();
  return { alerts, close: () => controller.abort() };
}

describe('a fan’s alert choices', () => {
  it('sets a match on, muted or back to the clubs’ choice, with stable errors', async () => {
    const matchId = await createMatch();
    const [fan] = (await t.createFans(1)) as [Fan];
    const state = async () => (await fan.get(`/api/matches/${matchId}/alerts`)).json<{ alerts: MatchAlertState }>();
    expect(await state()).toEqual({ alerts: { mode: 'default', clubAlerts: false, alerting: false } });

    const on = await fan.put(`/api/matches/${matchId}/alerts`, { mode: 'on' });
    expect(on.json()).toEqual({ alerts: { mode: 'on', clubAlerts: false, alerting: true } });
    expect((await fan.put(`/api/matches/${matchId}/alerts`, { mode: 'on' })).json()).toEqual(on.json());

    expect((await fan.put(`/api/match-alerts/clubs/${await clubId('Torpedo Kutaisi')}`)).statusCode).toBe(200);
    const muted = await fan.put(`/api/matches/${matchId}/alerts`, { mode: 'muted' });
    expect(muted.json()).toEqual({ alerts: { mode: 'muted', clubAlerts: true, alerting: false } });
    const back = await fan.put(`/api/matches/${matchId}/alerts`, { mode: 'default' });
    expect(back.json()).toEqual({ alerts: { mode: 'default', clubAlerts: true, alerting: true } });

    const unknown = await fan.put(`/api/matches/${crypto.randomUUID()}/alerts`, { mode: 'on' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('MATCH_NOT_FOUND');
    expect((await fan.get(`/api/matches/${crypto.randomUUID()}/alerts`)).statusCode).toBe(404);
    for (const bad of [{ mode: 'loud' }, {}, { mode: 'on', extra: 1 }]) {
      const refused = await fan.put(`/api/matches/${matchId}/alerts`, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}/alerts` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists, adds and removes alert clubs (any club, twice changes nothing)', async () => {
    const [fan] = (await t.createFans(1)) as [Fan];
    const dinamo = await clubId('Dinamo Tbilisi');
    const torpedo = await clubId('Torpedo Kutaisi');
    expect((await fan.get('/api/match-alerts/clubs')).json()).toEqual({ clubs: [] });
    await fan.put(`/api/match-alerts/clubs/${dinamo}`);
    await fan.put(`/api/match-alerts/clubs/${dinamo}`);
    const both = (await fan.put(`/api/match-alerts/clubs/${torpedo}`)).json<{ clubs: { id: number }[] }>();
    expect(both.clubs.map((c) => c.id)).toEqual([dinamo, torpedo]);
    expect((await fan.get('/api/match-alerts/clubs')).json().clubs[0]).toMatchObject({
      id: dinamo,
      name: 'Dinamo Tbilisi',
      nameKa: 'დინამო თბილისი',
    });
    const left = (await fan.delete(`/api/match-alerts/clubs/${dinamo}`)).json<{ clubs: { id: number }[] }>();
    expect(left.clubs.map((c) => c.id)).toEqual([torpedo]);
    expect((await fan.delete(`/api/match-alerts/clubs/${dinamo}`)).statusCode).toBe(200);

    const missing = await fan.put('/api/match-alerts/clubs/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('CLUB_NOT_FOUND');
    expect((await fan.put('/api/match-alerts/clubs/zero')).statusCode).toBe(400);
  });
});

describe('alerts of a match', () => {
  it('alerts club and match subscribers of kick-off, goals, a red card and full time, once each, in their language', async () => {
    const matchId = await createMatch();
    const dinamo = await clubId('Dinamo Tbilisi');
    const [english, georgian, holder, muter, matchOnly, blocked, nobody] = await t.createFans(7);
    for (const fan of [english!, georgian!, holder!, muter!, blocked!]) {
      expect((await fan.put(`/api/match-alerts/clubs/${dinamo}`)).statusCode).toBe(200);
    }
    await matchOnly!.put(`/api/matches/${matchId}/alerts`, { mode: 'on' });
    await muter!.put(`/api/matches/${matchId}/alerts`, { mode: 'muted' });
    await holder!.put(`/api/matches/${matchId}/spoiler`);
    await t.db.update(profiles).set({ language: 'ka', telegramId: 70001 }).where(eq(profiles.id, georgian!.userId));
    await t.db.update(profiles).set({ language: 'ka', telegramId: 70002 }).where(eq(profiles.id, holder!.userId));
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, blocked!.userId));
    const browsers = new Map<Fan, ReturnType<typeof createSubscriber>>();
    for (const fan of [english!, holder!, muter!, matchOnly!, blocked!, nobody!])
      browsers.set(fan, await withBrowser(fan));
    const stream = await alertStream(english!);

    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await press(matchId, 'phase', { phase: 'start' });
      const goal = { kind: 'goal', side: 'home', minute: 23, player: 'Kvaratskhelia' };
      const key = { 'idempotency-key': `goal-${matchId}` };
      await press(matchId, 'events', goal, key);
      // The same press retried with its key is the same goal: nobody is alerted twice.
      await press(matchId, 'events', goal, key);
      await press(matchId, 'events', {
        kind: 'second_yellow',
        side: 'away',
        minute: 60,
        addedMinute: null,
        player: 'Lobjanidze',
      });
      // A yellow card, a substitution and half-time alert nobody.
      await press(matchId, 'events', { kind: 'yellow', side: 'away', minute: 30 });
      await press(matchId, 'phase', { phase: 'half_time' });
      await press(matchId, 'phase', { phase: 'second_half' });
      await press(matchId, 'events', { kind: 'own_goal', side: 'away', minute: 88, player: 'Gvilia' });
      await press(matchId, 'phase', { phase: 'full_time' });

      await waitUntil(() => pushesTo(english!, browsers.get(english!)!).length >= 5);
      await waitUntil(() => telegramTo(70001).length >= 5 && telegramTo(70002).length >= 5);
      await waitUntil(() => pushesTo(matchOnly!, browsers.get(matchOnly!)!).length >= 5);
      await waitUntil(() => stream.alerts.length >= 5);
      await new Promise((resolve) => setTimeout(resolve, 1500));

      // Each alert is a job of its own: they may arrive in any order.
      expect(pushesTo(english!, browsers.get(english!)!)).toHaveLength(5);
      expect(pushesTo(english!, browsers.get(english!)!)).toEqual(
        expect.arrayContaining([
          {
            type: 'match_alert',
            post_id: null,
            user_id: null,
            user_nickname: null,
            match_id: matchId,
            title: 'Dinamo Tbilisi – Torpedo Kutaisi',
            body: 'Kick-off!',
          },
          expect.objectContaining({
            title: 'Dinamo Tbilisi 1–0 Torpedo Kutaisi',
            body: "Goal for Dinamo Tbilisi! Kvaratskhelia 23'",
          }),
          expect.objectContaining({
            title: 'Dinamo Tbilisi 1–0 Torpedo Kutaisi',
            body: "Second yellow, red card for Torpedo Kutaisi, Lobjanidze 60'",
          }),
          expect.objectContaining({
            title: 'Dinamo Tbilisi 2–0 Torpedo Kutaisi',
            body: "Own goal, a goal for Dinamo Tbilisi, Gvilia 88'",
          }),
          expect.objectContaining({ title: 'Dinamo Tbilisi 2–0 Torpedo Kutaisi', body: 'Full time' }),
        ]),
      );
      expect(stream.alerts.map((a) => [a.kind, a.body]).sort()).toEqual(
        [
          ['kick_off', 'Kick-off!'],
          ['goal', "Goal for Dinamo Tbilisi! Kvaratskhelia 23'"],
          ['red_card', "Second yellow, red card for Torpedo Kutaisi, Lobjanidze 60'"],
          ['goal', "Own goal, a goal for Dinamo Tbilisi, Gvilia 88'"],
          ['full_time', 'Full time'],
        ].sort(),
      );
      // Georgian, with the Georgian team names, on Telegram.
      expect(telegramTo(70001).sort()).toEqual(
        [
          'მატჩი დაიწყო!',
          "გოლი! დინამო თბილისი, Kvaratskhelia 23'",
          "მეორე ყვითელი, წითელი ბარათი: ტორპედო ქუთაისი, Lobjanidze 60'",
          "ავტოგოლი! გოლი ჩაეთვალა: დინამო თბილისი, Gvilia 88'",
          'მატჩი დასრულდა',
        ].sort(),
      );
      // Spoiler mode: no score, no scorer, no side, on every channel.
      const held = [
        ...telegramTo(70002),
        ...pushesTo(holder!, browsers.get(holder!)!).flatMap((p) => [p.title, p.body]),
      ];
      expect(telegramTo(70002).sort()).toEqual(
        [
          'მატჩი დაიწყო: დინამო თბილისი – ტორპედო ქუთაისი',
          'გოლი მატჩში დინამო თბილისი – ტორპედო ქუთაისი',
          'წითელი ბარათი მატჩში დინამო თბილისი – ტორპედო ქუთაისი',
          'გოლი მატჩში დინამო თბილისი – ტორპედო ქუთაისი',
          'მატჩი დასრულდა: დინამო თბილისი – ტორპედო ქუთაისი',
        ].sort(),
      );
      for (const text of held) expect(text).not.toMatch(/\d|Kvaratskhelia|Gvilia|Lobjanidze/);
      expect((await ledger(holder!.userId)).every((row) => row.spoiler)).toBe(true);
      // A match set on alerts without a club; a muted match, an administrator's block and no choice alert nobody.
      expect(pushesTo(matchOnly!, browsers.get(matchOnly!)!)).toHaveLength(5);
      for (const fan of [muter!, blocked!, nobody!]) {
        expect(pushesTo(fan, browsers.get(fan)!)).toEqual([]);
        expect(await ledger(fan.userId)).toEqual([]);
      }
      expect(await ledger(english!.userId)).toHaveLength(5);
    } finally {
      stream.close();
    }
  });

  it('alerts each fan once per event when a provider repeats it or a sync applies it again', async () => {
    const matchId = await createMatch('Dinamo Batumi', 'Iberia 1999');
    const [fan] = (await t.createFans(1)) as [Fan];
    await fan.put(`/api/match-alerts/clubs/${await clubId('Dinamo Batumi')}`);
    await press(matchId, 'phase', { phase: 'start' });
    await waitUntil(async () => (await ledger(fan.userId)).length === 1);

    // The same provider goal written twice (a repeated answer, a re-applied sync), and its job run twice more.
    const event = {
      id: 1,
      providerKey: 'fd:goal:1',
      kind: 'goal' as const,
      side: 'home' as const,
      player: 'Mamuchashvili',
      minute: 12,
      addedMinute: null,
      cancelledAt: null,
    };
    for (let i = 0; i < 2; i++) {
      await t.db.transaction((tx) => queueMatchAlerts(tx, { fixtureId: matchId, from: 'live', events: [event] }));
    }
    const key = `${matchId}:provider:fd:goal:1`;
    await waitUntil(async () => (await ledger(fan.userId)).length === 2);
    expect(await fanOutMatchAlert(t.db, { key })).toBe(0);
    expect(await fanOutMatchAlert(t.db, { key })).toBe(0);
    // Cancelled by VAR and listed again: the same key, no second alert.
    await t.db.transaction((tx) =>
      queueMatchAlerts(tx, { fixtureId: matchId, from: 'live', events: [{ ...event, id: 2 }] }),
    );
    const jobs = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pgboss.job where name = 'matchAlerts' and data->>'key' = ${key}`,
    );
    expect(jobs[0]!.n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await ledger(fan.userId)).map((row) => row.event_key)).toEqual([`${matchId}:kick_off`, key]);
  });

  it('stops alerting a fan who turns the club off', async () => {
    const matchId = await createMatch('Dila Gori', 'Samgurali Tskaltubo');
    const [fan] = (await t.createFans(1)) as [Fan];
    const dila = await clubId('Dila Gori');
    await fan.put(`/api/match-alerts/clubs/${dila}`);
    await press(matchId, 'phase', { phase: 'start' });
    await waitUntil(async () => (await ledger(fan.userId)).length === 1);
    expect((await fan.delete(`/api/match-alerts/clubs/${dila}`)).json()).toEqual({ clubs: [] });
    await press(matchId, 'events', { kind: 'goal', side: 'home', minute: 5 });
    await press(matchId, 'events', { kind: 'red', side: 'away', minute: 7 });
    await press(matchId, 'phase', { phase: 'full_time' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await ledger(fan.userId)).toHaveLength(1);
    const events = await queryRows<{ kind: string }>(
      t.db,
      sql`select kind from match_alert_events where fixture_id = ${matchId}::uuid order by created_at`,
    );
    expect(events.map((e) => e.kind)).toEqual(['kick_off', 'goal', 'red_card', 'full_time']);
  });
});

describe('alerts in order, and spoiler-safe when they are sent', () => {
  /**
   * Kick-off and a goal recorded back to back. Their fan-out jobs are put off for an hour, so the test runs the
   * fan-outs itself, in the order it chooses.
   */
  async function kickOffThenGoal(matchId: string, providerKey: string) {
    await t.db.transaction(async (tx) => {
      await queryRows(tx, sql`update fixtures set status = 'live', minute = 1 where id = ${matchId}::uuid`);
      await queueMatchAlerts(tx, { fixtureId: matchId, from: 'scheduled' });
      await queryRows(tx, sql`update fixtures set score_home = 1, score_away = 0 where id = ${matchId}::uuid`);
      await queueMatchAlerts(tx, {
        fixtureId: matchId,
        from: 'live',
        events: [
          {
            id: 1,
            providerKey,
            kind: 'goal',
            side: 'home',
            player: 'Zivzivadze',
            minute: 2,
            addedMinute: null,
            cancelledAt: null,
          },
        ],
      });
      await queryRows(
        tx,
        sql`update pgboss.job set start_after = now() + interval '1 hour'
          where name = 'matchAlerts' and data->>'key' like ${`${matchId}:%`}`,
      );
    });
    return { kickOff: `${matchId}:kick_off`, goal: `${matchId}:provider:${providerKey}` };
  }

  it('sends kick-off before the goal recorded a second later, even when the goal’s job runs first', async () => {
    const matchId = await createMatch('Gagra', 'Kolkheti Poti');
    const [fan] = (await t.createFans(1)) as [Fan];
    await fan.put(`/api/match-alerts/clubs/${await clubId('Gagra')}`);
    const stream = await alertStream(fan);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const keys = await kickOffThenGoal(matchId, 'order:1');
      // The goal's job first: it sends kick-off, then the goal; kick-off's job then finds both sent.
      expect(await fanOutMatchAlert(t.db, { key: keys.goal })).toBe(2);
      expect(await fanOutMatchAlert(t.db, { key: keys.kickOff })).toBe(0);
      await waitUntil(() => stream.alerts.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(stream.alerts.map((alert) => [alert.kind, alert.title])).toEqual([
        ['kick_off', 'Gagra – Kolkheti Poti'],
        ['goal', 'Gagra 1–0 Kolkheti Poti'],
      ]);
      expect((await ledger(fan.userId)).map((row) => row.event_key)).toEqual([keys.kickOff, keys.goal]);
    } finally {
      stream.close();
    }
  });

  it('keeps a match’s order when its jobs run side by side', async () => {
    const matchId = await createMatch('Gareji Sagarejo', 'Samgurali Tskaltubo');
    const [fan] = (await t.createFans(1)) as [Fan];
    await fan.put(`/api/matches/${matchId}/alerts`, { mode: 'on' });
    const stream = await alertStream(fan);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const keys = await kickOffThenGoal(matchId, 'order:2');
      const sent = await Promise.all([
        fanOutMatchAlert(t.db, { key: keys.goal }),
        fanOutMatchAlert(t.db, { key: keys.kickOff }),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
      await waitUntil(() => stream.alerts.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(stream.alerts.map((alert) => alert.kind)).toEqual(['kick_off', 'goal']);
    } finally {
      stream.close();
    }
  });

  it('words a push without the score for a fan who took a hold after the fan-out', async () => {
    const matchId = await createMatch('Dinamo Batumi', 'Gagra');
    const [fan] = (await t.createFans(1)) as [Fan];
    await fan.put(`/api/match-alerts/clubs/${await clubId('Dinamo Batumi')}`);
    const keys = await kickOffThenGoal(matchId, 'held:1');
    // Fanned out while the fan held nothing: the ledger says so, and the push jobs wait in their queue.
    await fanOutMatchAlert(t.db, { key: keys.goal });
    expect(await ledger(fan.userId)).toEqual([
      { event_key: keys.kickOff, spoiler: false },
      { event_key: keys.goal, spoiler: false },
    ]);
    // The fan holds the match before the pushes go: a browser subscribes now, and a delivery is sent again (as a
    // retry would be), so whichever job reaches the browser, it was sent after the hold.
    expect((await fan.put(`/api/matches/${matchId}/spoiler`)).statusCode).toBe(200);
    const browser = await withBrowser(fan);
    await enqueue(t.db, 'push', { matchAlert: keys.goal, userIds: [fan.userId] });
    await waitUntil(() => pushesTo(fan, browser).some((push) => push.body.startsWith('Goal')));
    const goal = pushesTo(fan, browser).find((push) => push.body.startsWith('Goal'))!;
    expect(goal).toMatchObject({ title: 'Dinamo Batumi – Gagra', body: 'Goal in Dinamo Batumi – Gagra' });
    for (const text of pushesTo(fan, browser).flatMap((push) => [push.title, push.body])) {
      expect(text).not.toMatch(/\d|Zivzivadze/);
    }
  });
});
