import {
  clubName,
  type AlertClub,
  type MatchAlert,
  type MatchAlertMode,
  type MatchAlertState,
  type MatchEventKind,
} from '@burti/shared';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { messages } from '../../lib/i18n/messages.js';
import { enqueue, type Jobs } from '../../lib/jobs.js';
import type { PushPayload } from '../../lib/push/payload.js';
import { publishInOrder } from '../../lib/realtime.js';
import type { Viewer } from '../../plugins/auth.js';
import * as q from './match-alerts.queries.js';

/**
 * Match alerts (decision 022). A fan opts in per club (every match of the club) and per match, and may mute a
 * match (the mute wins). Kick-off, goals, red cards and full time alert, whether the live console or a provider
 * sync applied them: both call `queueMatchAlerts` in the transaction of the change. Each alerting event is
 * recorded once under a key (`match_alert_events`) and fanned out by a job ('matchAlerts'), which writes one
 * ledger row per fan (`match_alert_deliveries`, primary key (event, fan)), tells each fan's live stream, and
 * queues the pushes (Web Push, FCM, Telegram) on the push queue in batches. A match's alerts are fanned out in the
 * order they were recorded.
 */

// --- a fan's choices ---------------------------------------------------------------------------------------------

function stateOf(row: q.MatchAlertStateRow): MatchAlertState {
  const mode: MatchAlertMode = row.mode ?? 'default';
  return { mode, clubAlerts: row.club_alerts, alerting: mode === 'on' || (mode === 'default' && row.club_alerts) };
}

export async function getMatchAlerts({ db, viewer, matchId }: { db: Db; viewer: Viewer; matchId: string }) {
  const row = await q.matchAlertState(db, viewer.id, matchId);
  if (!row) throw new AppError('MATCH_NOT_FOUND');
  return stateOf(row);
}

export async function setMatchAlerts({
  db,
  viewer,
  matchId,
  mode,
}: {
  db: Db;
  viewer: Viewer;
  matchId: string;
  mode: MatchAlertMode;
}): Promise<MatchAlertState> {
  return db.transaction(async (tx) => {
    const before = await q.matchAlertState(tx, viewer.id, matchId);
    if (!before) throw new AppError('MATCH_NOT_FOUND');
    if (mode === 'default') await q.clearMatchMode(tx, viewer.id, matchId);
    else await q.setMatchMode(tx, viewer.id, matchId, mode);
    return stateOf({ ...before, mode: mode === 'default' ? null : mode });
  });
}

const toClub = (row: q.AlertClubRow): AlertClub => ({ id: row.id, name: row.name, nameKa: row.name_ka });

export async function listAlertClubs({ db, viewer }: { db: Db; viewer: Viewer }): Promise<AlertClub[]> {
  return (await q.alertClubs(db, viewer.id)).map(toClub);
}

export async function addAlertClub({ db, viewer, clubId }: { db: Db; viewer: Viewer; clubId: number }) {
  if (!(await q.clubExists(db, clubId))) throw new AppError('CLUB_NOT_FOUND');
  await q.addAlertClub(db, viewer.id, clubId);
  return listAlertClubs({ db, viewer });
}

export async function removeAlertClub({ db, viewer, clubId }: { db: Db; viewer: Viewer; clubId: number }) {
  if (!(await q.clubExists(db, clubId))) throw new AppError('CLUB_NOT_FOUND');
  await q.removeAlertClub(db, viewer.id, clubId);
  return listAlertClubs({ db, viewer });
}

// --- which changes alert ---------------------------------------------------------------------------------------------

/** A match event as the console and the sync hold it. */
export type AlertingEvent = {
  id: number | string;
  providerKey?: string | null;
  kind: MatchEventKind;
  side: 'home' | 'away';
  player: string | null;
  minute: number | null;
  addedMinute: number | null;
  cancelledAt: Date | string | null;
};

const GOALS: readonly MatchEventKind[] = ['goal', 'own_goal', 'penalty_goal'];
const REDS: readonly MatchEventKind[] = ['red', 'second_yellow'];
const BEFORE_KICK_OFF = ['scheduled', 'postponed'];
const ON = ['live', 'half_time'];

/**
 * An event's key: its provider key when a provider gave it (a provider that withdraws an event and lists it again
 * lists it under the same key), else its row. A goal cancelled by VAR and restored keeps its row and its key, so
 * it does not alert twice; an administrator's undo followed by a new goal is a new row and alerts again.
 */
