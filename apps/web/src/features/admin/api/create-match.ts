import type { OperationBody, Operations } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { matchAdminKeys } from './match-admin-keys';

const createMatchCall = endpoint('createMatch', 'POST', '/api/admin/matches');

export type NewMatch = OperationBody<Operations['createMatch']>;

export function createMatch(input: NewMatch) {
  return call(createMatchCall, { body: input });
}

export function useCreateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMatch,
    onSuccess: ({ match }) => {
      queryClient.setQueryData(matchAdminKeys.match(match.id), { match });
      void queryClient.invalidateQueries({ queryKey: matchAdminKeys.matches() });
    },
  });
}
