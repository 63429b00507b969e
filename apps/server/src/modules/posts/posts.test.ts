import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { likes, postRevisions, posts, profiles, userBlocks } from '../../db/schema/index.js';
import { createTestApp, multipartBody, type TestApp } from '../../../test/harness.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
let author: Fan;
let reader: Fan;

beforeAll(async () => {
  t = await createTestApp();
  const fans = await t.createFans(2);
  author = fans[0]!;
  reader = fans[1]!;
});
afterAll(async () => t?.close());

async function post(fan: Fan, text: string) {
  const response = await fan.post('/api/posts', { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ post: { id: string } }>().post;
}

function upload(
  fan: Fan,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
  method: 'POST' | 'PATCH' = 'POST',
) {
  const body = multipartBody(fields, file);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...fan.headers, ...body.headers } });
}

describe('creating posts', () => {
  it('accepts 500 characters and refuses 501, and refuses an empty post', async () => {
    const ok = await author.post('/api/posts', { text: 'ა'.repeat(500) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().post).toMatchObject({ text: 'ა'.repeat(500), likesCount: 0, media: null, editedAt: null });
    expect(ok.json().post.club.name).toBe('Dinamo Tbilisi');

    const long = await author.post('/api/posts', { text: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Posts can be at most 500 characters.');

    const empty = await author.post('/api/posts', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('POST_EMPTY');
  });

  it('needs a club and an active account', async () => {
    const [clubless] = await t.createFans(1);
    await t.db.update(profiles).set({ primaryClubId: null }).where(eq(profiles.id, clubless!.userId));
    const noClub = await clubless!.post('/api/posts', { text: 'hello' });
    expect(noClub.statusCode).toBe(400);
    expect(noClub.json().error.code).toBe('CLUB_REQUIRED');

    const [blocked] = await t.createFans(1);
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, blocked!.userId));
    const refused = await blocked!.post('/api/posts', { text: 'hello' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_BLOCKED');

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/posts', payload: { text: 'hi' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a photo re-encoded without its GPS metadata', async () => {
    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#d71920' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Burti test camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 42/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await upload(
      author,
      '/api/posts',
      { text: 'From Boris Paichadze stadium' },
      { name: 'goal.jpg', type: 'image/jpeg', data: jpeg },
    );
    expect(response.statusCode).toBe(201);
    const created = response.json().post;
    expect(created.media.type).toBe('photo');
    expect(created.media.url).toMatch(new RegExp(`^/media/posts_media/${author.userId}/[0-9a-f-]+\\.\\w+$`));

    const file = await t.app.inject({ method: 'GET', url: created.media.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toMatch(/^image\//);
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.width).toBe(120);
  });

  it('answers a photo with its size and a feed copy, and removes both files with the post', async () => {
    const jpeg = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#d71920' } })
      .jpeg()
      .toBuffer();
    const response = await upload(
      author,
      '/api/posts',
      { text: 'Wide shot' },
      { name: 'w.jpg', type: 'image/jpeg', data: jpeg },
    );
    expect(response.statusCode).toBe(201);
    const { media, id } = response.json().post;
    expect(media).toMatchObject({ type: 'photo', width: 1500, height: 1000 });
    expect(media.feedUrl).toMatch(new RegExp(`^/media/posts_media/${author.userId}/[0-9a-f-]+\\.jpg$`));
    expect(media.feedUrl).not.toBe(media.url);

    const feedFile = await t.app.inject({ method: 'GET', url: media.feedUrl });
    expect(feedFile.statusCode).toBe(200);
    expect((await sharp(feedFile.rawPayload).metadata()).width).toBe(720);
    // Lists carry the same fields as the post itself.
    const listed = (await author.get('/api/feed')).json().posts.find((p: { id: string }) => p.id === id);
    expect(listed.media).toEqual(media);

    // A small photo has no feed copy; a video has no size.
    const small = await upload(
      author,
      '/api/posts',
      {},
      {
        name: 's.jpg',
        type: 'image/jpeg',
        data: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      },
    );
    expect(small.json().post.media).toMatchObject({ width: 300, height: 200, feedUrl: null });

    expect((await author.delete(`/api/posts/${id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: media.feedUrl })).statusCode).toBe(404);
  });

  it('judges files by their bytes: text renamed .jpg, SVG and oversized files are refused', async () => {
    const text = await upload(
      author,
      '/api/posts',
      { text: 'x' },
      { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('definitely not a picture') },
    );
    expect(text.statusCode).toBe(415);
    const svg = await upload(
      author,
      '/api/posts',
      { text: 'x' },
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    );
    expect(svg.statusCode).toBe(415);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await upload(
      author,
      '/api/posts',
      { text: 'x' },
      { name: 'big.jpg', type: 'image/jpeg', data: big },
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('Please select a file smaller than 10MB');
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from posts where text = 'x'`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit, keeps the old version and marks the post edited', async () => {
    const created = await post(author, 'Kvaratskhelia scores!');
    const stranger = await reader.patch(`/api/posts/${created.id}`, { text: 'hacked' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.message).toBe("You don't have permission to edit this post");

    const edited = await author.patch(`/api/posts/${created.id}`, { text: 'Kvaratskhelia scores again!' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().post.text).toBe('Kvaratskhelia scores again!');
    expect(edited.json().post.editedAt).not.toBeNull();
    const revisions = await t.db.select().from(postRevisions).where(eq(postRevisions.postId, created.id));
    expect(revisions.map((r) => r.text)).toEqual(['Kvaratskhelia scores!']);
  });

  it('replaces and removes media, deleting the old file', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const created = (
      await upload(author, '/api/posts', { text: 'kit reveal' }, { name: 'a.png', type: 'image/png', data: png })
    ).json().post;
    const firstUrl = created.media.url as string;
    const replaced = await upload(
      author,
      `/api/posts/${created.id}`,
      { text: 'kit reveal v2' },
      { name: 'b.png', type: 'image/png', data: png },
      'PATCH',
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().post.media.url).not.toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);

    const removed = await author.patch(`/api/posts/${created.id}`, { removeMedia: true });
    expect(removed.json().post.media).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: replaced.json().post.media.url })).statusCode).toBe(404);
  });

  it('soft-deletes for the author only: gone from lists, the detail says so, the file is removed', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const created = (await upload(author, '/api/posts', {}, { name: 'c.png', type: 'image/png', data: png })).json()
      .post;
    expect((await reader.delete(`/api/posts/${created.id}`)).statusCode).toBe(403);

    expect((await author.delete(`/api/posts/${created.id}`)).statusCode).toBe(204);
    const detail = await reader.get(`/api/posts/${created.id}`);
    expect(detail.statusCode).toBe(410);
    expect(detail.json().error.message).toBe('This post has been deleted.');
    const feed = (await reader.get('/api/feed')).json().posts as { id: string }[];
    expect(feed.some((p) => p.id === created.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: created.media.url })).statusCode).toBe(404);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, created.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await reader.post(`/api/posts/${created.id}/like`)).statusCode).toBe(410);
  });
});

