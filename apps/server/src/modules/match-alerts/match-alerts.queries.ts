import { MATCH_SPOILER_HOURS, type MatchAlertKind } from '@burti/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

// --- a fan's choices ---------------------------------------------------------------------------------------------

export type MatchAlertStateRow = { mode: 'on' | 'muted' | null; club_alerts: boolean };

/** The fan's choice for a match and whether one of its clubs is on their alert clubs; null for no such match. */
export async function matchAlertState(
  db: Executor,
  userId: string,
  matchId: string,
): Promise<MatchAlertStateRow | null> {
  const [row] = await queryRows<MatchAlertStateRow>(
    db,
    sql`select
        (select s.mode from match_alert_settings s where s.user_id = ${userId} and s.fixture_id = f.id) as mode,
        exists (select 1 from match_alert_clubs c
          where c.user_id = ${userId}
            and c.club_id in (select t.club_id from teams t where t.id in (f.home_team_id, f.away_team_id))) as club_alerts
      from fixtures f where f.id = ${matchId}::uuid`,
  );
  return row ?? null;
}

export async function setMatchMode(db: Executor, userId: string, matchId: string, mode: 'on' | 'muted'): Promise<void> {
  await queryRows(
    db,
    sql`insert into match_alert_settings (user_id, fixture_id, mode) values (${userId}, ${matchId}::uuid, ${mode})
      on conflict (user_id, fixture_id) do update set mode = excluded.mode`,
  );
}

export async function clearMatchMode(db: Executor, userId: string, matchId: string): Promise<void> {
  await queryRows(
    db,
    sql`delete from match_alert_settings where user_id = ${userId} and fixture_id = ${matchId}::uuid`,
  );
}

export type AlertClubRow = { id: number; name: string; name_ka: string };

export async function alertClubs(db: Executor, userId: string): Promise<AlertClubRow[]> {
  return queryRows<AlertClubRow>(
    db,
    sql`select c.id, c.name, c.name_ka from match_alert_clubs a join clubs c on c.id = a.club_id
      where a.user_id = ${userId} order by a.created_at, c.id`,
  );
}

export async function clubExists(db: Executor, clubId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from clubs where id = ${clubId}`);
  return rows.length > 0;
}

export async function addAlertClub(db: Executor, userId: string, clubId: number): Promise<void> {
  await queryRows(
    db,
    sql`insert into match_alert_clubs (user_id, club_id) values (${userId}, ${clubId}) on conflict do nothing`,
  );
}

export async function removeAlertClub(db: Executor, userId: string, clubId: number): Promise<void> {
  await queryRows(db, sql`delete from match_alert_clubs where user_id = ${userId} and club_id = ${clubId}`);
}

// --- events and deliveries -----------------------------------------------------------------------------------------

export type AlertFixtureRow = {
  status: string;
  score_home: number | null;
  score_away: number | null;
  minute: number | null;
  added_minute: number | null;
  /** Full time less than EVENTS_AFTER_FULL_TIME_MINUTES ago: events still alert (a provider's last goal may be
   * seen after the whistle). */
  just_finished: boolean;
};

export const EVENTS_AFTER_FULL_TIME_MINUTES = 15;

export async function alertFixture(db: Executor, fixtureId: string): Promise<AlertFixtureRow | null> {
  const [row] = await queryRows<AlertFixtureRow>(
    db,
    sql`select status, score_home, score_away, minute, added_minute,
        status = 'finished' and finished_at > now() - make_interval(mins => ${EVENTS_AFTER_FULL_TIME_MINUTES})
          as just_finished
      from fixtures where id = ${fixtureId}::uuid`,
  );
  return row ?? null;
}

export type AlertEventValues = {
  key: string;
  fixtureId: string;
  kind: MatchAlertKind;
  eventKind: string | null;
  side: 'home' | 'away' | null;
  player: string | null;
  minute: number | null;
  addedMinute: number | null;
  scoreHome: number | null;
  scoreAway: number | null;
};

/** Records an alerting event; false when its key is recorded already (a repeat: nobody is alerted again). */
export async function insertAlertEvent(db: Executor, v: AlertEventValues): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into match_alert_events
        (key, fixture_id, kind, event_kind, side, player, minute, added_minute, score_home, score_away)
      values (${v.key}, ${v.fixtureId}::uuid, ${v.kind}, ${v.eventKind}, ${v.side}, ${v.player}, ${v.minute},
        ${v.addedMinute}, ${v.scoreHome}, ${v.scoreAway})
      on conflict (key) do nothing returning key`,
  );
  return rows.length > 0;
}

/** An alerting event with what its words need: the teams' names (Georgian too) and the clubs behind them. */
export type AlertEventRow = {
  key: string;
  fixture_id: string;
  kind: MatchAlertKind;
  event_kind: string | null;
  side: 'home' | 'away' | null;
  player: string | null;
  minute: number | null;
  added_minute: number | null;
  score_home: number | null;
  score_away: number | null;
  home_name: string;
  home_name_ka: string | null;
  away_name: string;
  away_name_ka: string | null;
  home_club_id: number | null;
  away_club_id: number | null;
};

