import type { ProviderStatus, ProviderStatusResponse, ProviderTeam } from '@burti/shared';
import type { Executor } from '../../../db/client.js';
import type { FootballConfig, FootballProviderName } from '../../../lib/football-config.js';
import { readProviderTeams } from './provider-admin.queries.js';
import { footballProviderStatus } from './sync.service.js';

/** The configured providers: those with a token or key. */
function configuredProviders(football: FootballConfig | undefined): FootballProviderName[] {
  if (!football) return [];
  const names: FootballProviderName[] = [];
  if (football.footballData) names.push('football-data');
  if (football.apiFootball) names.push('api-football');
  return names;
}

/**
 * Each configured provider's health (decision 023) from its shared `provider_status` row; a provider whose row the
 * sync has not written yet (jobs off, or before the first turn) shows nothing used and no sync.
 */
export async function providerStatus({
  db,
  football,
  now = new Date(),
}: {
  db: Executor;
  football: FootballConfig | undefined;
  now?: Date;
}): Promise<ProviderStatusResponse> {
  const names = configuredProviders(football);
  if (!football || names.length === 0) return { providers: [], handEntryOnly: true };
  const rows = await footballProviderStatus({ db, football, now });
  const providers = names.map((provider): ProviderStatus => {
    const row = rows.find((r) => r.provider === provider);
    return {
      provider,
      enabled: true,
      lastFixtureSyncAt: row?.lastListsAt ?? null,
      lastLiveSyncAt: row?.lastLiveAt ?? null,
      requestsThisMinute: row?.minuteUsed ?? 0,
      requestsToday: row?.dayUsed ?? 0,
      budgetPerMinute: football.budgetPerMinute,
      budgetPerDay: football.budgetPerDay,
      backoffUntil: row?.backoffUntil ?? null,
      errors: (row?.errors ?? []).map((e) => ({ at: e.at, kind: e.kind, message: e.message })),
      competitions: football.competitions
        .filter((c) => c.provider === provider)
        .map((c) => ({ competition: c.competition, season: c.season })),
    };
  });
  return { providers, handEntryOnly: false };
}

export async function providerTeams({
  db,
  unmappedOnly,
}: {
  db: Executor;
  unmappedOnly: boolean;
}): Promise<ProviderTeam[]> {
  const rows = await readProviderTeams(db, { unmappedOnly });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameKa: row.name_ka,
    shortName: row.short_name,
    providerIds: row.provider_ids,
    club: row.club_id === null ? null : { id: row.club_id, name: row.club_name ?? '', nameKa: row.club_name_ka ?? '' },
  }));
}
