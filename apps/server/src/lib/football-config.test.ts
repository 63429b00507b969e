import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.js';
import { readEnv } from '../env.js';

const football = (vars: Record<string, string>) =>
  configFromEnv(readEnv({ DATA_DIR: '/tmp/burti-config-test', ...vars })).football;

describe('football provider settings', () => {
  it('has no provider without a token or key: fixtures are entered by hand', () => {
    expect(football({})).toBeUndefined();
    expect(() => football({ FOOTBALL_COMPETITIONS: 'PL:2025' })).toThrow(
      /needs FOOTBALL_DATA_TOKEN or API_FOOTBALL_KEY/,
    );
  });

  it('reads the competitions to follow, with the provider named or implied, and the budgets', () => {
    const one = football({ FOOTBALL_DATA_TOKEN: 'token', FOOTBALL_COMPETITIONS: 'PL:2025, CL:2025' });
    expect(one).toMatchObject({
      footballData: { token: 'token', baseUrl: 'https://api.football-data.org' },
      apiFootball: undefined,
      competitions: [
        { provider: 'football-data', competition: 'PL', season: 2025 },
        { provider: 'football-data', competition: 'CL', season: 2025 },
      ],
      budgetPerMinute: 10,
      budgetPerDay: 100,
      livePollSeconds: 15,
    });
    const both = football({
      FOOTBALL_DATA_TOKEN: 'token',
      API_FOOTBALL_KEY: 'key',
      API_FOOTBALL_URL: 'http://127.0.0.1:9999/api-football/',
      FOOTBALL_COMPETITIONS: 'football-data:PL:2025,af:327:2026',
      FOOTBALL_BUDGET_PER_MINUTE: '5',
      FOOTBALL_BUDGET_PER_DAY: '7000',
    });
    expect(both?.competitions).toEqual([
      { provider: 'football-data', competition: 'PL', season: 2025 },
      { provider: 'api-football', competition: '327', season: 2026 },
    ]);
    expect(both?.apiFootball?.baseUrl).toBe('http://127.0.0.1:9999/api-football');
    expect([both?.budgetPerMinute, both?.budgetPerDay]).toEqual([5, 7000]);
  });

  it('refuses a competition it cannot follow, naming the problem', () => {
    expect(() =>
      football({ FOOTBALL_DATA_TOKEN: 't', API_FOOTBALL_KEY: 'k', FOOTBALL_COMPETITIONS: 'PL:2025' }),
    ).toThrow(/must name its provider/);
    expect(() => football({ FOOTBALL_DATA_TOKEN: 't', FOOTBALL_COMPETITIONS: 'api-football:327:2026' })).toThrow(
      /API_FOOTBALL_KEY is not set/,
    );
    expect(() => football({ FOOTBALL_DATA_TOKEN: 't', FOOTBALL_COMPETITIONS: 'PL:25' })).toThrow(/four-digit season/);
    expect(() => readEnv({ FOOTBALL_BUDGET_PER_MINUTE: '0' })).toThrow(/FOOTBALL_BUDGET_PER_MINUTE/);
  });
});