const alertEventColumns = sql`e.key, e.fixture_id, e.kind, e.event_kind, e.side, e.player, e.minute, e.added_minute,
    e.score_home, e.score_away,
    h.name as home_name, coalesce(h.name_ka, hc.name_ka) as home_name_ka, h.club_id as home_club_id,
    a.name as away_name, coalesce(a.name_ka, ac.name_ka) as away_name_ka, a.club_id as away_club_id`;

const alertEventJoins = sql`join fixtures f on f.id = e.fixture_id
    join teams h on h.id = f.home_team_id
    join teams a on a.id = f.away_team_id
    left join clubs hc on hc.id = h.club_id
    left join clubs ac on ac.id = a.club_id`;

export async function findAlertEvent(db: Executor, key: string): Promise<AlertEventRow | null> {
  const [row] = await queryRows<AlertEventRow>(
    db,
    sql`select ${alertEventColumns} from match_alert_events e ${alertEventJoins} where e.key = ${key}`,
  );
  return row ?? null;
}

/** The match an alerting event belongs to; null when the event (or its fixture) is gone. */
export async function alertEventFixture(db: Executor, key: string): Promise<string | null> {
  const [row] = await queryRows<{ fixture_id: string }>(
    db,
    sql`select fixture_id from match_alert_events where key = ${key}`,
  );
  return row?.fixture_id ?? null;
}

/**
 * The match's events not fanned out yet, oldest first, locked until the caller's transaction ends. Every fan-out
 * of a match locks them in this order, so one running beside another waits for it and then finds its events sent
 * (the lock's re-check drops a row whose `fanned_out_at` was set meanwhile).
 */
export async function lockPendingAlertEvents(db: Executor, fixtureId: string): Promise<AlertEventRow[]> {
  return queryRows<AlertEventRow>(
    db,
    sql`select ${alertEventColumns} from match_alert_events e ${alertEventJoins}
      where e.fixture_id = ${fixtureId}::uuid and e.fanned_out_at is null
      order by e.seq
      for update of e`,
  );
}

export async function markFannedOut(db: Executor, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await queryRows(
    db,
    sql`update match_alert_events set fanned_out_at = now() where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

export type DeliveryRow = { user_id: string; spoiler: boolean; language: string };

/**
 * The event's ledger rows, in one statement: every fan who wants alerts for the match (one of its clubs on their
 * alert clubs, or the match set `on`), not muting it, not blocked by an administrator, and not alerted of this
 * event yet (the primary key (event_key, user_id): a retried job or a repeated event inserts nothing). A fan
 * holding the match in spoiler mode is marked, so their alert names no score. Returns the fans alerted now.
 */
export async function insertDeliveries(
  db: Executor,
  event: { key: string; fixtureId: string; clubIds: number[] },
): Promise<DeliveryRow[]> {
  const clubs = event.clubIds.length
    ? sql`select c.user_id from match_alert_clubs c where c.club_id in (${sql.join(
        event.clubIds.map((id) => sql`${id}`),
        sql`, `,
      )}) union `
    : sql``;
  return queryRows<DeliveryRow>(
    db,
    sql`with wanted as (
        ${clubs}select s.user_id from match_alert_settings s where s.fixture_id = ${event.fixtureId}::uuid and s.mode = 'on'
      ), inserted as (
        insert into match_alert_deliveries (event_key, user_id, spoiler)
        select ${event.key}, p.id, exists (select 1 from match_spoiler_holds sh
            where sh.user_id = p.id and sh.fixture_id = ${event.fixtureId}::uuid
              and sh.created_at > now() - make_interval(hours => ${MATCH_SPOILER_HOURS}))
        from wanted w join profiles p on p.id = w.user_id
        where not p.is_blocked
          and not exists (select 1 from match_alert_settings m
            where m.user_id = p.id and m.fixture_id = ${event.fixtureId}::uuid and m.mode = 'muted')
        on conflict (event_key, user_id) do nothing
        returning user_id, spoiler
      )
      select i.user_id, i.spoiler, p.language from inserted i join profiles p on p.id = i.user_id`,
  );
}

/**
 * The delivery rows of one event for some fans, with where their pushes go (for the push queue). `spoiler` is read
 * again at delivery: a fan who took a hold after the fan-out (a push waits in its queue, a retry waits longer) gets
 * words without the score too.
 */
export type AlertRecipientRow = {
  user_id: string;
  spoiler: boolean;
  language: string;
  telegram_id: string | number | null;
  telegram_messages: boolean;
};

export async function alertRecipients(db: Executor, key: string, userIds: string[]): Promise<AlertRecipientRow[]> {
  if (!userIds.length) return [];
  return queryRows<AlertRecipientRow>(
    db,
    sql`select d.user_id, p.language, p.telegram_id, p.telegram_messages,
        d.spoiler or exists (select 1 from match_spoiler_holds sh
          where sh.user_id = d.user_id and sh.fixture_id = e.fixture_id
            and sh.created_at > now() - make_interval(hours => ${MATCH_SPOILER_HOURS})) as spoiler
      from match_alert_deliveries d
      join match_alert_events e on e.key = d.event_key
      join profiles p on p.id = d.user_id
      where d.event_key = ${key} and not p.is_blocked
        and d.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}
