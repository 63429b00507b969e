import { searchKey, type FanResultPage, type PostPage, type SearchResponse } from '@burti/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { posts, profiles } from '../../db/schema/index.js';
import { commonPostLexemes, planPostSearch, searchTerms } from './search.queries.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
let viewer: Fan;
/** A word no other test file or run shares, so every search here finds only this file's rows. */
// Digits only after the "z": the search folds some Latin letters together as Georgian does (x, kh and k; c and ts…),
// so a tag ending in "x" would make "<tag>k" a prefix of "<tag>x" and the other tests' fans would match.
const tag = `z${String(Date.now()).slice(-7)}`;

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await t.createFans(1))[0]!;
});
afterAll(async () => t?.close());

async function fanNamed(nickname: string): Promise<Fan> {
  const [fan] = await t.createFans(1);
  await t.db.update(profiles).set({ nickname }).where(eq(profiles.id, fan!.userId));
  return fan!;
}

async function post(fan: Fan, text: string): Promise<string> {
  const response = await fan.post('/api/posts', { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

const q = (text: string) => encodeURIComponent(text);
const fans = async (who: Fan, text: string, cursor?: string) => {
  const response = await who.get(`/api/search/fans?q=${q(text)}${cursor ? `&cursor=${cursor}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json<FanResultPage>();
};
const postsFound = async (who: Fan, text: string, cursor?: string) => {
  const response = await who.get(`/api/search/posts?q=${q(text)}${cursor ? `&cursor=${cursor}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json<PostPage>();
};
const all = async (who: Fan, text: string) => {
  const response = await who.get(`/api/search?q=${q(text)}`);
  expect(response.statusCode).toBe(200);
  return response.json<SearchResponse>();
};

describe('the search key in SQL', () => {
  it('folds every text as searchKey() does, on this database', async () => {
    const samples = [
      'დინამო თბილისი',
      'DINAMO Tbilisi',
      'ᲓᲘᲜᲐᲛᲝ',
      '1. FC Köln',
      'Deportivo Alavés',
      'Barça',
      'Straße',
      '  Atlético   Madrid ',
      'nika_10',
      'zura.k',
      'წყალტუბო',
      'Samgurali Tskaltubo',
      'ჟოჟოლა ღვინო შუქი ჩიტი ძმა ხე ჯიში ჰაერი',
      'Øster Łódź Æble Œuvre Þór',
      'what a game! 🔥⚽ #DinTor',
      'foo—bar…baz «q»',
      'İstanbul',
      'Kolkheti ფოთი 1913',
      'x y',
    ];
    for (const text of samples) {
      const [row] = await queryRows<{ key: string }>(t.db, sql`select burti_search_key(${text}) as key`);
      expect(row!.key, text).toBe(searchKey(text));
    }
  });
});

describe('fans by nickname', () => {
  it('finds the same fans for a name in Latin and in Georgian letters, in any case and with accents', async () => {
    const latin = await fanNamed(`dinamo_${tag}`);
    const georgian = await fanNamed(`დინამო_${tag}2`);
    const accented = await fanNamed(`Dínamo.${tag}3`);
    const ids = [latin.userId, georgian.userId, accented.userId].sort();
    for (const text of [`dinamo ${tag}`, `დინამო ${tag}`, `DINAMO_${tag}`, `dínamo ${tag}`, `ᲓᲘᲜᲐᲛᲝ ${tag}`]) {
      const page = await fans(viewer, text);
      expect(page.fans.map((fan) => fan.id).sort(), text).toEqual(ids);
    }
  });

  it('ranks the exact nickname first, then nicknames starting with it, then a word inside one', async () => {
    const word = `${tag}k`;
    const inside = await fanNamed(`aa_${word}`);
    const longer = await fanNamed(`${word}_longer`);
    const exact = await fanNamed(word);
    const page = await fans(viewer, word.toUpperCase());
    expect(page.fans.map((fan) => fan.id)).toEqual([exact.userId, longer.userId, inside.userId]);
    expect(page.fans[0]).toMatchObject({ nickname: word, club: { name: 'Dinamo Tbilisi' }, followersCount: 0 });
  });

  it('never shows fans blocked either way or by an administrator', async () => {
    const word = `${tag}b`;
    const visible = await fanNamed(`${word}_visible`);
    const blockedByViewer = await fanNamed(`${word}_blocked`);
    const blocksViewer = await fanNamed(`${word}_blocker`);
    const adminBlocked = await fanNamed(`${word}_banned`);
    expect((await viewer.post(`/api/users/${blockedByViewer.userId}/block`)).statusCode).toBe(200);
    expect((await blocksViewer.post(`/api/users/${viewer.userId}/block`)).statusCode).toBe(200);
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, adminBlocked.userId));
    expect((await fans(viewer, word)).fans.map((fan) => fan.id)).toEqual([visible.userId]);
    // Their posts stay hidden from search too.
    for (const fan of [visible, blockedByViewer, blocksViewer]) await post(fan, `${word} posting`);
    await t.db.insert(posts).values({ authorId: adminBlocked.userId, clubId: 1, text: `${word} posting` });
    const found = await postsFound(viewer, `${word} posting`);
    expect(found.posts.map((p) => p.author.id)).toEqual([visible.userId]);
  });

  it('pages by cursor through starting and inner matches without repeating or skipping', async () => {
    const word = `${tag}p`;
    const made: string[] = [];
    for (let i = 0; i < 14; i++) made.push((await fanNamed(`${word}_${String(i).padStart(2, '0')}`)).userId);
    for (let i = 0; i < 12; i++) made.push((await fanNamed(`x${i}_${word}`)).userId);
    const first = await fans(viewer, word);
    expect(first.fans).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await fans(viewer, word, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.fans, ...second.fans].map((fan) => fan.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([...made].sort());
    // Nicknames starting with the search come before the ones that only contain it.
    expect(first.fans.slice(0, 14).every((fan) => fan.nickname.startsWith(word))).toBe(true);
  });

  it('refuses a cursor it did not make and a search that is too long', async () => {
    expect((await viewer.get(`/api/search/fans?q=abc&cursor=bm9wZQ`)).statusCode).toBe(400);
    expect((await viewer.get(`/api/search/posts?q=abc&cursor=bm9wZQ`)).statusCode).toBe(400);
    const long = await viewer.get(`/api/search?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('VALIDATION');
  });

  it('takes a search whose letters fold into very long words', async () => {
    // Each of these folds into 18 letters: the words stay under PostgreSQL's limit.
    const response = await viewer.get(`/api/search?q=${q('ﷺ'.repeat(100))}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<SearchResponse>().posts.posts).toEqual([]);
  });

  it('finds nothing for punctuation alone, and needs a session', async () => {
    expect(await fans(viewer, '!!! ...')).toEqual({ fans: [], nextCursor: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=dinamo' })).statusCode).toBe(401);
  });
});

describe('posts by words', () => {
  it('asks the index for the rare words only, and still finds only the posts holding every word', async () => {
    const [author] = await t.createFans(1);
    const [club] = await queryRows<{ id: number }>(t.db, sql`select id from clubs order by id limit 1`);
    // A word in hundreds of posts, and the statistics that tell so.
    const common = `${tag}sbroad`;
    await t.db
      .insert(posts)
      .values(
        Array.from({ length: 400 }, (_, i) => ({ authorId: author!.userId, clubId: club!.id, text: `${common} ${i}` })),
      );
    const rare = `${tag}unique`;
    const both = [await post(author!, `${common} and ${rare}`), await post(author!, `${rare}!! ${common}`)];
    await post(author!, `${rare} alone`);
    await t.db.execute(sql`analyze posts`);

    const words = searchTerms(`${common} ${rare}`)!.words;
    expect(planPostSearch(words, await commonPostLexemes(t.db)).indexWords).toBe(`${searchKey(rare)}:*`);
    const ids = (page: PostPage) => page.posts.map((p) => p.id).sort();
    expect(ids(await postsFound(viewer, `${common} ${rare}`))).toEqual([...both].sort());
    expect(ids(await postsFound(viewer, `${rare} ${common.slice(0, -2)}`))).toEqual([...both].sort());
  });

  it('asks the index for the rare words, and skips the walk for a word no common lexeme starts', () => {
    const stats = [
      { lexeme: 'derbi', share: 0.9 },
      { lexeme: 'fan1', share: 0.006 },
      { lexeme: 'fan12', share: 0.005 },
    ];
    expect(planPostSearch('fan4242:* & derbi:*', stats)).toEqual({ indexWords: 'fan4242:*', walkFirst: false });
    expect(planPostSearch('fan1:* & match:*', stats)).toEqual({ indexWords: 'match:*', walkFirst: false });
    // Both common: nothing cheaper to start from, and the newest posts likely hold a page.
    expect(planPostSearch('fan1:* & derbi:*', stats)).toEqual({ indexWords: 'fan1:* & derbi:*', walkFirst: true });
    expect(planPostSearch('der:* & fan12:*', stats)).toEqual({ indexWords: 'fan12:*', walkFirst: true });
    // No statistics yet: as before them.
    expect(planPostSearch('fan4242:* & derbi:*', [])).toEqual({ indexWords: 'fan4242:* & derbi:*', walkFirst: true });
  });

  it('finds posts written in either script and with accents, every word needed, each as a prefix', async () => {
    const [author] = await t.createFans(1);
    const latin = await post(author!, `Dinamo Tbilisi won again ${tag}q`);
    const georgian = await post(author!, `დინამო თბილისი! ${tag}q`);
    const other = await post(author!, `Dinamo Batumi drew ${tag}q`);
    const deleted = await post(author!, `Dinamo Tbilisi lost ${tag}q`);
    expect((await author!.delete(`/api/posts/${deleted}`)).statusCode).toBe(204);
    const ids = (page: PostPage) => page.posts.map((p) => p.id).sort();
    expect(ids(await postsFound(viewer, `dinamo tbil ${tag}q`))).toEqual([latin, georgian].sort());
    expect(ids(await postsFound(viewer, `დინამო თბილ ${tag}q`))).toEqual([latin, georgian].sort());
    expect(ids(await postsFound(viewer, `Tbílisi DINAMO ${tag}q`))).toEqual([latin, georgian].sort());
    expect(ids(await postsFound(viewer, `dinamo ${tag}q`))).toEqual([latin, georgian, other].sort());
    expect(ids(await postsFound(viewer, `batumi tbilisi ${tag}q`))).toEqual([]);
  });

  it('pages newest first by cursor, and a post written meanwhile neither repeats nor shifts the pages', async () => {
    const [author] = await t.createFans(1);
    const word = `${tag}r`;
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push(await post(author!, `round ${i} ${word}`));
    const first = await postsFound(viewer, word);
    expect(first.posts.map((p) => p.id)).toEqual([...made].reverse().slice(0, 20));
    await post(author!, `late ${word}`);
    const second = await postsFound(viewer, word, first.nextCursor!);
    expect(second.posts.map((p) => p.id)).toEqual([...made].reverse().slice(20));
    expect(second.nextCursor).toBeNull();
  });
});

describe('everything at once', () => {
  it('finds the same club and fans for "dinamo" and "დინამო"', async () => {
    const fan = await fanNamed(`dinamo${tag}all`);
    const latin = await all(viewer, 'dinamo');
    const georgian = await all(viewer, 'დინამო');
    expect(latin.clubs[0]!.name).toBe('Dinamo Tbilisi');
    expect(georgian.clubs.map((club) => club.id)).toEqual(latin.clubs.map((club) => club.id));
    expect(latin.fans.fans.map((f) => f.id)).toContain(fan.userId);
    expect(georgian.fans.fans.map((f) => f.id)).toEqual(latin.fans.fans.map((f) => f.id));
  });

  it('lists hashtags starting with the search, in either script, as most posts write them, exact first', async () => {
    const [author] = await t.createFans(1);
    const word = `${tag}h`;
    await post(author!, `#${word}Tor what a night`);
    await post(author!, `again #${word}tor and #${word}`);
    await post(author!, `ერთად #${word}tor`);
    const found = await all(viewer, `#${word.toUpperCase()}`);
    expect(found.hashtags).toEqual([
      { tag: word, postsCount: 1 },
      { tag: `${word}tor`, postsCount: 3 },
    ]);
    // A hashtag is found by its Georgian spelling from a Latin search and back.
    await post(author!, `#დინტორ${tag}`);
    expect((await all(viewer, `dintor${tag}`)).hashtags).toEqual([{ tag: `დინტორ${tag}`, postsCount: 1 }]);
  });
});
