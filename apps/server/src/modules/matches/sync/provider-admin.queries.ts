import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export type ProviderTeamRow = {
  id: number;
  name: string;
  name_ka: string | null;
  short_name: string;
  provider_ids: { provider: string; providerId: string }[];
  club_id: number | null;
  club_name: string | null;
  club_name_ka: string | null;
};

/** Teams with at least one provider id, the unmapped first, then by name. */
export async function readProviderTeams(db: Executor, { unmappedOnly }: { unmappedOnly: boolean }) {
  return queryRows<ProviderTeamRow>(
    db,
    sql`SELECT t.id, t.name, t.name_ka, t.short_name, t.club_id, c.name AS club_name, c.name_ka AS club_name_ka,
          (SELECT json_agg(json_build_object('provider', p.provider, 'providerId', p.provider_id)
                    ORDER BY p.provider, p.provider_id)
             FROM team_provider_ids p WHERE p.team_id = t.id) AS provider_ids
        FROM teams t
        LEFT JOIN clubs c ON c.id = t.club_id
        WHERE EXISTS (SELECT 1 FROM team_provider_ids p WHERE p.team_id = t.id)
          ${unmappedOnly ? sql`AND t.club_id IS NULL` : sql``}
        ORDER BY (t.club_id IS NULL) DESC, t.name, t.id`,
  );
}
