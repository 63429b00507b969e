import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import {
  competitions,
  fixtures,
  lineups,
  matchEvents,
  seasons,
  standings,
  teamProviderIds,
  teams,
} from '../../../db/schema/index.js';
import type { ProviderCompetition, ProviderName, ProviderTeam } from '../providers/provider.js';

/** SQL of the provider sync: the other matchday tables written by provider id (decision 023). */

export type FixtureRow = typeof fixtures.$inferSelect;
export type EventRow = typeof matchEvents.$inferSelect;
export type FixtureValues = Partial<Omit<FixtureRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>>;

/**
 * The competition a provider knows by this id; else the one of the same name (entered by hand, or followed
 * through another provider before), which from now on is this provider's; else a new one.
 */
export async function resolveCompetition(
  db: Executor,
  provider: ProviderName,
  competition: ProviderCompetition,
): Promise<number> {
  const [known] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(and(eq(competitions.provider, provider), eq(competitions.providerId, competition.providerId)));
  if (known) return known.id;
  const [named] = await db
    .update(competitions)
    .set({ provider, providerId: competition.providerId })
    .where(eq(competitions.name, competition.name))
    .returning({ id: competitions.id });
  if (named) return named.id;
  const [created] = await db
    .insert(competitions)
    .values({ name: competition.name, country: '', kind: 'league', provider, providerId: competition.providerId })
    .returning({ id: competitions.id });
  return created!.id;
}

/** A provider's season is labelled by the year it starts in. */
export async function resolveSeason(db: Executor, competitionId: number, year: number): Promise<number> {
  const label = String(year);
  await db.insert(seasons).values({ competitionId, label }).onConflictDoNothing();
  const [row] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.competitionId, competitionId), eq(seasons.label, label)));
  return row!.id;
}

/**
 * The team a provider id is mapped to (team_provider_ids); else the team of the same name, mapped to it from now
 * on; else a new team without a club, for an administrator to map.
 */
export async function resolveTeam(db: Executor, provider: ProviderName, team: ProviderTeam): Promise<number> {
  const [mapped] = await db
    .select({ id: teamProviderIds.teamId })
    .from(teamProviderIds)
    .where(and(eq(teamProviderIds.provider, provider), eq(teamProviderIds.providerId, team.providerId)));
  if (mapped) {
    if (team.crest) {
      await db
        .update(teams)
        .set({ crestUrl: team.crest })
        .where(and(eq(teams.id, mapped.id), isNull(teams.crestUrl)));
    }
    return mapped.id;
  }
  await db
    .insert(teams)
    .values({ name: team.name, shortName: team.shortName ?? team.name, crestUrl: team.crest })
    .onConflictDoNothing();
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, team.name));
  await db
    .insert(teamProviderIds)
    .values({ provider, providerId: team.providerId, teamId: row!.id })
    .onConflictDoNothing();
  return row!.id;
}

export async function lockProviderFixture(
  db: Executor,
  provider: ProviderName,
  providerId: string,
): Promise<FixtureRow | null> {
  const [row] = await db
    .select()
    .from(fixtures)
    .where(and(eq(fixtures.provider, provider), eq(fixtures.providerId, providerId)))
    .for('update');
  return row ?? null;
}

/**
 * A fixture of the same season and teams, within a week of the kick-off, that no provider or another provider
 * keeps: one an administrator entered by hand, or one followed before a provider switch.
 */
