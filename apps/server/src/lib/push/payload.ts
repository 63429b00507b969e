import { messages, type PushType } from '../i18n/messages.js';

/** What every push channel carries (the spec's push data, plus the text to show). */
export type PushPayload = {
  type: string;
  post_id: string | null;
  /** The actor: who liked, commented, followed… (null for a match alert). */
  user_id: string | null;
  user_nickname: string | null;
  /** A match alert's match (decision 022); absent for every other push. */
  match_id?: string;
  title: string;
  body: string;
};

/** The push in the recipient's language (English when none is given). */
export function buildPushPayload(input: {
  appName: string;
  type: string;
  postId: string | null;
  actorId: string;
  actorNickname: string;
  /** A group's size (likes or shares of a post, follows of a day); 1 for the rest. */
  actorCount?: number;
  language?: string | null;
}): PushPayload {
  const texts = messages(input.language).push;
  const text = texts[input.type as PushType] ?? texts.other;
  return {
    type: input.type,
    post_id: input.postId,
    user_id: input.actorId,
    user_nickname: input.actorNickname,
    title: input.appName,
    body: text(input.actorNickname, Math.max(0, (input.actorCount ?? 1) - 1)),
  };
}

/** Where tapping the notification leads (the service worker in apps/web/sw/sw.js mirrors this). */
export function pushTargetPath(payload: PushPayload): string {
  if (payload.match_id) return `/match/${payload.match_id}`;
  if (payload.type === 'follow' || !payload.post_id)
    return `/profile/${encodeURIComponent(payload.user_nickname ?? '')}`;
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