describe('likes and shares', () => {
  it('counts 200 concurrent likes from 200 fans as 200, and 200 from one fan as 1', async () => {
    const target = await post(author, 'Like storm');
    const crowd = await t.createFans(200);
    const results = await Promise.all(crowd.map((fan) => fan.post(`/api/posts/${target.id}/like`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [after] = await t.db.select().from(posts).where(eq(posts.id, target.id));
    expect(after!.likesCount).toBe(200);

    const single = await post(author, 'One fan, many clicks');
    await Promise.all(Array.from({ length: 200 }, () => reader.post(`/api/posts/${single.id}/like`)));
    const [one] = await t.db.select().from(posts).where(eq(posts.id, single.id));
    expect(one!.likesCount).toBe(1);
  });

  it('keeps the count equal to the rows through a like/unlike storm', async () => {
    const target = await post(author, 'Toggle storm');
    const fans = await t.createFans(20);
    await Promise.all(
      fans.flatMap((fan, i) =>
        Array.from({ length: 6 }, (_, k) =>
          (i + k) % 2 === 0 ? fan.post(`/api/posts/${target.id}/like`) : fan.delete(`/api/posts/${target.id}/like`),
        ),
      ),
    );
    const [row] = await t.db.select().from(posts).where(eq(posts.id, target.id));
    const rows = await t.db.select().from(likes).where(eq(likes.postId, target.id));
    expect(row!.likesCount).toBe(rows.length);
  });

  it('refuses taking back a like or share where it would refuse giving one, and changes nothing then', async () => {
    const [fan, other] = await t.createFans(2);
    const target = await post(author, 'Taken back?');
    const gone = await post(author, 'Deleted later');
    for (const id of [target.id, gone.id]) {
      expect((await fan!.post(`/api/posts/${id}/like`)).statusCode).toBe(200);
      expect((await fan!.post(`/api/posts/${id}/share`)).statusCode).toBe(200);
    }
    expect((await other!.post(`/api/posts/${target.id}/like`)).json()).toEqual({ liked: true, likesCount: 2 });
    const counts = async (id: string) => {
      const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
      const rows = await t.db.select().from(likes).where(eq(likes.postId, id));
      return { likes: row!.likesCount, shares: row!.sharesCount, likeRows: rows.length };
    };

    await t.db.insert(userBlocks).values({ blockerId: author.userId, blockedId: fan!.userId });
    expect((await fan!.delete(`/api/posts/${target.id}/like`)).json().error.code).toBe('USER_BLOCKED');
    expect((await fan!.delete(`/api/posts/${target.id}/share`)).json().error.code).toBe('USER_BLOCKED');
    expect(await counts(target.id)).toEqual({ likes: 2, shares: 1, likeRows: 2 });
    await t.db.delete(userBlocks).where(eq(userBlocks.blockerId, author.userId));

    expect((await author.delete(`/api/posts/${gone.id}`)).statusCode).toBe(204);
    expect((await fan!.delete(`/api/posts/${gone.id}/like`)).json().error.code).toBe('POST_DELETED');
    expect((await fan!.delete(`/api/posts/${gone.id}/share`)).json().error.code).toBe('POST_DELETED');
    expect(await counts(gone.id)).toEqual({ likes: 1, shares: 1, likeRows: 1 });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await fan!.delete(`/api/posts/${missing}/like`)).json().error.code).toBe('POST_NOT_FOUND');

    // Taken back where it may be: the count follows, and a second time changes nothing.
    expect((await fan!.delete(`/api/posts/${target.id}/like`)).json()).toEqual({ liked: false, likesCount: 1 });
    expect((await fan!.delete(`/api/posts/${target.id}/like`)).json()).toEqual({ liked: false, likesCount: 1 });
    expect((await fan!.delete(`/api/posts/${target.id}/share`)).json()).toEqual({ shared: false, sharesCount: 0 });
    expect(await counts(target.id)).toEqual({ likes: 1, shares: 0, likeRows: 1 });
  });

  it('a like or share taken back while its post is removed outright answers 404, never 500', async () => {
    // The post vanishes (an account deletion's cascade) at every point of the request in turn, the moment between
    // taking the reaction back and reading the counts included.
    const [fan] = await t.createFans(1);
    const statuses = new Set<number>();
    for (let delay = 0; delay < 40; delay++) {
      const target = await post(author, `Removed at step ${delay}`);
      const kind = delay % 2 === 0 ? 'like' : 'share';
      expect((await fan!.post(`/api/posts/${target.id}/${kind}`)).statusCode).toBe(200);
      const [answer] = await Promise.all([
        fan!.delete(`/api/posts/${target.id}/${kind}`),
        (async () => {
          for (let i = 0; i < delay; i++) await new Promise((resolve) => setImmediate(resolve));
          await t.db.delete(posts).where(eq(posts.id, target.id));
        })(),
      ]);
      statuses.add(answer.statusCode);
      if (answer.statusCode !== 200) expect(answer.json().error.code).toBe('POST_NOT_FOUND');
    }
    expect([...statuses].every((status) => status === 200 || status === 404)).toBe(true);
    expect(statuses).toContain(404);
  });

  it('reports the viewer state and shares once per fan onto the sharer profile', async () => {
    const target = await post(author, 'Share me');
    const liked = await reader.post(`/api/posts/${target.id}/like`);
    expect(liked.json()).toEqual({ liked: true, likesCount: 1 });
    expect((await reader.get(`/api/posts/${target.id}`)).json().post.viewerHasLiked).toBe(true);
    expect((await author.get(`/api/posts/${target.id}`)).json().post.viewerHasLiked).toBe(false);

    expect((await reader.post(`/api/posts/${target.id}/share`)).json()).toEqual({ shared: true, sharesCount: 1 });
    expect((await reader.post(`/api/posts/${target.id}/share`)).json()).toEqual({ shared: true, sharesCount: 1 });
    const timeline = (await author.get(`/api/users/${reader.userId}/posts`)).json().posts as {
      id: string;
      sharedBy: { id: string } | null;
    }[];
    expect(timeline.find((p) => p.id === target.id)?.sharedBy?.id).toBe(reader.userId);
  });
});

describe('feeds', () => {
  it('pages by cursor without repeating or skipping while new posts arrive', async () => {
    const [writer, viewer] = await t.createFans(2, 'Torpedo Kutaisi');
    const clubId = (await writer!.get('/api/me')).json().me.primaryClub.id as number;
    for (let i = 0; i < 45; i++) await post(writer!, `old ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { posts: { id: string }[]; nextCursor: string | null } = (
        await viewer!.get(`/api/clubs/${clubId}/posts${cursor ? `?cursor=${cursor}` : ''}`)
      ).json();
      expect(page.posts.length).toBeLessThanOrEqual(20);
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
      // New posts arrive between pages; they belong above the first page and must not shift later ones.
      await post(writer!, `new during page ${pages}`);
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(45);
  });

  it('hides posts of users blocked either way and of users an administrator blocked', async () => {
    const [viewer, blockedByViewer, blockerOfViewer, bannedByAdmin, friend] = await t.createFans(5, 'Dila Gori');
    await t.db.insert(userBlocks).values([
      { blockerId: viewer!.userId, blockedId: blockedByViewer!.userId },
      { blockerId: blockerOfViewer!.userId, blockedId: viewer!.userId },
    ]);
    const hidden = [
      await post(blockedByViewer!, 'hidden 1'),
      await post(blockerOfViewer!, 'hidden 2'),
      await post(bannedByAdmin!, 'hidden 3'),
    ];
    const visible = await post(friend!, 'visible');
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, bannedByAdmin!.userId));
    const clubId = (await viewer!.get('/api/me')).json().me.primaryClub.id as number;

    for (const url of ['/api/feed', `/api/clubs/${clubId}/posts`]) {
      const ids = ((await viewer!.get(url)).json().posts as { id: string }[]).map((p) => p.id);
      expect(ids).toContain(visible.id);
      for (const h of hidden) expect(ids).not.toContain(h.id);
    }
    expect((await viewer!.get(`/api/posts/${hidden[0]!.id}`)).statusCode).toBe(404);
    expect((await viewer!.post(`/api/posts/${hidden[1]!.id}/like`)).statusCode).toBe(403);
    expect((await viewer!.get(`/api/users/${blockedByViewer!.userId}/posts`)).json().posts).toEqual([]);
  });

  it('refuses a forged cursor with a 400', async () => {
    const response = await reader.get('/api/feed?cursor=bm90LWEtY3Vyc29y');
    expect(response.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message past 10 posts a minute', async () => {
    const limited = await createTestApp({ rateLimits: true });
    try {
      const [fan] = await limited.createFans(1);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await fan!.post('/api/posts', { text: `post ${i}` })).statusCode);
      expect(codes.slice(0, 10).every((code) => code === 201)).toBe(true);
      const last = await fan!.post('/api/posts', { text: 'one more' });
      expect(last.statusCode).toBe(429);
      expect(last.json().error.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
