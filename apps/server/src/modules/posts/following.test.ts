import type { PostPage } from '@burti/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, profiles, shares } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

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
      await t.db.update(posts).set({ createdAt: new Date(base + i * 1000) }).where(eq(posts.id, id));
    }
    for (const [id, at] of [[recent, 30_500], [old, 4_500]] as const) {
      await t.db
        .update(shares)
        .set({ createdAt: new Date(base + at) })
        .where(and(eq(shares.postId, id), eq(shares.userId, sharer!.userId)));
    }
    const items = (feed: PostPage) => feed.posts.map((p) => `${p.id}:${p.sharedBy?.id ?? ''}`);
    const posted = (from: number, to: number) => own.slice(from, to).reverse().map((id) => `${id}:`);

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
