import { firstLine } from '@burti/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
type Row = {
  id: string;
  type: string;
  actor: { id: string; nickname: string } | null;
  actorCount: number;
  preview: string | null;
  postId: string | null;
  commentId: string | null;
  readAt: string | null;
};
type PostBody = { id: string; text: string; mentions: { handle: string; id: string; nickname: string }[] };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let counter = 0;
/** Fans with nicknames of our choosing (unique per run). */
async function namedFans(...names: string[]): Promise<(Fan & { nickname: string })[]> {
  const fans = await t.createFans(names.length);
  return Promise.all(
    fans.map(async (fan, i) => {
      const nickname = `${names[i]}${++counter}`;
      await t.db.update(profiles).set({ nickname }).where(eq(profiles.id, fan.userId));
      return { ...fan, nickname };
    }),
  );
}

const inbox = async (fan: Fan) =>
  (await fan.get('/api/notifications')).json<{ notifications: Row[]; unreadCount: number }>();
const mentionsOf = async (fan: Fan) => (await inbox(fan)).notifications.filter((n) => n.type === 'mention');
const newPost = async (fan: Fan, text: string) => {
  const response = await fan.post('/api/posts', { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ post: PostBody }>().post;
};

describe('mentions', () => {
  it('links and notifies real nicknames, never email addresses, with punctuation around and in Georgian', async () => {
    const [author, nika, gio] = await namedFans('author', 'nika_', 'გიორგი');
    const text = `Mail ${nika!.nickname}@example.com! Hi (@${nika!.nickname}), @${gio!.nickname}. and @nobody_here_at_all, @${author!.nickname}`;
    const post = await newPost(author!, text);
    expect(post.mentions.map((m) => m.id).sort()).toEqual([nika!.userId, gio!.userId, author!.userId].sort());
    expect(post.mentions.find((m) => m.id === gio!.userId)).toEqual({
      handle: gio!.nickname.toLowerCase(),
      id: gio!.userId,
      nickname: gio!.nickname,
    });

    for (const fan of [nika!, gio!]) {
      expect((await mentionsOf(fan)).map((n) => [n.actor?.id, n.postId, n.preview])).toEqual([
        [author!.userId, post.id, firstLine(text)],
      ]);
    }
    // Mentioning oneself links, but notifies nobody.
    expect(await mentionsOf(author!)).toEqual([]);
  });

  it('notifies once per post even after edits, and a fan first mentioned by an edit once too', async () => {
    const [author, nika, dato] = await namedFans('author', 'nika', 'dato');
    const post = await newPost(author!, `Go @${nika!.nickname}`);
    await author!.patch(`/api/posts/${post.id}`, { text: `Go @${nika!.nickname} and @${dato!.nickname}` });
    await author!.patch(`/api/posts/${post.id}`, { text: `Go!! @${nika!.nickname} @${dato!.nickname}` });
    expect(await mentionsOf(nika!)).toHaveLength(1);
    expect(await mentionsOf(dato!)).toHaveLength(1);
    const edited = (await author!.get(`/api/posts/${post.id}`)).json<{ post: PostBody }>().post;
    expect(edited.mentions).toHaveLength(2);
  });

  it('never notifies across a block, either way', async () => {
    const [author, blocker, blocked] = await namedFans('author', 'blocker', 'blocked');
    await blocker!.post(`/api/users/${author!.userId}/block`);
    await author!.post(`/api/users/${blocked!.userId}/block`);
    await newPost(author!, `Hey @${blocker!.nickname} and @${blocked!.nickname}`);
    expect(await mentionsOf(blocker!)).toEqual([]);
    expect(await mentionsOf(blocked!)).toEqual([]);
  });

  it('keeps at most ten mentions a post: the eleventh stays plain text and is not told', async () => {
    const [author] = await namedFans('author');
    const fans = await namedFans(...Array.from({ length: 11 }, (_, i) => `many${i}_`));
    const post = await newPost(author!, fans.map((f) => `@${f.nickname}`).join(' '));
    expect(post.mentions.map((m) => m.id)).toEqual(expect.arrayContaining(fans.slice(0, 10).map((f) => f.userId)));
    expect(post.mentions).toHaveLength(10);
    expect(await mentionsOf(fans[10]!)).toEqual([]);
    expect(await mentionsOf(fans[9]!)).toHaveLength(1);
  });

  it('survives a rename: stored by id, shown by the current nickname', async () => {
    const [author, nika] = await namedFans('author', 'oldname');
    const post = await newPost(author!, `Thanks @${nika!.nickname}`);
    const renamed = `newname${++counter}`;
    expect((await nika!.patch('/api/me/profile', { nickname: renamed })).statusCode).toBe(200);
    const after = (await author!.get(`/api/posts/${post.id}`)).json<{ post: PostBody }>().post;
    expect(after.text).toBe(`Thanks @${nika!.nickname}`);
    expect(after.mentions).toEqual([{ handle: nika!.nickname.toLowerCase(), id: nika!.userId, nickname: renamed }]);
  });

  it('notifies a fan mentioned in a comment, with the comment', async () => {
    const [author, commenter, nika] = await namedFans('author', 'commenter', 'nika');
    const post = await newPost(author!, 'Matchday');
    const response = await commenter!.post(`/api/posts/${post.id}/comments`, { body: `@${nika!.nickname} look!` });
    const comment = response.json<{ comment: { id: string; mentions: { id: string }[] } }>().comment;
    expect(comment.mentions.map((m) => m.id)).toEqual([nika!.userId]);
    expect((await mentionsOf(nika!)).map((n) => [n.postId, n.commentId])).toEqual([[post.id, comment.id]]);

    // The post's author, mentioned in a comment on their post, hears of it once: as the comment.
    await commenter!.post(`/api/posts/${post.id}/comments`, { body: `@${author!.nickname} what do you think?` });
    expect((await inbox(author!)).notifications.map((n) => n.type)).toEqual(['comment', 'comment']);
  });

  it('suggests fans by nickname prefix, ignoring case, hiding blocked fans and oneself', async () => {
    const [me, a, b, blocked] = await namedFans('Suggest_me', 'Suggest_a', 'suggest_b', 'suggest_x');
    await blocked!.post(`/api/users/${me!.userId}/block`);
    const response = await me!.get('/api/mentions/suggest?q=SUGGEST_');
    const names = response.json<{ fans: { nickname: string }[] }>().fans.map((f) => f.nickname);
    expect(names).toEqual(expect.arrayContaining([a!.nickname, b!.nickname]));
    expect(names).not.toContain(blocked!.nickname);
    expect(names).not.toContain(me!.nickname);
    const none = await me!.get('/api/mentions/suggest?q=%25');
    expect(none.json().fans).toEqual([]);
  });

  it('folds the typed prefix as search does: Latin finds Georgian nicknames and Georgian finds Latin ones', async () => {
    const [me, georgian, latin] = await namedFans('mention_viewer', 'ნიკაძე_', 'tsotne_');
    const suggest = async (q: string) =>
      (await me!.get(`/api/mentions/suggest?q=${encodeURIComponent(q)}`))
        .json<{ fans: { nickname: string }[] }>()
        .fans.map((f) => f.nickname);
    // ნიკაძე_N is "nikadze n" as a search key; "nik" alone may meet many fans, the longer prefixes only this one.
    expect(await suggest('nikadze')).toContain(georgian!.nickname);
    expect(await suggest('NIKADZE_')).toContain(georgian!.nickname);
    expect(await suggest('ნიკაძ')).toContain(georgian!.nickname);
    // Latin ↔ Georgian, and the spelling variants people type: წ / ც / ts.
    expect(await suggest('ცოტნე')).toContain(latin!.nickname);
    expect(await suggest('წოტნე_')).toContain(latin!.nickname);
    expect(await suggest('tsotn')).toContain(latin!.nickname);
    expect(await suggest('nikadzex')).not.toContain(georgian!.nickname);
  });

  it('offers ნიკა for "nik"', async () => {
    const [me] = await namedFans('mention_viewer');
    const [fan] = await t.createFans(1);
    // "nika" sorts first among the "nik…" keys of this file's fans (nika12…), so the short list keeps it.
    await t.db.update(profiles).set({ nickname: 'ნიკა' }).where(eq(profiles.id, fan!.userId));
    const names = (await me!.get('/api/mentions/suggest?q=nik')).json<{ fans: { nickname: string }[] }>().fans;
    expect(names[0]?.nickname).toBe('ნიკა');
  });
});

describe('hashtags', () => {
  it('lists a tag page newest first by cursor, in any script, without deleted posts', async () => {
    const [author, reader] = await namedFans('tagger', 'reader');
    const tag = `დინამო${++counter}`;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await newPost(author!, `Post ${i} #${tag.toUpperCase()} #other`)).id);
    const url = `/api/tags/${encodeURIComponent(tag)}/posts`;
    const first = (await reader!.get(url)).json<{ posts: { id: string }[]; nextCursor: string | null }>();
    expect(first.posts.map((p) => p.id)).toEqual(ids.slice(-20).reverse());
    // A new post while paging does not shift the next page.
    await newPost(author!, `late #${tag}`);
    const second = (await reader!.get(`${url}?cursor=${encodeURIComponent(first.nextCursor!)}`)).json<{
      posts: { id: string }[];
      nextCursor: string | null;
    }>();
    expect(second.posts.map((p) => p.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.nextCursor).toBeNull();

    await author!.delete(`/api/posts/${ids[22]}`);
    await author!.patch(`/api/posts/${ids[21]}`, { text: 'no tag any more' });
    const after = (await reader!.get(url)).json<{ posts: { id: string }[] }>();
    expect(after.posts.map((p) => p.id)).not.toContain(ids[22]);
    expect(after.posts.map((p) => p.id)).not.toContain(ids[21]);
  });

  it('counts trending tags of the last 24 hours per club and overall from hourly counters', async () => {
    const [dinamo] = await namedFans('dinamo_fan');
    const [torpedo] = await t.createFans(1, 'Torpedo Kutaisi');
    const tag = `derby${++counter}`;
    const rare = `rare${counter}`;
    for (let i = 0; i < 3; i++) await newPost(dinamo!, `#${tag} ${i}`);
    const deleted = await newPost(torpedo!, `#${tag} #${rare}`);
    await newPost(torpedo!, `#${tag} and again #${tag}`);

    const overall = (await dinamo!.get('/api/tags/trending')).json<{ tags: { tag: string; uses: number }[] }>().tags;
    expect(overall.find((x) => x.tag === tag)?.uses).toBe(5);
    const [club] = await queryRows<{ id: number }>(t.db, sql`select id from clubs where name = 'Torpedo Kutaisi'`);
    const inClub = async () =>
      (await dinamo!.get(`/api/tags/trending?clubId=${club!.id}`)).json<{ tags: { tag: string; uses: number }[] }>()
        .tags;
    expect((await inClub()).filter((x) => x.tag === tag || x.tag === rare)).toEqual([
      { tag, uses: 2 },
      { tag: rare, uses: 1 },
    ]);

    await torpedo!.delete(`/api/posts/${deleted.id}`);
    expect((await inClub()).filter((x) => x.tag === tag || x.tag === rare)).toEqual([{ tag, uses: 1 }]);
    // Buckets older than a day do not count.
    await t.db.execute(sql`update hashtag_hourly set hour = hour - interval '2 days' where tag = ${tag}`);
    expect((await inClub()).some((x) => x.tag === tag)).toBe(false);
  });

  it('renders text only: the API returns the text as written, HTML included, for the client to show as text', async () => {
    const [author] = await namedFans('author');
    const post = await newPost(author!, '<img src=x onerror=alert(1)> #safe https://burti.ge');
    expect(post.text).toBe('<img src=x onerror=alert(1)> #safe https://burti.ge');
  });
});

