import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { clubs, profiles, session, webPushSubscriptions } from '../../db/schema/index.js';
import { applyLeaderboard } from '../leaderboard/leaderboard.queries.js';
import { DELETED_ACCOUNT_TARGET } from './account.queries.js';
import { createTestApp, post, type TestApp } from '../../../test/harness.js';

/**
 * Deleting an account leaves nothing of the person: every table that names a member, found from the catalog
 * rather than listed by hand, is filled for one fan through the API (directly only where a test cannot reach
 * it otherwise), and after `DELETE /api/me` no column of any table holds the fan's id or email.
 */

let t: TestApp;
const adminEmail = `leaving.admin.${Date.now()}@example.ge`;
beforeAll(async () => {
  // Rate limits on, so the per-member request counters and the failed sign-ins of an address are kept too.
  t = await createTestApp({ adminEmail, rateLimits: true });
});
afterAll(async () => t?.close());

/** `byDatabase`: a foreign key whose ON DELETE (cascade or set null) lets the database remove or clear it. */
type Column = { table: string; column: string; byDatabase: boolean };

/**
 * Every column that refers to a member: foreign keys to the account or the profile, and text columns named
 * like one (`user_id`, `actor_id`, `author_id`, `*_by`, …) that carry no foreign key, such as
 * `idempotency_keys.user_id`.
 */
async function memberColumns(): Promise<Column[]> {
  const foreignKeys = await queryRows<Column>(
    t.db,
    sql`select c.conrelid::regclass::text as "table", a.attname::text as "column",
          c.confdeltype in ('c', 'n') as "byDatabase"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and c.confrelid in ('"user"'::regclass, 'profiles'::regclass)`,
  );
  const named = await queryRows<Column>(
    t.db,
    sql`select table_name::text as "table", column_name::text as "column", false as "byDatabase"
        from information_schema.columns c
        join information_schema.tables using (table_schema, table_name)
        where table_schema = 'public' and table_type = 'BASE TABLE' and data_type = 'text'
          and column_name ~ '^(user|actor|author|owner|viewer|member|admin|reporter|referrer|referee|follower|following|blocker|blocked|recipient|sender)_id$|_by$'`,
  );
  const unique = new Map<string, Column>();
  for (const column of [...named, ...foreignKeys]) {
    const table = column.table.replace(/^"|"$/g, '');
    unique.set(`${table}.${column.column}`, { ...column, table });
  }
  // The profile's own key and the admin log's target are checked by the full scan below.
  unique.delete('profiles.id');
  return [...unique.values()].sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

const quoted = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

async function rowsNaming(column: Column, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ${quoted(column.table)} where ${quoted(column.column)} = ${userId}`,
  );
  return row!.n;
}

async function countsByColumn(columns: Column[], userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const column of columns) counts[`${column.table}.${column.column}`] = await rowsNaming(column, userId);
  return counts;
}

/** Every column of every table, as text, that contains one of the needles anywhere in it. */
async function columnsContaining(needles: string[]): Promise<string[]> {
  const columns = await queryRows<{ table: string; column: string }>(
    t.db,
    sql`select table_name::text as "table", column_name::text as "column"
        from information_schema.columns
        join information_schema.tables using (table_schema, table_name)
        where table_schema = 'public' and table_type = 'BASE TABLE'
        order by table_name, ordinal_position`,
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${quoted(table)}
            where strpos(lower(${quoted(column)}::text), lower(${needle})) > 0`,
      );
      if (row!.n > 0)
        found.push(`${table}.${column} (${row!.n} holding ${needle === needles[0] ? 'the id' : 'the email'})`);
    }
  }
  return found;
}

/**
 * The foreign keys to members this test fills for the fan (all there were when it was written). A later one with
 * ON DELETE CASCADE or SET NULL is cleared by the database even before it is added here.
 */
const KNOWN_FOREIGN_KEYS = new Set([
  'account.user_id',
  'admin_audit_log.admin_id',
  'comments.author_id',
  'following_timeline.viewer_id',
  'following_timeline_from.viewer_id',
  'follows.follower_id',
  'follows.following_id',
  'goal_ledger.user_id',
  'goal_referrals.referee_id',
  'goal_referrals.referrer_id',
  'leaderboard_daily.user_id',
  'leaderboard_totals.user_id',
  'likes.user_id',
  'notification_actors.actor_id',
  'notification_tokens.user_id',
  'notifications.actor_id',
  'notifications.user_id',
  'posts.author_id',
  'reports.reporter_id',
  'reports.resolved_by',
  'session.user_id',
  'shares.user_id',
  'user_blocks.blocked_id',
  'user_blocks.blocker_id',
  'web_push_subscriptions.user_id',
]);

