import { z } from 'zod';

/** The administrators' view of the football data providers (decision 023): their health and their teams. */

export const FOOTBALL_PROVIDER_NAMES = ['football-data', 'api-football'] as const;
export type FootballProviderName = (typeof FOOTBALL_PROVIDER_NAMES)[number];

export const providerErrorSchema = z.object({ at: z.string(), kind: z.string(), message: z.string() });

export const followedCompetitionSchema = z.object({ competition: z.string(), season: z.number().int() });

export const providerStatusSchema = z.object({
  provider: z.enum(FOOTBALL_PROVIDER_NAMES),
  /** A key or token is set: the provider is synced (when jobs run). */
  enabled: z.boolean(),
  /** The last sync of fixture lists and tables, and the last poll of live matches; null before the first. */
  lastFixtureSyncAt: z.string().nullable(),
  lastLiveSyncAt: z.string().nullable(),
  /** Requests taken from the shared budget this minute and this UTC day, and the budget itself. */
  requestsThisMinute: z.number().int(),
  requestsToday: z.number().int(),
  budgetPerMinute: z.number().int(),
  budgetPerDay: z.number().int(),
  /** No request is sent before this time (a 429, an outage or a refused key), or null. */
  backoffUntil: z.string().nullable(),
  /** The latest failures (at most ten). */
  errors: z.array(providerErrorSchema),
  competitions: z.array(followedCompetitionSchema),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const providerStatusResponse = z.object({
  providers: z.array(providerStatusSchema),
  /** No provider has a key: every fixture is entered by hand. */
  handEntryOnly: z.boolean(),
});
export type ProviderStatusResponse = z.infer<typeof providerStatusResponse>;

export const providerTeamsQuery = z.object({
  /** `true`: only the teams not mapped to a club. */
  unmapped: z.enum(['true', 'false']).optional(),
});

export const providerTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameKa: z.string().nullable(),
  shortName: z.string(),
  providerIds: z.array(z.object({ provider: z.string(), providerId: z.string() })),
  club: z.object({ id: z.number().int(), name: z.string(), nameKa: z.string() }).nullable(),
});
export type ProviderTeam = z.infer<typeof providerTeamSchema>;

export const providerTeamListResponse = z.object({ teams: z.array(providerTeamSchema) });
export type ProviderTeamListResponse = z.infer<typeof providerTeamListResponse>;