describe('grouped notifications', () => {
  it('shows 40 likes of a post as one row with the right count and the post first line, unread as one', async () => {
    const [author] = await namedFans('star');
    const post = await newPost(author!, 'Dinamo won the derby!\nWhat a night.');
    const likers = await t.createFans(40);
    for (const fan of likers) expect((await fan.post(`/api/posts/${post.id}/like`)).statusCode).toBe(200);
    // Toggling does not count twice.
    await likers[0]!.delete(`/api/posts/${post.id}/like`);
    await likers[0]!.post(`/api/posts/${post.id}/like`);

    const { notifications: rows, unreadCount } = await inbox(author!);
    const likes = rows.filter((n) => n.type === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({
      actorCount: 40,
      postId: post.id,
      preview: 'Dinamo won the derby!',
      actor: { id: likers[39]!.userId },
      readAt: null,
    });
    expect(unreadCount).toBe(1);

    // Opening it marks the group read; a new like brings it back, unread, counted once.
    expect((await author!.post(`/api/notifications/${likes[0]!.id}/read`)).json()).toEqual({ unreadCount: 0 });
    const [late] = await t.createFans(1);
    await late!.post(`/api/posts/${post.id}/like`);
    const again = await inbox(author!);
    expect(again.unreadCount).toBe(1);
    expect(again.notifications.filter((n) => n.type === 'like')).toMatchObject([
      { id: likes[0]!.id, actorCount: 41, actor: { id: late!.userId }, readAt: null },
    ]);
    expect((await author!.get('/api/notifications/unread-count')).json()).toEqual({ unreadCount: 1 });
  });

  it('groups shares per post and follows per day, and counts each group once', async () => {
    const [author] = await namedFans('popular');
    const first = await newPost(author!, 'one');
    const second = await newPost(author!, 'two');
    const fans = await t.createFans(3);
    for (const fan of fans) {
      await fan.post(`/api/posts/${first.id}/share`);
      await fan.post(`/api/posts/${second.id}/like`);
      await fan.post(`/api/users/${author!.userId}/follow`);
    }
    const { notifications: rows, unreadCount } = await inbox(author!);
    expect(rows.map((n) => [n.type, n.actorCount, n.postId])).toEqual([
      ['follow', 3, null],
      ['like', 3, second.id],
      ['share', 3, first.id],
    ]);
    expect(unreadCount).toBe(3);
  });

  it('takes a blocked fan out of a group, which then shows the latest one left', async () => {
    const [author] = await namedFans('author');
    const post = await newPost(author!, 'a post');
    const [a, b] = await t.createFans(2);
    await a!.post(`/api/posts/${post.id}/like`);
    await b!.post(`/api/posts/${post.id}/like`);
    await author!.post(`/api/users/${b!.userId}/block`);
    const likes = (await inbox(author!)).notifications.filter((n) => n.type === 'like');
    expect(likes.map((n) => [n.actorCount, n.actor?.id])).toEqual([[1, a!.userId]]);
    await author!.post(`/api/users/${a!.userId}/block`);
    expect((await inbox(author!)).notifications.filter((n) => n.type === 'like')).toEqual([]);
  });
});
