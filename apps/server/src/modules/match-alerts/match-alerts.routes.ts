import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import * as alerts from './match-alerts.service.js';

/** Match alerts (decision 022): a fan's choices per match and per club. */
export function matchAlertsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.getMatchAlerts, async (request, _reply, viewer) => ({
    alerts: await alerts.getMatchAlerts({ db, viewer, matchId: request.params.matchId }),
  }));
  route(app, operations.setMatchAlerts, async (request, _reply, viewer) => ({
    alerts: await alerts.setMatchAlerts({ db, viewer, matchId: request.params.matchId, mode: request.body.mode }),
  }));
  route(app, operations.listAlertClubs, async (_request, _reply, viewer) => ({
    clubs: await alerts.listAlertClubs({ db, viewer }),
  }));
  route(app, operations.addAlertClub, async (request, _reply, viewer) => ({
    clubs: await alerts.addAlertClub({ db, viewer, clubId: request.params.clubId }),
  }));
  route(app, operations.removeAlertClub, async (request, _reply, viewer) => ({
    clubs: await alerts.removeAlertClub({ db, viewer, clubId: request.params.clubId }),
  }));
}
