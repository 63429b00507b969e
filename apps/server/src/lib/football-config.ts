import type { Env } from '../env.js';

export type FootballProviderName = 'football-data' | 'api-football';

/** A competition to follow in one season, in its provider's own terms (a code like PL, or a league id). */
export type FollowedCompetitionConfig = { provider: FootballProviderName; competition: string; season: number };

/**
 * Football data providers (modules/matches/providers, decision 023). Without a token or key there is no provider
 * and every fixture is entered by hand (the default of `npm start`).
 */
export type FootballConfig = {
  footballData?: { token: string; baseUrl: string };
  apiFootball?: { key: string; baseUrl: string };
  competitions: FollowedCompetitionConfig[];
  /** Requests each provider may be sent per minute and per UTC day, counted across every instance. */
  budgetPerMinute: number;
  budgetPerDay: number;
  /** Seconds between polls of live matches while one is on (or kicks off within minutes). */
  livePollSeconds: number;
};

const ALIASES: Record<string, FootballProviderName> = {
  'football-data': 'football-data',
  fd: 'football-data',
  'api-football': 'api-football',
  af: 'api-football',
};

/**
 * FOOTBALL_COMPETITIONS: comma-separated `provider:competition:season` (`football-data:PL:2025`,
 * `api-football:327:2026`), or `competition:season` when only one provider has a key.
 */
export function parseCompetitions(value: string, configured: FootballProviderName[]): FollowedCompetitionConfig[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const parts = entry.split(':').map((part) => part.trim());
    let provider: FootballProviderName | undefined;
    let rest = parts;
    if (parts.length === 3) {
      provider = ALIASES[parts[0]!.toLowerCase()];
      if (!provider) throw new Error(`FOOTBALL_COMPETITIONS: unknown provider "${parts[0]}" in "${entry}".`);
      rest = parts.slice(1);
    } else if (parts.length === 2) {
      if (configured.length !== 1) {
        throw new Error(
          `FOOTBALL_COMPETITIONS: "${entry}" must name its provider (football-data:… or api-football:…).`,
        );
      }
      provider = configured[0];
    } else {
      throw new Error(`FOOTBALL_COMPETITIONS: "${entry}" is not provider:competition:season.`);
    }
    const [competition, season] = rest as [string, string];
    if (!competition || !/^\d{4}$/.test(season)) {
      throw new Error(`FOOTBALL_COMPETITIONS: "${entry}" needs a competition and a four-digit season year.`);
    }
    if (!configured.includes(provider!)) {
      const setting = provider === 'football-data' ? 'FOOTBALL_DATA_TOKEN' : 'API_FOOTBALL_KEY';
      throw new Error(`FOOTBALL_COMPETITIONS: "${entry}" follows ${provider} but ${setting} is not set.`);
    }
    return { provider: provider!, competition, season: Number(season) };
  });
}

export function footballConfigFromEnv(env: Env): FootballConfig | undefined {
  const configured: FootballProviderName[] = [];
  if (env.FOOTBALL_DATA_TOKEN) configured.push('football-data');
  if (env.API_FOOTBALL_KEY) configured.push('api-football');
  if (configured.length === 0) {
    if (env.FOOTBALL_COMPETITIONS) {
      throw new Error('FOOTBALL_COMPETITIONS needs FOOTBALL_DATA_TOKEN or API_FOOTBALL_KEY.');
    }
    return undefined;
  }
  return {
    footballData: env.FOOTBALL_DATA_TOKEN
      ? { token: env.FOOTBALL_DATA_TOKEN, baseUrl: env.FOOTBALL_DATA_URL.replace(/\/$/, '') }
      : undefined,
    apiFootball: env.API_FOOTBALL_KEY
      ? { key: env.API_FOOTBALL_KEY, baseUrl: env.API_FOOTBALL_URL.replace(/\/$/, '') }
      : undefined,
    competitions: parseCompetitions(env.FOOTBALL_COMPETITIONS ?? '', configured),
    budgetPerMinute: env.FOOTBALL_BUDGET_PER_MINUTE,
    budgetPerDay: env.FOOTBALL_BUDGET_PER_DAY,
    livePollSeconds: env.FOOTBALL_LIVE_POLL_S,
  };
}
