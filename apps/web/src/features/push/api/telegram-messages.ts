import type { TelegramMessagesState } from '@burti/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api';

export const telegramMessagesKeys = { all: ['push', 'telegram'] as const };

/** Whether the bot messages this fan in Telegram (offered only to fans who opened Burti through Telegram). */
export const useTelegramMessages = () =>
  useQuery({
    queryKey: telegramMessagesKeys.all,
    queryFn: () => apiGet<TelegramMessagesState>('/api/push/telegram'),
  });

/** Turns the bot's messages on or off; the screen shows the server's answer. */
export function useSetTelegramMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api<TelegramMessagesState>('PUT', '/api/push/telegram', { enabled }),
    onSuccess: (state) => queryClient.setQueryData(telegramMessagesKeys.all, state),
  });
}
