import { extractMentions, MENTION_SUGGESTIONS_LIMIT, type MentionSuggestResponse } from '@burti/shared';
import type { Db, Executor } from '../../db/client.js';
import { versionedAvatar } from '../../lib/avatar.js';
import type { Viewer } from '../../plugins/auth.js';
import { notifyUser } from '../notifications/notifications.service.js';
import * as q from './mentions.queries.js';

/** The first MENTIONS_MAX fans a text mentions, stored with it by id (handle -> id), or null for none. */
export async function resolveMentions(
  tx: Executor,
  text: string | null | undefined,
): Promise<Record<string, string> | null> {
  const found = await q.findByHandles(tx, extractMentions(text));
  return found.size ? Object.fromEntries(found) : null;
}

/**
 * Tells each mentioned fan, once per post or comment however often it is edited (the notification's key), never
 * the author themself, never across a block either way (notifyUser checks).
 */
export async function notifyMentioned(
  tx: Executor,
  args: {
    actorId: string;
    mentions: Record<string, string> | null;
    postId: string;
    commentId?: string | null;
    /** Fans this same action already notified (the post's author of a comment): one notification is enough. */
    alreadyTold?: readonly string[];
  },
): Promise<void> {
  const ids = new Set(Object.values(args.mentions ?? {}));
  for (const told of args.alreadyTold ?? []) ids.delete(told);
  for (const to of ids) {
    await notifyUser(tx, {
      to,
      actorId: args.actorId,
      type: 'mention',
      postId: args.postId,
      commentId: args.commentId,
    });
  }
}

export async function suggestFans({
  db,
  viewer,
  prefix,
}: {
  db: Db;
  viewer: Viewer;
  prefix: string;
}): Promise<MentionSuggestResponse> {
  const rows = await q.suggest(db, viewer.id, prefix.normalize('NFC').toLowerCase(), MENTION_SUGGESTIONS_LIMIT);
  return {
    fans: rows.map((row) => ({
      id: row.id,
      nickname: row.nickname,
      avatarUrl: versionedAvatar(row.avatar_url, row.updated_at),
    })),
  };
}
