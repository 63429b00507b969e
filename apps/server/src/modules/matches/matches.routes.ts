import { operations, type MatchDetail } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { openEventStream } from '../../lib/event-stream.js';
import type { Realtime } from '../../lib/realtime.js';
import { route } from '../../plugins/contract.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import * as matches from './matches.service.js';

/** Matchday (decision 022): the match centre, club fixtures, standings, threads, and the administrators' console. */
export function matchesRoutes(app: FastifyInstance, { db, realtime }: { db: Db; realtime: Realtime }): void {
  route(app, operations.getMatch, async (request, _reply, viewer) => ({
    match: await matches.getMatch({ db, matchId: request.params.matchId, viewerId: viewer.id }),
  }));

  route(app, operations.holdMatchSpoiler, async (request, _reply, viewer) => ({
    match: await matches.holdSpoiler({ db, viewer, matchId: request.params.matchId }),
  }));
  route(app, operations.getSpoilerHolds, async (_request, _reply, viewer) => ({
    matchIds: await matches.spoilerHolds(db, viewer.id),
  }));
  route(app, operations.revealMatchSpoiler, async (request, _reply, viewer) => ({
    match: await matches.revealSpoiler({ db, viewer, matchId: request.params.matchId }),
  }));

  route(app, operations.getMatchPosts, async (request, _reply, viewer) =>
    matches.threadPosts({ db, viewer, matchId: request.params.matchId, cursor: request.query.cursor }),
  );

  route(app, operations.getClubMatches, async (request, _reply, viewer) =>
    matches.clubMatches({
      db,
      clubId: request.params.clubId,
      kind: request.query.kind,
      cursor: request.query.cursor,
      viewerId: viewer.id,
    }),
  );

  route(app, operations.getClubNextMatch, async (request, _reply, viewer) => ({
    match: await matches.nextMatch({ db, clubId: request.params.clubId, viewerId: viewer.id }),
  }));

  route(app, operations.listCompetitions, async () => ({ competitions: await matches.listCompetitions({ db }) }));

  route(app, operations.getStandings, async (request) =>
    matches.getStandings({ db, competitionId: request.params.competitionId, season: request.query.season }),
  );

  // Server-Sent Events for one match's watchers: its state at once, then every change and every new thread post,
  // fanned out from one NOTIFY per change to the streams of each process (realtime.subscribeTopic).
  route(app, operations.streamMatch, async (request, reply, viewer) => {
    const matchId = request.params.matchId;
    // Read before the stream opens: an unknown match is a 404, a database outage a 503.
    const watch = await matches.watchMatch({ db, realtime, matchId, viewerId: viewer.id });
    const stream = openEventStream({ request, reply, realtime });
    stream.onEnd(watch.stop);
    // Each event as published, but a match the fan holds in spoiler mode (now, whenever the hold was taken) without
    // its score.
    stream.onEnd(
      realtime.subscribeTopic(matches.matchTopic(matchId), (name, data) =>
        stream.send(name, watch.forViewer(name, data)),
      ),
    );
    // Changes made while the LISTEN connection was away are lost: send the state as it is now when it is back.
    stream.onEnd(
      realtime.onResync(() => {
        watch.current().then(
          (event) => stream.send('match', JSON.stringify(event)),
          (err: unknown) => request.log.warn({ err }, 'could not resend a match’s state'),
        );
      }),
    );
    stream.send('match', JSON.stringify(watch.first));
    return reply;
  });

  // --- administrators ---------------------------------------------------------------------------------------------

  route(app, operations.createCompetition, async (request, reply, viewer) => {
    const competition = await matches.createCompetition({ db, admin: viewer, input: request.body });
    reply.status(201);
    return { competition };
  });
  route(app, operations.updateCompetition, async (request, _reply, viewer) => ({
    competition: await matches.updateCompetition({
      db,
      admin: viewer,
      competitionId: request.params.competitionId,
      input: request.body,
    }),
  }));
  route(app, operations.createSeason, async (request, reply, viewer) => {
    const competition = await matches.createSeason({
      db,
      admin: viewer,
      competitionId: request.params.competitionId,
      input: request.body,
    });
    reply.status(201);
    return { competition };
  });

  route(app, operations.listTeams, async () => ({ teams: await matches.listTeams({ db }) }));
  route(app, operations.listAdminMatches, async (request) =>
    matches.allMatches({ db, kind: request.query.kind, cursor: request.query.cursor }),
  );
  route(app, operations.createTeam, async (request, reply, viewer) => {
    const team = await matches.createTeam({ db, admin: viewer, input: request.body });
    reply.status(201);
    return { team };
  });
  route(app, operations.updateTeam, async (request, _reply, viewer) => ({
    team: await matches.updateTeam({ db, admin: viewer, teamId: request.params.teamId, input: request.body }),
  }));

  route(app, operations.createMatch, async (request, reply, viewer) => {
    const match = await matches.createMatch({ db, admin: viewer, input: request.body });
    reply.status(201);
    return { match };
  });
  route(app, operations.updateMatch, async (request, _reply, viewer) => ({
    match: await matches.updateMatch({ db, admin: viewer, matchId: request.params.matchId }, request.body),
  }));
  route(app, operations.setMatchResult, async (request, _reply, viewer) => ({
    match: await matches.setResult({ db, admin: viewer, matchId: request.params.matchId }, request.body),
  }));
  route(app, operations.setMatchLineups, async (request, _reply, viewer) => ({
    match: await matches.setLineups({ db, admin: viewer, matchId: request.params.matchId }, request.body),
  }));
  route(app, operations.releaseMatchLock, async (request, _reply, viewer) => ({
    match: await matches.releaseLock({ db, admin: viewer, matchId: request.params.matchId }),
  }));

  // The live console: each press may carry an Idempotency-Key, whose answer is stored in the change's transaction.
  const recorded = (request: Parameters<typeof answerRecorder>[0]) =>
    answerRecorder<MatchDetail>(request, 200, (match) => ({ match }));
  route(app, operations.setMatchPhase, async (request, _reply, viewer) => ({
    match: await matches.setPhase(
      { db, admin: viewer, matchId: request.params.matchId, answer: recorded(request) },
      request.body.phase,
    ),
  }));
  route(app, operations.setMatchMinute, async (request, _reply, viewer) => ({
    match: await matches.setMinute({ db, admin: viewer, matchId: request.params.matchId }, request.body),
  }));
  route(app, operations.addMatchEvent, async (request, _reply, viewer) => ({
    match: await matches.addEvent(
      { db, admin: viewer, matchId: request.params.matchId, answer: recorded(request) },
      request.body,
    ),
  }));
  route(app, operations.undoMatchEvent, async (request, _reply, viewer) => ({
    match: await matches.undoEvent({ db, admin: viewer, matchId: request.params.matchId, answer: recorded(request) }),
  }));
}