export async function lockSameFixture(
  db: Executor,
  provider: ProviderName,
  args: { seasonId: number; homeTeamId: number; awayTeamId: number; kickoff: Date },
): Promise<FixtureRow | null> {
  const week = 7 * 86_400_000;
  const [row] = await db
    .select()
    .from(fixtures)
    .where(
      and(
        eq(fixtures.seasonId, args.seasonId),
        eq(fixtures.homeTeamId, args.homeTeamId),
        eq(fixtures.awayTeamId, args.awayTeamId),
        gte(fixtures.kickoffAt, new Date(args.kickoff.getTime() - week)),
        lte(fixtures.kickoffAt, new Date(args.kickoff.getTime() + week)),
        or(isNull(fixtures.provider), ne(fixtures.provider, provider)),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertFixture(
  db: Executor,
  values: FixtureValues & Pick<FixtureRow, 'competitionId' | 'seasonId' | 'homeTeamId' | 'awayTeamId' | 'kickoffAt'>,
): Promise<FixtureRow> {
  const [row] = await db
    .insert(fixtures)
    .values({ ...values, handLocked: false })
    .returning();
  return row!;
}

/** A provider's change: the version grows, so live clients take it; the hand lock is left as it is. */
export async function updateFixture(db: Executor, id: string, values: FixtureValues): Promise<void> {
  await db
    .update(fixtures)
    .set({ ...values, version: sql`${fixtures.version} + 1`, updatedAt: sql`now()` })
    .where(eq(fixtures.id, id));
}

/** Links a fixture to the provider's id without touching anything else (a hand-locked fixture keeps its data). */
export async function linkFixture(db: Executor, id: string, provider: ProviderName, providerId: string) {
  await db.update(fixtures).set({ provider, providerId }).where(eq(fixtures.id, id));
}

export function providerEvents(db: Executor, fixtureId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(matchEvents)
    .where(and(eq(matchEvents.fixtureId, fixtureId), isNotNull(matchEvents.providerKey)));
}

export async function insertEvent(
  db: Executor,
  values: Omit<typeof matchEvents.$inferInsert, 'id' | 'createdAt'>,
): Promise<EventRow> {
  const [row] = await db.insert(matchEvents).values(values).returning();
  return row!;
}

export async function updateEvent(db: Executor, id: number, values: Partial<EventRow>): Promise<EventRow> {
  const [row] = await db.update(matchEvents).set(values).where(eq(matchEvents.id, id)).returning();
  return row!;
}

export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.delete(matchEvents).where(eq(matchEvents.id, id));
}

export async function hasLineups(db: Executor, fixtureId: string): Promise<boolean> {
  const [row] = await db.select({ id: lineups.id }).from(lineups).where(eq(lineups.fixtureId, fixtureId)).limit(1);
  return row !== undefined;
}

/** The stored lineups in the order they were written, in the shape they are written in. */
export function storedLineups(
  db: Executor,
  fixtureId: string,
): Promise<
  { side: 'home' | 'away'; player: string; number: number | null; position: string | null; starter: boolean }[]
> {
  return db
    .select({
      side: lineups.side,
      player: lineups.player,
      number: lineups.number,
      position: lineups.position,
      starter: lineups.starter,
    })
    .from(lineups)
    .where(eq(lineups.fixtureId, fixtureId))
    .orderBy(lineups.sortOrder);
}

export async function replaceLineups(
  db: Executor,
  fixtureId: string,
  rows: { side: 'home' | 'away'; player: string; number: number | null; position: string | null; starter: boolean }[],
): Promise<void> {
  await db.delete(lineups).where(eq(lineups.fixtureId, fixtureId));
  if (rows.length === 0) return;
  await db.insert(lineups).values(rows.map((row, sortOrder) => ({ ...row, fixtureId, sortOrder })));
}

/** A provider's table of a season, in place of the one before. */
export async function replaceStandings(
  db: Executor,
  args: {
    competitionId: number;
    seasonId: number;
    rows: {
      teamId: number;
      position: number;
      played: number;
      won: number;
      drawn: number;
      lost: number;
      goalsFor: number;
      goalsAgainst: number;
      points: number;
    }[];
  },
): Promise<void> {
  await db.delete(standings).where(eq(standings.seasonId, args.seasonId));
  const seen = new Set<number>();
  const rows = args.rows.filter((row) => !seen.has(row.teamId) && seen.add(row.teamId));
  if (rows.length === 0) return;
  await db
    .insert(standings)
    .values(rows.map((row) => ({ ...row, competitionId: args.competitionId, seasonId: args.seasonId })));
}

/** The season's table from its finished fixtures, when the provider's own cannot be had. */
export async function recomputeStandings(db: Executor, seasonId: number): Promise<void> {
  await queryRows(db, sql`select burti_recompute_standings(${seasonId}::int)`);
}

/**
 * The provider's fixtures a live poll watches: on now, or kicking off within `soonMs` (or started in the last
 * four hours and still shown scheduled), and not held by a hand edit.
 */
export function watchedFixtures(
  db: Executor,
  provider: ProviderName,
  now: Date,
  soonMs: number,
): Promise<{ id: string; providerId: string; status: FixtureRow['status'] }[]> {
  return db
    .select({ id: fixtures.id, providerId: sql<string>`${fixtures.providerId}`, status: fixtures.status })
    .from(fixtures)
    .where(
      and(
        eq(fixtures.provider, provider),
        eq(fixtures.handLocked, false),
        or(
          inArray(fixtures.status, ['live', 'half_time']),
          and(
            eq(fixtures.status, 'scheduled'),
            lte(fixtures.kickoffAt, new Date(now.getTime() + soonMs)),
            gte(fixtures.kickoffAt, new Date(now.getTime() - 4 * 3_600_000)),
          ),
        ),
      ),
    );
}

export async function findFixtureByProviderIds(
  db: Executor,
  provider: ProviderName,
  providerIds: string[],
): Promise<{ id: string; providerId: string }[]> {
  if (providerIds.length === 0) return [];
  return db
    .select({ id: fixtures.id, providerId: sql<string>`${fixtures.providerId}` })
    .from(fixtures)
    .where(and(eq(fixtures.provider, provider), inArray(fixtures.providerId, providerIds)));
}

export async function competitionOf(
  db: Executor,
  seasonId: number,
): Promise<{ competitionId: number; providerId: string | null; label: string } | null> {
  const [row] = await db
    .select({ competitionId: seasons.competitionId, providerId: competitions.providerId, label: seasons.label })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(eq(seasons.id, seasonId));
  return row ?? null;
}
