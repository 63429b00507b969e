import type { ClubDetail, PostPage } from '@burti/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/** A rival club's page and the Clubs feed: any fan reads any club, and follows its feed keeping their own club. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function clubId(name: string): Promise<number> {
  const [club] = await t.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.name, name));
  return club!.id;
}

describe("a rival club's page", () => {
  it('shows any club with its counts and public posts to a fan of another club', async () => {
    const torpedo = await clubId('Torpedo Kutaisi');
    const [writer] = await t.createFans(1, 'Torpedo Kutaisi');
    const [visitor] = await t.createFans(1, 'Dinamo Tbilisi');
    for (const text of ['Torpedo one', 'Torpedo two', 'Torpedo three'])
      expect((await writer!.post('/api/posts', { text })).statusCode).toBe(201);

    const detail = await visitor!.get(`/api/clubs/${torpedo}`);
    expect(detail.statusCode).toBe(200);
    const club = detail.json<{ club: ClubDetail }>().club;
    expect(club).toMatchObject({ name: 'Torpedo Kutaisi', nameKa: 'ტორპედო ქუთაისი', viewerFollows: false });
    expect(club.fansCount).toBeGreaterThanOrEqual(1);
    expect(club.postsCount).toBeGreaterThanOrEqual(3);

    const page = (await visitor!.get(`/api/clubs/${torpedo}/posts`)).json<PostPage>();
    expect(page.posts.slice(0, 3).map((post) => post.text)).toEqual(['Torpedo three', 'Torpedo two', 'Torpedo one']);
    expect(page.posts.every((post) => post.club.id === torpedo)).toBe(true);

    const board = await visitor!.get(`/api/leaderboard?clubId=${torpedo}`);
    expect(board.statusCode).toBe(200);
  });

  it('answers CLUB_NOT_FOUND for a club that does not exist', async () => {
    const [fan] = await t.createFans(1);
    const response = await fan!.get('/api/clubs/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('CLUB_NOT_FOUND');
    expect((await fan!.post('/api/clubs/999999/follow')).statusCode).toBe(404);
  });
});

describe("following a club's feed", () => {
  it('keeps the fan’s own club and shows the followed club’s posts in the Clubs feed, paged by cursor', async () => {
    const barcelona = await clubId('Barcelona');
    const dinamo = await clubId('Dinamo Tbilisi');
    const [fan] = await t.createFans(1, 'Dinamo Tbilisi');
    const [culer] = await t.createFans(1, 'Barcelona');
    const [other] = await t.createFans(1, 'Arsenal');

    expect((await fan!.get('/api/feed/clubs')).json<PostPage>()).toEqual({ posts: [], nextCursor: null });

    const followed = await fan!.post(`/api/clubs/${barcelona}/follow`);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ following: true });
    // Twice is once.
    expect((await fan!.post(`/api/clubs/${barcelona}/follow`)).json()).toEqual({ following: true });
    expect((await fan!.get(`/api/clubs/${barcelona}`)).json<{ club: ClubDetail }>().club.viewerFollows).toBe(true);
    // The fan's own club is unchanged.
    const me = (await fan!.get('/api/me')).json<{ me: { primaryClub: { id: number } } }>().me;
    expect(me.primaryClub.id).toBe(dinamo);

    for (let i = 1; i <= 22; i++) await culer!.post('/api/posts', { text: `Visca ${i}` });
    await other!.post('/api/posts', { text: 'Not in the Clubs feed' });

    const first = (await fan!.get('/api/feed/clubs')).json<PostPage>();
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0]!.text).toBe('Visca 22');
    expect(first.posts.every((post) => post.club.id === barcelona)).toBe(true);
    expect(first.nextCursor).not.toBeNull();
    const second = (await fan!.get(`/api/feed/clubs?cursor=${encodeURIComponent(first.nextCursor!)}`)).json<PostPage>();
    expect(second.posts.map((post) => post.text)).toEqual(['Visca 2', 'Visca 1']);
    expect(second.nextCursor).toBeNull();

    const unfollowed = await fan!.delete(`/api/clubs/${barcelona}/follow`);
    expect(unfollowed.json()).toEqual({ following: false });
    expect((await fan!.get('/api/feed/clubs')).json<PostPage>().posts).toEqual([]);
    expect((await fan!.get(`/api/clubs/${barcelona}`)).json<{ club: ClubDetail }>().club.viewerFollows).toBe(false);
  });

  it('hides the posts of fans the viewer blocked', async () => {
    const gagra = await clubId('Gagra');
    const [fan] = await t.createFans(1);
    const [writer, blocked] = await t.createFans(2, 'Gagra');
    await fan!.post(`/api/clubs/${gagra}/follow`);
    await writer!.post('/api/posts', { text: 'Gagra visible' });
    await blocked!.post('/api/posts', { text: 'Gagra hidden' });
    expect((await fan!.post(`/api/users/${blocked!.userId}/block`)).statusCode).toBe(200);
    const texts = (await fan!.get('/api/feed/clubs')).json<PostPage>().posts.map((post) => post.text);
    expect(texts).toContain('Gagra visible');
    expect(texts).not.toContain('Gagra hidden');
  });
});
