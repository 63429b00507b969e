import { codeFromStartParam } from '@burti/shared';

/**
 * The referral code a link carries: a Telegram start parameter (`startapp` / `tgWebAppStartParam` /
 * `start_param`) of the form `ref_{code}` wins over the web's `ref={code}` (spec §5).
 */
export function referralCodeFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'https://localhost');
  } catch {
    return null;
  }
  const hash = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  for (const key of ['startapp', 'tgWebAppStartParam', 'start_param']) {
    const code = codeFromStartParam(parsed.searchParams.get(key) ?? hash.get(key));
    if (code) return code;
  }
  return parsed.searchParams.get('ref')?.trim() || null;
}

/** The in-app path of a link that opened the app (a universal link or the custom scheme), if it is ours. */
export function inAppPath(url: string, appOrigins: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const custom = !/^https?:$/.test(parsed.protocol);
  if (!custom && !appOrigins.includes(parsed.origin)) return null;
  // ge.burti.app://post/123 puts the first segment in the host.
  const path = custom && parsed.host ? `/${parsed.host}${parsed.pathname}` : parsed.pathname || '/';
  return `${path.replace(/\/{2,}/g, '/')}${parsed.search}`;
}

/** The spec's push data: type, post_id, user_id, user_nickname; match_id for a match alert. */
export type PushData = { type?: unknown; post_id?: unknown; user_nickname?: unknown; match_id?: unknown };

/** Where tapping a notification leads: a post for likes and comments, the profile for a follow, a match for an alert. */
export function notificationPath(data: PushData | null | undefined): string | null {
  if (!data) return null;
  if (typeof data.match_id === 'string' && data.match_id) return `/match/${encodeURIComponent(data.match_id)}`;
  const postId = typeof data.post_id === 'string' && data.post_id ? data.post_id : null;
  const nickname = typeof data.user_nickname === 'string' && data.user_nickname ? data.user_nickname : null;
  if (data.type !== 'follow' && postId) return `/post/${encodeURIComponent(postId)}`;
  if (nickname) return `/profile/${encodeURIComponent(nickname)}`;
  return null;
}
