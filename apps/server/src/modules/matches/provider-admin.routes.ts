import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FootballConfig } from '../../lib/football-config.js';
import { route } from '../../plugins/contract.js';
import { providerStatus, providerTeams } from './sync/provider-admin.service.js';

/** The administrators' view of the football providers (decision 023); a team is mapped to a club with updateTeam. */
export function providerAdminRoutes(
  app: FastifyInstance,
  { db, football }: { db: Db; football: FootballConfig | undefined },
): void {
  route(app, operations.getProviderStatus, async () => providerStatus({ db, football }));

  route(app, operations.listProviderTeams, async (request) => ({
    teams: await providerTeams({ db, unmappedOnly: request.query.unmapped === 'true' }),
  }));
}
