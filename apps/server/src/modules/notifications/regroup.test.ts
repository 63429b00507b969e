import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The statements of migration 0080 that fold the notifications written before grouping into their groups. */
async function regroupStatements(): Promise<string[]> {
  const text = await readFile(new URL('../../../drizzle/0080_mentions_hashtags.sql', import.meta.url), 'utf8');
  const part = text.slice(text.indexOf('-- The rows written before grouping'));
  return part
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gmu, '').trim())
    .filter(Boolean);
}

describe('migration 0080', () => {
  it('folds one row per like, share and follow into groups, keeping every member and unread when any was', async () => {
    const [author, a, b, c] = await t.createFans(4);
    const post = (await author!.post('/api/posts', { text: 'old post' })).json<{ post: { id: string } }>().post.id;
    const old = (type: string, actor: string, at: string, read: boolean, postId: string | null = post) =>
      t.db.execute(sql`insert into notifications (user_id, actor_id, type, post_id, dedupe_key, created_at, read_at)
        values (${author!.userId}, ${actor}, ${type}, ${postId}, ${`${type}:${author!.userId}:${actor}:${postId ?? ''}`},
          ${at}::timestamptz, ${read ? at : null}::timestamptz)`);
    await old('like', a!.userId, '2026-01-01T10:00:00Z', true);
    await old('like', b!.userId, '2026-01-01T11:00:00Z', false);
    await old('like', c!.userId, '2026-01-01T12:00:00Z', true);
    await old('share', a!.userId, '2026-01-01T10:00:00Z', true);
    await old('follow', a!.userId, '2026-01-02T10:00:00Z', true, null);
    await old('follow', b!.userId, '2026-01-02T20:00:00Z', true, null);
    await old('follow', c!.userId, '2026-01-03T01:00:00Z', false, null);
    await old('comment', a!.userId, '2026-01-01T10:00:00Z', false);

    for (const statement of await regroupStatements()) await t.db.execute(sql.raw(statement));

    const rows = await queryRows<{
      type: string;
      actor_id: string;
      actor_count: number;
      unread: boolean;
      members: string[];
    }>(
      t.db,
      sql`select n.type, n.actor_id, n.actor_count, n.read_at is null as unread,
          array(select na.actor_id from notification_actors na where na.notification_id = n.id order by na.created_at) as members
        from notifications n where n.user_id = ${author!.userId} order by n.type, n.created_at`,
    );
    expect(rows).toEqual([
      { type: 'comment', actor_id: a!.userId, actor_count: 1, unread: true, members: [] },
      { type: 'follow', actor_id: b!.userId, actor_count: 2, unread: false, members: [a!.userId, b!.userId] },
      { type: 'follow', actor_id: c!.userId, actor_count: 1, unread: true, members: [c!.userId] },
      { type: 'like', actor_id: c!.userId, actor_count: 3, unread: true, members: [a!.userId, b!.userId, c!.userId] },
      { type: 'share', actor_id: a!.userId, actor_count: 1, unread: false, members: [a!.userId] },
    ]);

    // A like after the migration joins the folded group rather than starting another.
    const [d] = await t.createFans(1);
    await d!.post(`/api/posts/${post}/like`);
    const likes = await queryRows<{ actor_count: number }>(
      t.db,
      sql`select actor_count from notifications where user_id = ${author!.userId} and type = 'like'`,
    );
    expect(likes).toEqual([{ actor_count: 4 }]);
  });
});
