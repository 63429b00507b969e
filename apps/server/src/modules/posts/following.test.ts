import type { PostPage } from '@burti/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { posts, profiles, session, shares } from '../../db/schema/index.js';
import { createTestApp, mulberry32, type TestApp } from '../../../test/harness.js';
import { followingTimelineDriftQuery, pruneFollowingTimelines } from './posts.queries.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function post(fan: Fan, text: string): Promise<string> {
  const response = await fan.post('/api/posts', { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

async function follow(fan: Fan, other: Fan) {
  expect((await fan.post(`/api/users/${other.userId}/follow`)).statusCode).toBe(200);
}

async function page(fan: Fan, cursor?: string | null): Promise<PostPage> {
  const response = await fan.get(`/api/feed/following${cursor ? `?cursor=${cursor}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json<PostPage>();
}

/** Every item of the feed, page by page: [post id, sharer id or ''] in order. */
async function everything(fan: Fan): Promise<string[]> {
  const items: string[] = [];
  let cursor: string | null = null;
  do {
    const next = await page(fan, cursor);
    items.push(...next.posts.map((p) => `${p.id}:${p.sharedBy?.id ?? ''}`));
    cursor = next.nextCursor;
  } while (cursor);
  return items;
}

describe('the Following feed', () => {
  it("shows the posts and shares of the fans one follows, newest first, and nobody else's", async () => {
    const [me, friend, sharer, stranger] = await t.createFans(4);
    await follow(me!, friend!);
    await follow(me!, sharer!);
    const strangers = await post(stranger!, 'not followed');
    const friends = await post(friend!, 'from a friend');
    await post(me!, 'my own post');
    expect((await sharer!.post(`/api/posts/${strangers}/share`)).statusCode).toBe(200);
    const feed = await page(me!);
    expect(feed.posts.map((p) => [p.id, p.sharedBy?.nickname ?? null])).toEqual([
      [strangers, (await sharer!.get('/api/me')).json().me.nickname],
      [friends, null],
    ]);
    expect(feed.nextCursor).toBeNull();
    // The global feed still shows everyone.
    const global = (await me!.get('/api/feed')).json<PostPage>();
    expect(global.posts.map((p) => p.id)).toEqual(expect.arrayContaining([strangers, friends]));
  });

  it('is empty until one follows somebody', async () => {
    const [loner] = await t.createFans(1);
    expect(await page(loner!)).toEqual({ posts: [], nextCursor: null });
  });

  it('pages by cursor without repeating or skipping while new posts and shares arrive', async () => {
    const [me, a, b] = await t.createFans(3);
    await follow(me!, a!);
    await follow(me!, b!);
    const made: string[] = [];
    for (let i = 0; i < 60; i++) made.push(`${await post(i % 2 ? a! : b!, `post ${i}`)}:`);
    // Several items at the same instant: the keyset's tie-breakers (post, then sharer) keep them apart.
    const same = new Date(Date.now() - 1000);
    const tied = made.slice(0, 15).map((item) => item.slice(0, -1));
    await t.db.update(posts).set({ createdAt: same }).where(inArray(posts.id, tied));
    for (const id of tied.slice(0, 5)) {
      expect((await a!.post(`/api/posts/${id}/share`)).statusCode).toBe(200);
    }

    const first = await page(me!);
    expect(first.posts).toHaveLength(50);
    // New posts and a share arrive while the fan reads the first page.
    const late = [await post(a!, 'late one'), await post(b!, 'late two')];
    expect((await b!.post(`/api/posts/${tied[7]}/share`)).statusCode).toBe(200);
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(me!, cursor);
      rest.push(...next.posts.map((p) => `${p.id}:${p.sharedBy?.id ?? ''}`));
      cursor = next.nextCursor;
    }
    const seen = [...first.posts.map((p) => `${p.id}:${p.sharedBy?.id ?? ''}`), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    // Everything that existed when reading began, each once; nothing newer slips into the later pages.
    const before = [...made, ...tied.slice(0, 5).map((id) => `${id}:${a!.userId}`)];
    expect([...seen].sort()).toEqual([...before].sort());
    expect(seen.some((item) => late.some((id) => item.startsWith(id)))).toBe(false);
    // A fresh read starts with what arrived.
    const fresh = await everything(me!);
    expect(fresh.slice(0, 3)).toEqual([`${tied[7]}:${b!.userId}`, `${late[1]}:`, `${late[0]}:`]);
    expect(fresh).toHaveLength(before.length + 3);
  });

  it('places each share by its time, also one older than a full page of posts', async () => {
    // A share among the first page's posts is on it; one older than the first page's 50 posts starts the next page
    // in its place, so neither is skipped.
    const [me, poster, sharer, other] = await t.createFans(4);
    await follow(me!, poster!);
    await follow(me!, sharer!);
    const [recent, old] = [await post(other!, 'shared lately'), await post(other!, 'shared long ago')];
    const own: string[] = [];
    for (let i = 0; i < 55; i++) own.push(await post(poster!, `post ${i}`));
    for (const id of [recent, old]) expect((await sharer!.post(`/api/posts/${id}/share`)).statusCode).toBe(200);
    // Post i at base + i seconds; the recent share between posts 30 and 31, the old one between posts 4 and 5.
    const base = Date.now() - 3_600_000;
    for (const [i, id] of own.entries()) {
      await t.db
        .update(posts)
        .set({ createdAt: new Date(base + i * 1000) })
        .where(eq(posts.id, id));
    }
    for (const [id, at] of [
      [recent, 30_500],
      [old, 4_500],
    ] as const) {
      await t.db
        .update(shares)
        .set({ createdAt: new Date(base + at) })
        .where(and(eq(shares.postId, id), eq(shares.userId, sharer!.userId)));
    }
    const items = (feed: PostPage) => feed.posts.map((p) => `${p.id}:${p.sharedBy?.id ?? ''}`);
    const posted = (from: number, to: number) =>
      own
        .slice(from, to)
        .reverse()
        .map((id) => `${id}:`);

    const first = await page(me!);
    expect(items(first)).toEqual([...posted(31, 55), `${recent}:${sharer!.userId}`, ...posted(6, 31)]);
    const second = await page(me!, first.nextCursor);
    expect(items(second)).toEqual([...posted(5, 6), `${old}:${sharer!.userId}`, ...posted(0, 5)]);
    expect(second.nextCursor).toBeNull();
  });

  it('hides deleted posts and authors hidden by a block or an administrator', async () => {
    const [me, friend, banned, other] = await t.createFans(4);
    await follow(me!, friend!);
    await follow(me!, banned!);
    const kept = await post(friend!, 'kept');
    const gone = await post(friend!, 'deleted');
    expect((await friend!.delete(`/api/posts/${gone}`)).statusCode).toBe(204);
    await post(banned!, 'from a banned fan');
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, banned!.userId));
    // The friend shares a post by someone who blocked the viewer: it stays out too.
    const blockersPost = await post(other!, 'by a blocker');
    expect((await other!.post(`/api/users/${me!.userId}/block`)).statusCode).toBe(200);
    expect((await friend!.post(`/api/posts/${blockersPost}/share`)).statusCode).toBe(200);
    expect((await page(me!)).posts.map((p) => p.id)).toEqual([kept]);
  });

  it('refuses a cursor it did not make', async () => {
    const [me] = await t.createFans(1);
    expect((await me!.get('/api/feed/following?cursor=bm9wZQ')).statusCode).toBe(400);
  });
});

/** The viewer's timeline: from when it is complete ('-infinity', 'infinity' or a time) and how many rows it holds. */
async function timeline(fan: Fan): Promise<{ from: string | null; rows: number }> {
  const [row] = await queryRows<{ from: string | null; rows: number }>(
    t.db,
    sql`select (select at::text from following_timeline_from where viewer_id = ${fan.userId}) as from,
      (select count(*)::int from following_timeline where viewer_id = ${fan.userId}) as rows`,
  );
  return row!;
}

/** Rows of the viewer's timeline that differ from a recount, either way: zero when the triggers kept it true. */
async function timelineDrift(fan: Fan): Promise<number> {
  const [row] = await queryRows<{ drift: number }>(t.db, followingTimelineDriftQuery(fan.userId));
  return row!.drift;
}

/** `count` posts by the fan straight into the table (the triggers run as for the API's), one a second apart. */
async function backdatedPosts(fan: Fan, count: number, newest: number): Promise<string[]> {
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, fan.userId));
  const rows = await t.db
    .insert(posts)
    .values(
      Array.from({ length: count }, (_, i) => ({
        authorId: fan.userId,
        clubId: profile!.primaryClubId!,
        text: `old post ${i}`,
        createdAt: new Date(newest - (count - i) * 1000),
      })),
    )
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}

