import type { MatchResponse, OperationBody, Operations } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { matchAdminKeys } from './match-admin-keys';

const phaseCall = endpoint('setMatchPhase', 'POST', '/api/admin/matches/:matchId/phase');
const minuteCall = endpoint('setMatchMinute', 'PUT', '/api/admin/matches/:matchId/minute');
const eventCall = endpoint('addMatchEvent', 'POST', '/api/admin/matches/:matchId/events');
const undoCall = endpoint('undoMatchEvent', 'POST', '/api/admin/matches/:matchId/undo');
const updateCall = endpoint('updateMatch', 'PATCH', '/api/admin/matches/:matchId');
const resultCall = endpoint('setMatchResult', 'PUT', '/api/admin/matches/:matchId/result');
const releaseCall = endpoint('releaseMatchLock', 'DELETE', '/api/admin/matches/:matchId/hand-lock');

export type PhaseBody = OperationBody<Operations['setMatchPhase']>;
export type MinuteBody = OperationBody<Operations['setMatchMinute']>;
export type EventBody = OperationBody<Operations['addMatchEvent']>;
export type UpdateBody = OperationBody<Operations['updateMatch']>;
export type ResultBody = OperationBody<Operations['setMatchResult']>;

/**
 * The live console's writes. A press of a button is one intent: a retry after a lost answer (or a double tap)
 * carries the same Idempotency-Key, so a goal is counted once.
 */
export const consoleWrites = {
  phase: (matchId: string, body: PhaseBody) =>
    withIntent(`match-phase:${matchId}`, JSON.stringify(body), (idempotencyKey) =>
      call(phaseCall, { params: { matchId }, body }, { idempotencyKey }),
    ),
  event: (matchId: string, body: EventBody) =>
    withIntent(`match-event:${matchId}`, JSON.stringify(body), (idempotencyKey) =>
      call(eventCall, { params: { matchId }, body }, { idempotencyKey }),
    ),
  undo: (matchId: string) =>
    withIntent(`match-undo:${matchId}`, '', (idempotencyKey) =>
      call(undoCall, { params: { matchId } }, { idempotencyKey }),
    ),
  minute: (matchId: string, body: MinuteBody) => call(minuteCall, { params: { matchId }, body }),
  update: (matchId: string, body: UpdateBody) => call(updateCall, { params: { matchId }, body }),
  result: (matchId: string, body: ResultBody) => call(resultCall, { params: { matchId }, body }),
  release: (matchId: string) => call(releaseCall, { params: { matchId } }),
};

/** One console write: its answer, the whole match, replaces the console's copy; the lists refresh. */
export function useConsoleWrite<Input>(matchId: string, write: (input: Input) => Promise<MatchResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      queryClient.setQueryData(matchAdminKeys.match(matchId), answer);
      void queryClient.invalidateQueries({ queryKey: matchAdminKeys.matches() });
    },
  });
}
