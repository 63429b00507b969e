import type { LeaderboardResponse, LeaderboardRow } from '@burti/shared';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import {
  clubs,
  comments,
  goalLedger,
  leaderboardDaily,
  likes,
  posts,
  profiles,
  shares,
  user,
} from '../../db/schema/index.js';
import { createTestApp, mulberry32, type TestApp } from '../../../test/harness.js';
import { startLeaderboardApplier } from './leaderboard.applier.js';
import { applyLeaderboard, leaderboardRows, reconcileLeaderboard, rollLeaderboard } from './leaderboard.queries.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function clubId(name: string): Promise<number> {
  const [club] = await t.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.name, name));
  return club!.id;
}

/** Noon (UTC) of the day `daysAgo` days before today (UTC), so that a row lands on that day whatever the hour. */
function dayAt(daysAgo: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, 12));
}

async function newPost(fan: Fan, text: string): Promise<string> {
  const response = await fan.post('/api/posts', { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

const likeAt = (postId: string, fan: Fan, daysAgo: number) =>
  t.db.insert(likes).values({ postId, userId: fan.userId, createdAt: dayAt(daysAgo) });
const shareAt = (postId: string, fan: Fan, daysAgo: number) =>
  t.db.insert(shares).values({ postId, userId: fan.userId, createdAt: dayAt(daysAgo) });
async function commentAt(postId: string, fan: Fan, daysAgo: number, parentCommentId?: string) {
  const [row] = await t.db
    .insert(comments)
    .values({ postId, authorId: fan.userId, body: 'Come on!', parentCommentId, createdAt: dayAt(daysAgo) })
    .returning({ id: comments.id });
  return row!.id;
}

async function board(fan: Fan, club: number, window?: string): Promise<LeaderboardResponse> {
  const response = await fan.get(`/api/leaderboard?clubId=${club}${window ? `&window=${window}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json<LeaderboardResponse>();
}

/** A board as tuples in rank order: rank, who, likes, comments, shares, score. */
const summary = (rows: LeaderboardRow[], names: Map<string, string>) =>
  rows.map((r) => [r.rank, names.get(r.userId) ?? r.userId, r.likes, r.comments, r.shares, r.score]);

describe('a hand-built club board', () => {
  let club: number;
  let a: Fan, b: Fan, c: Fan, d: Fan, e: Fan, idle: Fan, outsider: Fan;
  let names: Map<string, string>;
  let postA: string, postC: string;

  beforeAll(async () => {
    club = await clubId('Dinamo Batumi');
    [a, b, c, d, e, idle] = (await t.createFans(6, 'Dinamo Batumi')) as [Fan, Fan, Fan, Fan, Fan, Fan];
    [outsider] = (await t.createFans(1, 'Telavi')) as [Fan];
    names = new Map([
      [a.userId, 'a'],
      [b.userId, 'b'],
      [c.userId, 'c'],
      [d.userId, 'd'],
      [e.userId, 'e'],
      [idle.userId, 'idle'],
    ]);

    // a posts first: a's post wins ties.
    postA = await newPost(a, 'Batumi forever');
    const postB = await newPost(b, 'What a match');
    postC = await newPost(c, 'Three points');
    const postD = await newPost(d, 'Spam');
    const postE = await newPost(e, 'Soon gone');
    await newPost(idle, 'Nobody reacts to me');

    // a: likes from b (1 day ago) and c (10 days ago), a comment from b (3 days ago), a share from the outsider
    // (50 days ago); a's own like and comment count for nothing.
    await likeAt(postA, b, 1);
    await likeAt(postA, c, 10);
    await commentAt(postA, b, 3);
    await shareAt(postA, outsider, 50);
    await likeAt(postA, a, 1);
    await commentAt(postA, a, 1);
    // b: a comment from a and a reply to it from c (2 days ago), a like from the outsider 20 days ago.
    const root = await commentAt(postB, a, 2);
    await commentAt(postB, c, 2, root);
    await likeAt(postB, outsider, 20);
    // c: a share from a today.
    await shareAt(postC, a, 0);
    // d would score, but an administrator blocks d.
    await likeAt(postD, a, 1);
    await likeAt(postD, b, 1);
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, d.userId));
    // e's post is liked, then deleted by e.
    await likeAt(postE, a, 1);
    await likeAt(postE, b, 1);
    await likeAt(postE, c, 1);
    expect((await e.delete(`/api/posts/${postE}`)).statusCode).toBe(204);
    // a has a $GOAL balance.
    await t.db.insert(goalLedger).values({ userId: a.userId, amount: 35, kind: 'test', sourceId: 'leaderboard-a' });
  });

  it('counts each window, skipping self-activity, blocked members, deleted posts and empty rows; ties go to the earlier first post', async () => {
    const week = await board(b, club, '7d');
    expect(summary(week.rows, names)).toEqual([
      [1, 'b', 0, 2, 0, 4],
      [2, 'a', 1, 1, 0, 3],
      [3, 'c', 0, 0, 1, 3],
    ]);

    // 30 days is the default window.
    const month = await board(b, club);
    expect(summary(month.rows, names)).toEqual([
      [1, 'b', 1, 2, 0, 5],
      [2, 'a', 2, 1, 0, 4],
      [3, 'c', 0, 0, 1, 3],
    ]);
    expect(summary((await board(b, club, '30d')).rows, names)).toEqual(summary(month.rows, names));

    const all = await board(b, club, 'all');
    expect(summary(all.rows, names)).toEqual([
      [1, 'a', 2, 1, 1, 7],
      [2, 'b', 1, 2, 0, 5],
      [3, 'c', 0, 0, 1, 3],
    ]);
    expect(all.rows[0]).toMatchObject({ goalBalance: 35, nickname: expect.any(String), avatarUrl: null });
    expect(all.rows[1]!.goalBalance).toBe(0);
    expect(all.viewer).toEqual(all.rows[1]);
  });

  it('puts the earlier first post ahead in a tie', async () => {
    const original = await t.db.select({ createdAt: posts.createdAt }).from(posts).where(eq(posts.id, postC));
    await t.db
      .update(posts)
      .set({ createdAt: new Date(Date.now() - 365 * 86_400_000) })
      .where(eq(posts.id, postC));
    expect(summary((await board(b, club, '7d')).rows, names).slice(1)).toEqual([
      [2, 'c', 0, 0, 1, 3],
      [3, 'a', 1, 1, 0, 3],
    ]);
    await t.db.update(posts).set({ createdAt: original[0]!.createdAt }).where(eq(posts.id, postC));
  });

  it('hides members blocked either way with the viewer, and returns no viewer row without a score', async () => {
    expect((await a.post(`/api/users/${c.userId}/block`)).statusCode).toBe(200);
    const seenByA = await board(a, club, 'all');
    expect(seenByA.rows.map((r) => names.get(r.userId))).toEqual(['a', 'b']);
    const seenByC = await board(c, club, 'all');
    expect(seenByC.rows.map((r) => names.get(r.userId))).toEqual(['b', 'c']);
    expect(seenByC.viewer).toMatchObject({ rank: 2, userId: c.userId });
    expect((await a.delete(`/api/users/${c.userId}/block`)).statusCode).toBe(200);

    const idleBoard = await board(idle, club, 'all');
    expect(idleBoard.viewer).toBeNull();
    expect(idleBoard.rows).toHaveLength(3);
  });

  it('is read from the rollups, and reconciliation notices when they are wrong', async () => {
    expect(await reconcileLeaderboard(t.db)).toEqual([]);
    const today = dayAt(0).toISOString().slice(0, 10);
    await t.db
      .insert(leaderboardDaily)
      .values({ userId: c.userId, day: today, likes: 100 })
      .onConflictDoUpdate({
        target: [leaderboardDaily.userId, leaderboardDaily.day],
        set: { likes: sql`${leaderboardDaily.likes} + 100` },
      });
    expect((await board(b, club, '7d')).rows[0]).toMatchObject({ userId: c.userId, likes: 100, score: 103 });
    expect(await reconcileLeaderboard(t.db)).toEqual([
      {
        user_id: c.userId,
        day: today,
        expected: { likes: 0, comments: 0, shares: 1 },
        actual: { likes: 100, comments: 0, shares: 1 },
      },
    ]);
    await t.db
      .update(leaderboardDaily)
      .set({ likes: sql`${leaderboardDaily.likes} - 100` })
      .where(and(eq(leaderboardDaily.userId, c.userId), eq(leaderboardDaily.day, today)));
    expect(await reconcileLeaderboard(t.db)).toEqual([]);
  });

  it('refuses an unknown club or window', async () => {
    expect((await a.get('/api/leaderboard?clubId=999999')).json().error.code).toBe('CLUB_NOT_FOUND');
    expect((await a.get(`/api/leaderboard?clubId=${club}&window=1y`)).statusCode).toBe(400);
    expect((await a.get('/api/leaderboard')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/leaderboard?clubId=${club}` })).statusCode).toBe(401);
  });

  it('keeps the window edges: 6 days ago is in the week, 7 is not; 29 in the month, 30 not', async () => {
    const [f, g] = (await t.createFans(2, 'Gagra')) as [Fan, Fan];
    const gagra = await clubId('Gagra');
    const p = await newPost(f, 'edges');
    await likeAt(p, g, 6);
    await commentAt(p, g, 7);
    await shareAt(p, g, 29);
    await commentAt(p, g, 30);
    expect((await board(f, gagra, '7d')).viewer).toMatchObject({ likes: 1, comments: 0, shares: 0, score: 1 });
    expect((await board(f, gagra, '30d')).viewer).toMatchObject({ likes: 1, comments: 1, shares: 1, score: 6 });
    expect((await board(f, gagra, 'all')).viewer).toMatchObject({ likes: 1, comments: 2, shares: 1, score: 8 });
  });

  it('moves the windows when a new day begins: the oldest day leaves, the new day comes in', async () => {
    const [f, g] = (await t.createFans(2, 'Telavi')) as [Fan, Fan];
    const telavi = await clubId('Telavi');
    const p = await newPost(f, 'a new day');
    await likeAt(p, g, 0);
    await commentAt(p, g, 7);
    await shareAt(p, g, 30);
    // Wind the windows back to yesterday, as if the server had last rolled them then.
    await t.db.execute(sql`update leaderboard_clock set as_of = as_of - 1`);
    await t.db.execute(sql`select burti_leaderboard_rebuild(period, days, as_of) from leaderboard_clock`);
    const totals = async (period: string) =>
      (
        await queryRows<{ likes: number; comments: number; shares: number }>(
          t.db,
          sql`select likes, comments, shares from leaderboard_totals where period = ${period} and user_id = ${f.userId}`,
        )
      )[0] ?? null;
    // Yesterday's week held the comment of 7 days ago and not today's like; yesterday's month held the share.
    expect(await totals('7d')).toEqual({ likes: 0, comments: 1, shares: 0 });
    expect(await totals('30d')).toEqual({ likes: 0, comments: 1, shares: 1 });
    expect(await reconcileLeaderboard(t.db)).toEqual([]);

    // The roll (which the first board read of a day runs) moves each clock a day at a time, from the rollups.
    expect(await rollLeaderboard(t.db)).toBe(2);
    expect((await board(f, telavi, '7d')).viewer).toMatchObject({ likes: 1, comments: 0, shares: 0, score: 1 });
    expect(await totals('30d')).toEqual({ likes: 1, comments: 1, shares: 0 });
    expect(await reconcileLeaderboard(t.db)).toEqual([]);
    const [clock] = await queryRows<{ behind: number }>(
      t.db,
      sql`select count(*)::int as behind from leaderboard_clock where as_of < (now() at time zone 'UTC')::date`,
    );
    expect(clock!.behind).toBe(0);
  });
});

describe("'Your Rank' beyond the top 50", () => {
  it('returns 50 rows and the viewer ranked 57', async () => {
    const crowd = await t.createFans(60, 'Iberia 1999');
    const club = await clubId('Iberia 1999');
    const postIds = await t.db
      .insert(posts)
      .values(crowd.map((fan, i) => ({ authorId: fan.userId, clubId: club, text: `post ${i}` })))
      .returning({ id: posts.id, authorId: posts.authorId });
    // Fan i receives 61 - i comments from the next fan: ranks follow the crowd's order.
    const rows = postIds.flatMap((post, i) =>
      Array.from({ length: 61 - i }, () => ({
        postId: post.id,
        authorId: crowd[(i + 1) % crowd.length]!.userId,
        body: 'Vamos',
      })),
    );
    await t.db.insert(comments).values(rows);

    const viewer = crowd[56]!;
    const response = await board(viewer, club, '7d');
    expect(response.rows).toHaveLength(50);
    expect(response.rows.map((r) => r.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(response.rows[0]).toMatchObject({ userId: crowd[0]!.userId, comments: 61, score: 122 });
    expect(response.rows.some((r) => r.userId === viewer.userId)).toBe(false);
    expect(response.viewer).toMatchObject({ rank: 57, userId: viewer.userId, comments: 5, score: 10 });

    const third = await board(crowd[2]!, club, '7d');
    expect(third.viewer).toEqual(third.rows[2]);

    // Fans ahead who left the board, one blocked by an administrator and one by the viewer, do not count.
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, crowd[10]!.userId));
    expect((await viewer.post(`/api/users/${crowd[20]!.userId}/block`)).statusCode).toBe(200);
    const after = await board(viewer, club, '7d');
    expect(after.viewer).toMatchObject({ rank: 55, userId: viewer.userId });
    expect(after.rows.map((r) => r.userId)).not.toContain(crowd[10]!.userId);
    expect((await board(crowd[2]!, club, '7d')).rows.map((r) => r.rank).slice(0, 3)).toEqual([1, 2, 3]);
  });
});

/** Runs a direct write that may lose a race with the removal of its post (a foreign key violation). */
async function unlessGone(write: PromiseLike<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== '23503') throw error;
  }
}

describe('rollup reconciliation', () => {
  it('finds no difference after a random storm of likes, unlikes, comments, shares and deletes', async () => {
    const random = mulberry32(20251104);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const fans = await t.createFans(8, 'Torpedo Kutaisi');
    const postIds: string[] = [];
    const authorOf = new Map<string, Fan>();
    for (const fan of fans) {
      for (let i = 0; i < 3; i++) {
        const id = await newPost(fan, `storm ${i}`);
        postIds.push(id);
        authorOf.set(id, fan);
      }
    }
    const commentIds: string[] = [];
    const statuses = new Map<number, number>();

    const operation = async () => {
      const fan = pick(fans);
      const postId = pick(postIds);
      const roll = random();
      let status = 200;
      if (roll < 0.3) status = (await fan.post(`/api/posts/${postId}/like`)).statusCode;
      else if (roll < 0.45) status = (await fan.delete(`/api/posts/${postId}/like`)).statusCode;
      else if (roll < 0.6) {
        const parent = commentIds.length && random() < 0.4 ? pick(commentIds) : undefined;
        const response = await fan.post(`/api/posts/${postId}/comments`, {
          body: 'storm',
          ...(parent ? { parentCommentId: parent } : {}),
        });
        status = response.statusCode;
        if (status === 201) commentIds.push(response.json().comment.id);
      } else if (roll < 0.72) status = (await fan.post(`/api/posts/${postId}/share`)).statusCode;
      else if (roll < 0.8) status = (await fan.delete(`/api/posts/${postId}/share`)).statusCode;
      else if (roll < 0.88) {
        // Backdated activity straight into the tables, as imports or old rows would be.
        const table = pick([likes, shares] as const);
        await unlessGone(
          t.db
            .insert(table)
            .values({ postId, userId: fan.userId, createdAt: dayAt(Math.floor(random() * 60)) })
            .onConflictDoNothing(),
        );
      } else if (roll < 0.91) {
        await unlessGone(
          t.db.insert(comments).values({
            postId,
            authorId: fan.userId,
            body: 'old',
            createdAt: dayAt(Math.floor(random() * 60)),
          }),
        );
      } else if (roll < 0.94) {
        status = (await authorOf.get(postId)!.delete(`/api/posts/${postId}`)).statusCode;
      } else if (roll < 0.96 && commentIds.length) {
        // A comment removed with its replies (as an account deletion does).
        await t.db.delete(comments).where(eq(comments.id, pick(commentIds)));
      } else if (roll < 0.98) {
        // A post removed outright: its likes, comments and shares go with it by cascade.
        await t.db.delete(posts).where(eq(posts.id, postId));
        postIds.splice(postIds.indexOf(postId), 1);
      } else {
        status = (await fan.post('/api/posts', { text: 'another one' })).statusCode;
        if (status === 201) {
          const id = (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, fan.userId)))
            .map((p) => p.id)
            .find((id) => !authorOf.has(id));
          if (id) {
            postIds.push(id);
            authorOf.set(id, fan);
          }
        }
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };

    // Batches run concurrently (on PostgreSQL they race for real; PGlite serialises them).
    for (let batch = 0; batch < 24; batch++) {
      await Promise.all(Array.from({ length: 10 }, operation));
      if (batch === 16) {
        // An account deletion cascades through posts, likes, comments and shares at once.
        const leaving = fans.pop()!;
        await t.db.delete(user).where(eq(user.id, leaving.userId));
        for (const [id, author] of authorOf) if (author === leaving) postIds.splice(postIds.indexOf(id), 1);
      }
    }

    expect(statuses.get(500)).toBeUndefined();
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(await reconcileLeaderboard(t.db)).toEqual([]);
    const [rollups] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from leaderboard_daily`,
    );
    expect(rollups!.count).toBeGreaterThan(0);
  });
});

describe('activity applied in batches', () => {
  const pendingFor = async (userId: string) =>
    (
      await queryRows<{ entries: number; likes: number }>(
        t.db,
        sql`select count(*)::int as entries, coalesce(sum(likes), 0)::int as likes
            from leaderboard_pending where user_id = ${userId}`,
      )
    )[0]!;
  const dailyLikes = async (userId: string) =>
    (
      await queryRows<{ likes: number }>(
        t.db,
        sql`select coalesce(sum(likes), 0)::int as likes from leaderboard_daily where user_id = ${userId}`,
      )
    )[0]!.likes;

  it('a like waits outside the rollups, and the next board read shows it at once', async () => {
    const [author, fan, other] = (await t.createFans(3, 'Kolkheti Poti')) as [Fan, Fan, Fan];
    const poti = await clubId('Kolkheti Poti');
    const post = await newPost(author, 'Poti by the sea');
    expect((await fan.post(`/api/posts/${post}/like`)).statusCode).toBe(200);
    // A like and its undoing before anything is applied leave the rollups as they were.
    expect((await other.post(`/api/posts/${post}/like`)).statusCode).toBe(200);
    expect((await other.delete(`/api/posts/${post}/like`)).statusCode).toBe(200);
    expect(await pendingFor(author.userId)).toEqual({ entries: 3, likes: 1 });
    expect(await dailyLikes(author.userId)).toBe(0);

    const seen = await board(author, poti, '7d');
    expect(seen.viewer).toMatchObject({ rank: 1, likes: 1, score: 1 });
    expect(seen.rows.map((r) => [r.userId, r.likes])).toEqual([[author.userId, 1]]);
    expect(await pendingFor(author.userId)).toEqual({ entries: 0, likes: 0 });
    expect(await dailyLikes(author.userId)).toBe(1);
    expect(await reconcileLeaderboard(t.db)).toEqual([]);
  });

  it('a board read knows what is pending without reading the emptied table, and applies only then', async () => {
    const [author, fan, other] = (await t.createFans(3, 'Kolkheti Poti')) as [Fan, Fan, Fan];
    const poti = await clubId('Kolkheti Poti');
    const post = await newPost(author, 'Counted, not scanned');
    const flagged = async () =>
      (
        await queryRows<{ pending: boolean }>(
          t.db,
          sql`select burti_leaderboard_drawn() > (select through from leaderboard_applied) as pending`,
        )
      )[0]!.pending;
    const appliedThrough = async () =>
      (await queryRows<{ through: number }>(t.db, sql`select through::int as through from leaderboard_applied`))[0]!
        .through;

    expect((await other.post(`/api/posts/${post}/like`)).statusCode).toBe(200);
    expect((await board(author, poti, '7d')).viewer).toMatchObject({ likes: 1 });
    expect(await flagged()).toBe(false);
    const through = await appliedThrough();
    // A row appended with no number drawn since the last apply began (as a writer's that drew before that apply
    // and committed after it took the rows) is not flagged: the read leaves it to the applier, which looks at
    // the table itself. (All zero, so the board would not show it either way.)
    await queryRows(
      t.db,
      sql`insert into leaderboard_pending (user_id, day, likes, comments, shares)
          values (${author.userId}, current_date, 0, 0, 0)`,
    );
    expect(await flagged()).toBe(false);
    await board(author, poti, '7d');
    expect(await pendingFor(author.userId)).toEqual({ entries: 1, likes: 0 });
    await applyLeaderboard(t.db);
    expect(await pendingFor(author.userId)).toEqual({ entries: 0, likes: 0 });
    expect(await appliedThrough()).toBe(through);

    expect((await fan.post(`/api/posts/${post}/like`)).statusCode).toBe(200);
    expect(await flagged()).toBe(true);
    // The board's own statement carries the flag, which is what makes its read apply first.
    const before = await leaderboardRows(t.db, { clubId: poti, viewerId: author.userId, window: '7d' });
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((row) => row.pending)).toBe(true);
    expect((await board(author, poti, '7d')).viewer).toMatchObject({ likes: 2 });
    expect(await flagged()).toBe(false);
    expect(await appliedThrough()).toBeGreaterThan(through);
    expect(await pendingFor(author.userId)).toEqual({ entries: 0, likes: 0 });

    // A writer that rolled back drew a number and left no row: the next apply clears the flag all the same.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`select burti_leaderboard_add(${author.userId}, current_date, 5, 0, 0)`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await flagged()).toBe(true);
    expect((await board(author, poti, '7d')).viewer).toMatchObject({ likes: 2 });
    expect(await flagged()).toBe(false);
    expect(await reconcileLeaderboard(t.db)).toEqual([]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a board read does not wait while another apply holds the lock, and the next one shows what it missed',
    async () => {
      if (!t.databaseUrl) throw new Error('needs PostgreSQL');
      const [author, fan] = (await t.createFans(2, 'Kolkheti Poti')) as [Fan, Fan];
      const poti = await clubId('Kolkheti Poti');
      const post = await newPost(author, 'Read while someone applies');
      expect((await fan.post(`/api/posts/${post}/like`)).statusCode).toBe(200);
      expect((await board(author, poti, '7d')).viewer).toMatchObject({ likes: 1 });

      // Another session holds the applier's lock, as an apply (or the roll of the windows) in progress does.
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock(727275)');
        expect((await fan.delete(`/api/posts/${post}/like`)).statusCode).toBe(200);
        // A read that queued for the lock would only answer once the lock is let go below.
        const seen = await Promise.race([
          board(author, poti, '7d'),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('the board read waited for the lock')), 3000),
          ),
        ]);
        // Shown as it stands: the unlike is still pending.
        expect(seen.viewer).toMatchObject({ likes: 1 });
        expect(await pendingFor(author.userId)).toEqual({ entries: 1, likes: -1 });
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
      expect((await board(author, poti, '7d')).viewer).toBeNull();
      expect(await pendingFor(author.userId)).toEqual({ entries: 0, likes: 0 });
      expect(await reconcileLeaderboard(t.db)).toEqual([]);
    },
  );

  it('a process with jobs on applies what is pending by itself, about once a second', async () => {
    const [author, fan] = (await t.createFans(2, 'Kolkheti Poti')) as [Fan, Fan];
    const post = await newPost(author, 'Nobody reads the board today');
    expect((await fan.post(`/api/posts/${post}/like`)).statusCode).toBe(200);
    expect(await pendingFor(author.userId)).toEqual({ entries: 1, likes: 1 });

    const applier = startLeaderboardApplier({ db: t.db, log: t.app.log, intervalMs: 20 });
    try {
      await expect.poll(() => dailyLikes(author.userId), { timeout: 5000, interval: 20 }).toBe(1);
    } finally {
      await applier.stop();
    }
    expect(await pendingFor(author.userId)).toEqual({ entries: 0, likes: 0 });
    const [totals] = await queryRows<{ likes: number }>(
      t.db,
      sql`select likes from leaderboard_totals where period = '7d' and user_id = ${author.userId}`,
    );
    expect(totals).toEqual({ likes: 1 });
  });
});