describe("the Following feed's timelines", () => {
  it('are built on the first read and then give the same pages as the merge, kept by posts, shares and follows', async () => {
    const [me, a, b, c, other] = await t.createFans(5);
    await follow(me!, a!);
    await follow(me!, b!);
    for (let i = 0; i < 5; i++) await post(i % 2 ? a! : b!, `post ${i}`);
    const othersPost = await post(other!, 'shared by b');
    expect((await b!.post(`/api/posts/${othersPost}/share`)).statusCode).toBe(200);
    expect(await timeline(me!)).toEqual({ from: null, rows: 0 });

    const merged = await everything(me!);
    expect(merged).toHaveLength(6);
    // Fewer items than a timeline holds: it is complete from the beginning.
    expect(await timeline(me!)).toEqual({ from: '-infinity', rows: 6 });
    expect(await everything(me!)).toEqual(merged);

    // A post and a share reach it as they are written; a follow brings the new fan's items, an unfollow takes
    // them out; an unshare takes the share out.
    const fresh = await post(a!, 'fresh');
    await post(c!, 'c before the follow');
    await follow(me!, c!);
    expect((await me!.get('/api/feed/following')).json<PostPage>().posts[0]!.text).toBe('c before the follow');
    expect((await timeline(me!)).rows).toBe(8);
    expect((await b!.delete(`/api/posts/${othersPost}/share`)).statusCode).toBe(200);
    expect((await me!.delete(`/api/users/${c!.userId}/follow`)).statusCode).toBe(200);
    const now = await everything(me!);
    expect(now[0]).toBe(`${fresh}:`);
    expect(now).toHaveLength(6);
    expect(now).not.toContain(`${othersPost}:${b!.userId}`);
    expect(await timelineDrift(me!)).toBe(0);

    // Blocking ends the follow: the blocked fan's items leave the timeline.
    expect((await me!.post(`/api/users/${b!.userId}/block`)).statusCode).toBe(200);
    expect((await everything(me!)).every((item) => !item.includes(b!.userId))).toBe(true);
    expect(await timelineDrift(me!)).toBe(0);
  });

  it('past 100 items hold the newest 100, and older pages are merged without repeats or skips', async () => {
    const [me, prolific, sharer, other] = await t.createFans(4);
    const base = Date.now() - 300_000;
    const ids = await backdatedPosts(prolific!, 130, base);
    const shared = await post(other!, 'shared among the old ones');
    expect((await sharer!.post(`/api/posts/${shared}/share`)).statusCode).toBe(200);
    // The share sits between the 70th and 71st newest posts.
    await t.db
      .update(shares)
      .set({ createdAt: new Date(base - 70_500) })
      .where(eq(shares.userId, sharer!.userId));
    await follow(me!, prolific!);
    await follow(me!, sharer!);

    const expected = [
      ...ids
        .slice(60)
        .reverse()
        .map((id) => `${id}:`),
      `${shared}:${sharer!.userId}`,
      ...ids
        .slice(0, 60)
        .reverse()
        .map((id) => `${id}:`),
    ];
    expect(await everything(me!)).toEqual(expected);
    const built = await timeline(me!);
    expect(built.rows).toBe(100);
    expect(built.from).not.toMatch(/infinity/);
    expect(await timelineDrift(me!)).toBe(0);
    // Read again, the first pages come from the timeline and the rest from the merge: the same items.
    expect(await everything(me!)).toEqual(expected);

    // Newer posts grow it past 200; the pruner cuts it back to the newest 100 and the feed stays whole.
    const newer = await backdatedPosts(prolific!, 110, Date.now());
    expect((await timeline(me!)).rows).toBe(210);
    expect(await pruneFollowingTimelines(t.db)).toBe(110);
    expect((await timeline(me!)).rows).toBe(100);
    expect(await timelineDrift(me!)).toBe(0);
    expect(await everything(me!)).toEqual([...newer.reverse().map((id) => `${id}:`), ...expected]);
  });

  it('marked but left unbuilt (its wait ran out), is built by the next read', async () => {
    const [me, friend] = await t.createFans(2);
    await follow(me!, friend!);
    const id = await post(friend!, 'hello');
    await t.db.execute(sql`insert into following_timeline_from (viewer_id, at) values (${me!.userId}, 'infinity')`);
    expect(await everything(me!)).toEqual([`${id}:`]);
    expect(await timeline(me!)).toEqual({ from: '-infinity', rows: 1 });
    expect(await timelineDrift(me!)).toBe(0);
  });

  it('stay true through a storm of posts, deletions, shares, unshares, follows, unfollows and first reads', async () => {
    const random = mulberry32(20261124);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const fans = await t.createFans(10);
    const authorOf = new Map<string, Fan>();
    for (const fan of fans) authorOf.set(await post(fan, 'before the storm'), fan);
    const postIds = () => [...authorOf.keys()];
    const statuses = new Map<number, number>();

    const operation = async () => {
      const fan = pick(fans);
      const other = pick(fans.filter((f) => f !== fan));
      const roll = random();
      let status: number;
      if (roll < 0.15) {
        const response = await fan.post('/api/posts', { text: 'in the storm' });
        status = response.statusCode;
        if (status === 201) authorOf.set(response.json<{ post: { id: string } }>().post.id, fan);
      } else if (roll < 0.2) {
        const id = pick(postIds());
        status = (await authorOf.get(id)!.delete(`/api/posts/${id}`)).statusCode;
      } else if (roll < 0.35) status = (await fan.post(`/api/posts/${pick(postIds())}/share`)).statusCode;
      else if (roll < 0.45) status = (await fan.delete(`/api/posts/${pick(postIds())}/share`)).statusCode;
      else if (roll < 0.6) status = (await fan.post(`/api/users/${other.userId}/follow`)).statusCode;
      else if (roll < 0.7) status = (await fan.delete(`/api/users/${other.userId}/follow`)).statusCode;
      else status = (await fan.get('/api/feed/following')).statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    // Batches run concurrently (on PostgreSQL they race for real; PGlite serialises them).
    for (let batch = 0; batch < 20; batch++) await Promise.all(Array.from({ length: 10 }, operation));

    expect(statuses.get(500)).toBeUndefined();
    expect(statuses.get(200)).toBeGreaterThan(50);
    let built = 0;
    for (const fan of fans) {
      expect(await timelineDrift(fan)).toBe(0);
      if ((await timeline(fan)).from !== null) built++;
      // Every page, timeline and merge together, is what a recount of the fans they follow gives.
      const expected = await queryRows<{ item: string }>(
        t.db,
        sql`select item from (
            select p.id || ':' as item, p.created_at as at, p.id, '' as by from follows f
              join posts p on p.author_id = f.following_id and p.deleted_at is null
              where f.follower_id = ${fan.userId}
            union all
            select s.post_id || ':' || s.user_id, s.created_at, s.post_id, s.user_id from follows f
              join shares s on s.user_id = f.following_id
              join posts p on p.id = s.post_id and p.deleted_at is null
              where f.follower_id = ${fan.userId}
          ) x order by at desc, id desc, by desc`,
      );
      expect(await everything(fan)).toEqual(expected.map((row) => row.item));
    }
    expect(built).toBeGreaterThan(5);
  });

  it('of fans with no live session are dropped by the pruner, written to no more, and built again on return', async () => {
    const [away, friend] = await t.createFans(2);
    await follow(away!, friend!);
    await post(friend!, 'while they were here');
    await everything(away!);
    expect(await timeline(away!)).toEqual({ from: '-infinity', rows: 1 });

    const expire = (at: Date) => t.db.update(session).set({ expiresAt: at }).where(eq(session.userId, away!.userId));
    await expire(new Date(Date.now() - 1000));
    expect(await pruneFollowingTimelines(t.db)).toBe(2);
    expect(await timeline(away!)).toEqual({ from: null, rows: 0 });
    const missed = await post(friend!, 'while they were away');
    expect(await timeline(away!)).toEqual({ from: null, rows: 0 });

    await expire(new Date(Date.now() + 86_400_000));
    expect((await everything(away!))[0]).toBe(`${missed}:`);
    expect(await timeline(away!)).toEqual({ from: '-infinity', rows: 2 });
    expect(await timelineDrift(away!)).toBe(0);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'being built, waits for a post written before it began and not yet committed, and keeps it',
    async () => {
      if (!t.databaseUrl) throw new Error('needs PostgreSQL');
      const [me, friend] = await t.createFans(2);
      await follow(me!, friend!);
      await post(friend!, 'before');
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, friend!.userId));
      const writer = new pg.Client({ connectionString: t.databaseUrl });
      await writer.connect();
      try {
        // A post written (its fan-out found no timeline to write to) but not committed when the build begins.
        await writer.query('begin');
        const inserted = await writer.query<{ id: string }>(
          `insert into posts (author_id, club_id, text) values ($1, $2, 'in flight') returning id`,
          [friend!.userId, profile!.primaryClubId],
        );
        const read = me!.get('/api/feed/following');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await writer.query('commit');
        expect((await read).statusCode).toBe(200);
        expect((await timeline(me!)).from).toBe('-infinity');
        const items = await everything(me!);
        expect(items[0]).toBe(`${inserted.rows[0]!.id}:`);
        expect(items).toHaveLength(2);
        expect(await timelineDrift(me!)).toBe(0);
      } finally {
        await writer.query('rollback').catch(() => undefined);
        await writer.end();
      }
    },
  );
});