/**
 * Others' posts and comments keep the text their authors wrote: a mention stores the handle with the profile id
 * it pointed at, and once that profile is gone it shows as plain text (decision 018).
 */
const OTHERS_CONTENT = ['posts.mentions', 'comments.mentions'];

describe('account deletion', () => {
  it('leaves no row naming the person in any table, idempotency records included', async () => {
    const leaving = await t.createUser({ email: adminEmail });
    const [friend, stranger, blocked, newcomer, boss] = await t.createFans(5);
    const fans = { friend: friend!, stranger: stranger!, blocked: blocked!, newcomer: newcomer!, boss: boss! };
    const ok = <R extends LightMyRequestResponse>(response: R, status = [200, 201, 204]): R => {
      expect(status, response.body).toContain(response.statusCode);
      return response;
    };
    const idempotent = (url: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { cookie: leaving.cookie, origin: t.config.appUrl, 'idempotency-key': crypto.randomUUID() },
      });

    // A club, then posts (one written with an Idempotency-Key, one mentioning a friend) and a hashtag.
    const [club] = await t.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.name, 'Dinamo Tbilisi'));
    ok(await leaving.put('/api/me/club', { clubId: club!.id }));
    const friendNick = (await fans.friend.get('/api/me')).json().me.nickname as string;
    const ownPost = ok(await idempotent('/api/posts', { text: `Gaumarjos @${friendNick} #dinamo` })).json().post.id;
    ok(await leaving.post('/api/posts', { text: 'A second post' }));
    const friendsPost = ok(await fans.friend.post('/api/posts', { text: 'Friend post' })).json().post.id;

    // Follows both ways, blocks both ways, likes, shares and comments both ways (notifications follow).
    ok(await leaving.post(`/api/users/${fans.friend.userId}/follow`));
    ok(await fans.friend.post(`/api/users/${leaving.userId}/follow`));
    ok(await fans.stranger.post(`/api/users/${leaving.userId}/follow`));
    ok(await leaving.post(`/api/users/${fans.blocked.userId}/block`));
    ok(await fans.blocked.post(`/api/users/${leaving.userId}/block`));
    ok(await idempotent(`/api/posts/${friendsPost}/like`, {}));
    ok(await leaving.post(`/api/posts/${friendsPost}/share`));
    ok(await leaving.post(`/api/posts/${friendsPost}/comments`, { body: 'Nice one' }));
    ok(await fans.friend.post(`/api/posts/${ownPost}/like`));
    ok(await fans.stranger.post(`/api/posts/${ownPost}/like`));
    ok(await fans.friend.post(`/api/posts/${ownPost}/comments`, { body: 'Thanks' }));
    await applyLeaderboard(t.db);
    // Activity after the last apply stays pending for the author.
    ok(await fans.newcomer.post(`/api/posts/${ownPost}/like`));

    // The Following feed builds the fan's timeline, and a follower's holds the fan's share.
    ok(await leaving.get('/api/feed/following'));
    ok(await fans.stranger.get('/api/feed/following'));

    // Reports by the fan and about the fan; the fan, an administrator, resolves one and grants another admin.
    const report = ok(await leaving.post('/api/reports', { targetType: 'post', targetId: friendsPost })).json();
    ok(await fans.stranger.post('/api/reports', { targetType: 'user', targetId: leaving.userId }));
    ok(await leaving.post(`/api/admin/reports/${report.reportId}/resolve`, { action: 'dismissed' }));
    ok(await leaving.post(`/api/admin/users/${fans.boss.userId}/admin`, { isAdmin: true }));
    // …who moderates the fan: the audit log names the fan as a target and as a deleted post's author.
    ok(await fans.boss.post(`/api/admin/posts/${ownPost}/delete`, {}));
    ok(await fans.boss.post(`/api/admin/users/${leaving.userId}/admin`, { isAdmin: false }));

    // Referrals both ways, and a reward in the ledger.
    const codeOf = async (userId: string) =>
      (await t.db.select({ code: profiles.referralCode }).from(profiles).where(eq(profiles.id, userId)))[0]!.code;
    ok(await leaving.post('/api/goal/referrals', { source: 'web', code: await codeOf(fans.friend.userId) }));
    ok(await fans.newcomer.post('/api/goal/referrals', { source: 'web', code: await codeOf(leaving.userId) }));
    ok(await fans.newcomer.post('/api/posts', { text: 'First post, the referrer is paid' }));

    // Devices: a native token through the API; a Web Push subscription written directly (its endpoint guard
    // resolves hosts over DNS, which a test does not reach).
    ok(await leaving.put('/api/push/tokens', { token: `fcm-${crypto.randomUUID()}`, platform: 'android' }));
    const [ownSession] = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, leaving.userId));
    await t.db.insert(webPushSubscriptions).values({
      userId: leaving.userId,
      endpoint: `https://push.example.net/send/${crypto.randomUUID()}`,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      sessionId: ownSession!.id,
    });

    // A password reset asked for and a failed sign-in: both keep rows of the account or its email.
    ok(
      await post(t.app, '/api/auth/request-password-reset', {
        email: leaving.email,
        redirectTo: `${t.config.appUrl}/auth`,
      }),
    );
    await t.smtp.waitForMail(leaving.email, /Reset your Burti password/);
    expect(
      (await post(t.app, '/api/auth/sign-in/email', { email: leaving.email, password: 'wrong-password' })).statusCode,
    ).toBe(401);

    // The data above reaches every column that names a member (today all of them hold the fan here). One that
    // the database does not clear by itself (no foreign key, or one without ON DELETE) fails here until this test
    // gives the fan a row in it, and the deletion handles it.
    const columns = await memberColumns();
    expect(columns.map((c) => `${c.table}.${c.column}`)).toContain('idempotency_keys.user_id');
    const before = await countsByColumn(columns, leaving.userId);
    const empty = columns.filter((c) => before[`${c.table}.${c.column}`] === 0);
    expect(
      empty.filter((c) => !c.byDatabase).map((c) => `${c.table}.${c.column}`),
      'columns left empty',
    ).toEqual([]);
    expect(empty.length, `foreign keys left empty: ${empty.map((c) => `${c.table}.${c.column}`).join(', ')}`).toBe(
      empty.filter((c) => c.byDatabase && !KNOWN_FOREIGN_KEYS.has(`${c.table}.${c.column}`)).length,
    );

    // The rows that name the fan without a foreign key are there too, found by the same scan as below.
    const named = (await columnsContaining([leaving.userId, leaving.email])).map((found) => found.split(' ')[0]);
    expect(named).toEqual(
      expect.arrayContaining([
        'idempotency_keys.user_id',
        'leaderboard_pending.user_id',
        'request_limit.key',
        'reports.target_id',
        'admin_audit_log.target_id',
        'admin_audit_log.details',
        'verification.value',
        'sign_in_failures.account',
      ]),
    );
    const auditEntries = (await fans.boss.get('/api/admin/audit')).json().entries as unknown[];

    const deleted = await leaving.delete('/api/me');
    expect(deleted.statusCode, deleted.body).toBe(204);

    const after = await countsByColumn(columns, leaving.userId);
    expect(
      Object.entries(after).filter(([, n]) => n > 0),
      'rows naming the deleted fan',
    ).toEqual([]);

    // And nowhere else either: the id or the email in any column of any table (audit entries kept, anonymised).
    const anywhere = await columnsContaining([leaving.userId, leaving.email]);
    expect(anywhere.filter((found) => !OTHERS_CONTENT.some((name) => found.startsWith(`${name} `)))).toEqual([]);

    // The rest of the site goes on: the friend's post is there with its counts, the audit log is readable.
    const friendPost = await fans.friend.get(`/api/posts/${friendsPost}`);
    expect(friendPost.statusCode).toBe(200);
    expect(friendPost.json().post).toMatchObject({ likesCount: 0, sharesCount: 0, commentsCount: 0 });
    const audit = await fans.boss.get('/api/admin/audit');
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().entries as { targetType: string; targetId: string }[];
    expect(entries).toHaveLength(auditEntries.length);
    expect(entries.filter((entry) => entry.targetType === 'user').map((entry) => entry.targetId)).toEqual(
      expect.arrayContaining([fans.boss.userId, DELETED_ACCOUNT_TARGET]),
    );
  });
});