const eventKey = (fixtureId: string, event: AlertingEvent) =>
  event.providerKey ? `${fixtureId}:provider:${event.providerKey}` : `${fixtureId}:event:${event.id}`;

/**
 * Records the alerts a change of a fixture makes and queues their fan-out, inside the change's transaction (a
 * rolled-back change alerts nobody). `from` is the fixture's status before the change (null: first seen), `events`
 * the match events the change added. Kick-off is a move from scheduled or postponed to live; full time a move from
 * live or half-time to finished; goals (own and penalty goals too) and red cards (a second yellow too) alert while
 * the match is on (or ended minutes ago: a provider may list the last goal after the whistle), so a finished match's
 * events synced or corrected later alert nobody. A key recorded already (a repeat, a sync applied again) queues
 * nothing.
 */
export async function queueMatchAlerts(
  tx: Executor,
  change: { fixtureId: string; from: string | null; events?: AlertingEvent[] },
): Promise<void> {
  const fixture = await q.alertFixture(tx, change.fixtureId);
  if (!fixture) return;
  const { fixtureId } = change;
  const base = {
    fixtureId,
    eventKind: null,
    side: null,
    player: null,
    minute: fixture.minute,
    addedMinute: fixture.added_minute,
    scoreHome: fixture.score_home,
    scoreAway: fixture.score_away,
  };
  const alerts: q.AlertEventValues[] = [];
  if (change.from !== null && BEFORE_KICK_OFF.includes(change.from) && fixture.status === 'live') {
    alerts.push({ ...base, key: `${fixtureId}:kick_off`, kind: 'kick_off' });
  }
  if (ON.includes(fixture.status) || fixture.just_finished) {
    for (const event of change.events ?? []) {
      if (event.cancelledAt !== null) continue;
      const goal = GOALS.includes(event.kind);
      if (!goal && !REDS.includes(event.kind)) continue;
      alerts.push({
        ...base,
        key: eventKey(fixtureId, event),
        kind: goal ? 'goal' : 'red_card',
        eventKind: event.kind,
        // A goal names the side it counts for (an own goal the other), a card the player's side.
        side: event.kind === 'own_goal' ? (event.side === 'home' ? 'away' : 'home') : event.side,
        player: event.player,
        minute: event.minute,
        addedMinute: event.addedMinute,
      });
    }
  }
  if (change.from !== null && ON.includes(change.from) && fixture.status === 'finished') {
    alerts.push({ ...base, key: `${fixtureId}:full_time`, kind: 'full_time', minute: null, addedMinute: null });
  }
  for (const alert of alerts) {
    if (await q.insertAlertEvent(tx, alert)) await enqueue(tx, 'matchAlerts', { key: alert.key });
  }
}

// --- the words ---------------------------------------------------------------------------------------------------------

const minuteText = (minute: number | null, added: number | null) =>
  minute === null ? '' : added ? `${minute}+${added}'` : `${minute}'`;

/** The alert in the fan's language; for a fan in spoiler mode without score, scorer and side. */
export function alertText(event: q.AlertEventRow, language: string, spoiler: boolean): MatchAlert {
  const words = messages(language).matchAlert;
  const home = clubName({ name: event.home_name, nameKa: event.home_name_ka }, language);
  const away = clubName({ name: event.away_name, nameKa: event.away_name_ka }, language);
  const match = `${home} – ${away}`;
  const base = { matchId: event.fixture_id, kind: event.kind, spoiler };
  if (spoiler) return { ...base, title: match, body: words.spoiler[event.kind](match) };
  const scored = event.score_home !== null && event.score_away !== null;
  const title =
    event.kind === 'kick_off' || !scored ? match : `${home} ${event.score_home}–${event.score_away} ${away}`;
  const team = event.side === 'away' ? away : home;
  const who = [event.player, minuteText(event.minute, event.added_minute)].filter(Boolean).join(' ');
  const withWho = (text: string) => (!who ? text : text.endsWith('!') ? `${text} ${who}` : `${text}, ${who}`);
  switch (event.kind) {
    case 'kick_off':
      return { ...base, title, body: words.kickOff };
    case 'full_time':
      return { ...base, title, body: words.fullTime };
    case 'goal': {
      const text =
        event.event_kind === 'own_goal'
          ? words.ownGoal(team)
          : event.event_kind === 'penalty_goal'
            ? words.penaltyGoal(team)
            : words.goal(team);
      return { ...base, title, body: withWho(text) };
    }
    case 'red_card':
      return {
        ...base,
        title,
        body: withWho(event.event_kind === 'second_yellow' ? words.secondYellow(team) : words.redCard(team)),
      };
  }
}

