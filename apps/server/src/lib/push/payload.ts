/** What every push channel carries (the spec's push data, plus the text to show). */
export type PushPayload = {
  type: string;
  post_id: string | null;
  /** The actor: who liked, commented, followed… */
  user_id: string;
  user_nickname: string;
  title: string;
  body: string;
};

const TEXTS: Record<string, string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  reply: 'replied to your comment',
  reply_on_post: 'replied in your post',
  follow: 'started following you',
  share: 'shared your post',
};

export function buildPushPayload(input: {
  appName: string;
  type: string;
  postId: string | null;
  actorId: string;
  actorNickname: string;
}): PushPayload {
  const action = TEXTS[input.type] ?? 'sent you a notification';
  return {
    type: input.type,
    post_id: input.postId,
    user_id: input.actorId,
    user_nickname: input.actorNickname,
    title: input.appName,
    body: `${input.actorNickname} ${action}`,
  };
}

/** Where tapping the notification leads (the service worker in apps/web/public/sw.js mirrors this). */
export function pushTargetPath(payload: PushPayload): string {
  if (payload.type === 'follow' || !payload.post_id) return `/profile/${encodeURIComponent(payload.user_nickname)}`;
  return `/post/${payload.post_id}`;
}

/** FCM's `data` map takes strings only; absent values are left out. */
export function pushDataStrings(payload: PushPayload): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) if (value !== null) data[key] = String(value);
  return data;
}

/**
 * How one delivery ended. `gone`: the subscription or token no longer exists and is deleted. `rejected`: the
 * provider refused this message for good (logged, not retried). Failures worth retrying are thrown instead.
 */
export type DeliveryOutcome = 'sent' | 'gone' | 'rejected';
