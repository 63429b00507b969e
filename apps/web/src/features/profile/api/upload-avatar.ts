import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { sharedKeys } from '../../../lib/query-keys';
import { meKeys } from '../../auth/api/get-me';

const uploadAvatar = endpoint('uploadAvatar', 'POST', '/api/me/avatar');

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      const fingerprint = `${file.name}:${file.size}:${file.lastModified}`;
      return withIntent(
        'avatar',
        fingerprint,
        async (idempotencyKey) => (await call(uploadAvatar, { body: form }, { idempotencyKey })).me,
      );
    },
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.posts });
    },
  });
}