// --- the fan-out -----------------------------------------------------------------------------------------------------

/** Fans per job of the push queue: one job delivers the alert to this many fans' devices and chats. */
export const PUSH_BATCH = 100;

/** A job of the 'matchAlerts' queue: one alerting event to fan out (with any of its match's left before it). */
export type MatchAlertJob = { key: string };

/**
 * Fans out the job's event and every other event of its match not fanned out yet, oldest first, in one
 * transaction. Each alert is a job of its own and jobs run side by side, so the job of a goal recorded a second
 * after kick-off may run first: it then sends kick-off before the goal, and kick-off's job, waiting on the same
 * rows' locks, finds nothing left to send. The live-stream events are sent inside the transaction (in commit order,
 * `publishInOrder`), so fan-outs that follow one another reach each fan's stream in that order too.
 * Run again (a retried job), it finds every event sent and every fan alerted, and does nothing.
 * Returns how many alerts it sent (fans × events).
 */
export async function fanOutMatchAlert(db: Db, job: MatchAlertJob): Promise<number> {
  return db.transaction(async (tx) => {
    const fixtureId = await q.alertEventFixture(tx, job.key);
    if (!fixtureId) return 0; // the fixture is gone
    const pending = await q.lockPendingAlertEvents(tx, fixtureId);
    let sent = 0;
    for (const event of pending) sent += await fanOutEvent(tx, event);
    await q.markFannedOut(
      tx,
      pending.map((event) => event.key),
    );
    return sent;
  });
}

/**
 * One event to its fans: the ledger rows of every fan who wants it and has not had it (one insert … select … on
 * conflict do nothing), an event on each one's live stream, and the push jobs, a job per PUSH_BATCH fans.
 */
async function fanOutEvent(tx: Executor, event: q.AlertEventRow): Promise<number> {
  const clubIds = [event.home_club_id, event.away_club_id].filter((id): id is number => id !== null);
  const alerted = await q.insertDeliveries(tx, { key: event.key, fixtureId: event.fixture_id, clubIds });
  for (const fan of alerted) {
    await publishInOrder(tx, fan.user_id, {
      kind: 'match_alert',
      alert: alertText(event, fan.language, fan.spoiler),
    });
  }
  for (let i = 0; i < alerted.length; i += PUSH_BATCH) {
    const userIds = alerted.slice(i, i + PUSH_BATCH).map((fan) => fan.user_id);
    await enqueue(tx, 'push', { matchAlert: event.key, userIds });
  }
  return alerted.length;
}

/** What the push queue sends one fan for an alert: the payload in their words, and where it may go. */
export type AlertPush = {
  recipient: { id: string; language: string; telegramId: number | null; telegramMessages: boolean };
  payload: PushPayload;
};

/**
 * The pushes of an alert for some of its fans (those alerted, still not blocked); none when the event is gone. Built
 * when the push is sent, so a fan who took a spoiler hold since the fan-out gets the words without the score.
 */
export async function alertPushes(db: Db, key: string, userIds: string[]): Promise<AlertPush[]> {
  const event = await q.findAlertEvent(db, key);
  if (!event) return [];
  const rows = await q.alertRecipients(db, key, userIds);
  return rows.map((row) => {
    const alert = alertText(event, row.language, row.spoiler);
    return {
      recipient: {
        id: row.user_id,
        language: row.language,
        telegramId: row.telegram_id === null ? null : Number(row.telegram_id),
        telegramMessages: row.telegram_messages,
      },
      payload: {
        type: 'match_alert',
        post_id: null,
        user_id: null,
        user_nickname: null,
        match_id: alert.matchId,
        title: alert.title,
        body: alert.body,
      },
    };
  });
}

/** Runs the 'matchAlerts' queue's worker in this process (nothing happens when jobs are off). */
export async function startMatchAlertWorker({ db, jobs }: { db: Db; jobs: Jobs }): Promise<void> {
  if (!jobs.enabled) return;
  await jobs.work<MatchAlertJob>('matchAlerts', async (job) => {
    await fanOutMatchAlert(db, job);
  });
}
