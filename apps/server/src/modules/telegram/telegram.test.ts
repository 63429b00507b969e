import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, goalReferrals, profiles, session, user } from '../../db/schema/index.js';
import { createTelegramBot, miniAppButton, referralStartParam } from '../../lib/telegram-bot.js';
import {
  AUTH_DATE_CLOCK_SKEW_SECONDS,
  dataCheckString,
  InitDataError,
  initDataHash,
  signInitData,
  verifyInitData,
} from '../../lib/telegram-init-data.js';
import { APP_URL, createTestApp, post, type TestApp } from '../../../test/harness.js';
import { SECRET_HEADER, WEBHOOK_PATH } from './telegram.routes.js';

const BOT_TOKEN = '123456789:AAH-test-token-for-burti-telegram-tests';
const WEBHOOK_SECRET = 'burti_webhook_secret-1';
const BOT_INFO = {
  id: 123456789,
  is_bot: true,
  first_name: 'Burti',
  username: 'burti_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
};

type BotApiCall = { method: string; body: Record<string, unknown> };

/** A local stand-in for the Bot API: records every call and answers like Telegram would. */
async function startFakeBotApi(token: string) {
  const calls: BotApiCall[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      if (!match || match[1] !== token) {
        response.statusCode = 401;
        response.end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
        return;
      }
      const method = match[2]!;
      const body = await readBody(request);
      calls.push({ method, body });
      let result: unknown = true;
      if (method === 'getMe') result = BOT_INFO;
      if (method === 'sendMessage') {
        result = {
          message_id: calls.length,
          date: Math.floor(Date.now() / 1000),
          chat: { id: body.chat_id, type: 'private' },
          text: body.text,
        };
      }
      response.end(JSON.stringify({ ok: true, result }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sent: () => calls.filter((call) => call.method === 'sendMessage'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fakeApi: Awaited<ReturnType<typeof startFakeBotApi>>;
let t: TestApp;
let nextTelegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

beforeAll(async () => {
  fakeApi = await startFakeBotApi(BOT_TOKEN);
  t = await createTestApp({
    telegram: {
      botToken: BOT_TOKEN,
      apiRoot: fakeApi.url,
      authMaxAgeSeconds: 3600,
      botMode: 'webhook',
      webhookSecret: WEBHOOK_SECRET,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fakeApi?.close();
});

const now = () => String(Math.floor(Date.now() / 1000));

/** The fields a Mini App launch carries, for a fresh Telegram id unless one is given. */
function launchFields(overrides: { user?: Record<string, unknown>; fields?: Record<string, string> } = {}) {
  const user = {
    id: nextTelegramId++,
    first_name: 'Khvicha',
    last_name: 'Kvaratskhelia',
    username: 'kvara77',
    language_code: 'ka',
    allows_write_to_pm: true,
    photo_url: 'https://t.me/i/userpic/320/kvara.svg',
    ...overrides.user,
  };
  return {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    auth_date: now(),
    signature: 'c2lnbmF0dXJlLW9mLXRoZS10aGlyZC1wYXJ0eS1jaGVjaw',
    ...overrides.fields,
  };
}

function signIn(initData: string, extra: Record<string, unknown> = {}) {
  return post(t.app, '/api/auth/telegram', { initData, ...extra });
}

async function counts() {
  const [users] = await t.db.select({ n: count() }).from(user);
  const [profileRows] = await t.db.select({ n: count() }).from(profiles);
  const [sessions] = await t.db.select({ n: count() }).from(session);
  return { users: users!.n, profiles: profileRows!.n, sessions: sessions!.n };
}

/** Expects a 401 with a clear message and not a single row written. */
async function expectRefused(initData: string, reason: RegExp) {
  const before = await counts();
  const response = await signIn(initData);
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json().error.code).toBe('UNAUTHENTICATED');
  expect(response.json().error.message).toMatch(reason);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(await counts()).toEqual(before);
}

describe('init data validation (Telegram: "Validating data received via the Mini App")', () => {
  it('builds the data-check string from every field but hash, sorted by key, joined by newlines', () => {
    const fields = new Map([
      ['user', '{"id":1}'],
      ['hash', 'ignored'],
      ['auth_date', '1700000000'],
      ['signature', 'sig'],
      ['query_id', 'Q'],
    ]);
    expect(dataCheckString(fields)).toBe('auth_date=1700000000\nquery_id=Q\nsignature=sig\nuser={"id":1}');
  });

  it('accepts what it signs, and the age check is off with 0', () => {
    const initData = signInitData({ ...launchFields(), auth_date: '1000' }, BOT_TOKEN);
    expect(() => verifyInitData(initData, BOT_TOKEN, { maxAgeSeconds: 3600 })).toThrow(/expired/);
    const verified = verifyInitData(initData, BOT_TOKEN, { maxAgeSeconds: 0 });
    expect(verified.user.first_name).toBe('Khvicha');
    expect(verified.authDate.getTime()).toBe(1_000_000);
  });

  it('counts the signature field into the hash, and refuses a repeated field', () => {
    const fields = launchFields();
    const initData = signInitData(fields, BOT_TOKEN);
    const withoutSignature = new URLSearchParams(initData);
    withoutSignature.delete('signature');
    expect(() => verifyInitData(withoutSignature.toString(), BOT_TOKEN, { maxAgeSeconds: 0 })).toThrow(InitDataError);
    expect(() => verifyInitData(`${initData}&auth_date=${now()}`, BOT_TOKEN, { maxAgeSeconds: 0 })).toThrow(/repeats/);
  });

  it('refuses an auth_date ahead of the clock by more than the allowance, even with the age check off', () => {
    const at = new Date('2026-06-01T12:00:00Z');
    const seconds = (offset: number) => String(Math.floor(at.getTime() / 1000) + offset);
    const sign = (offset: number) => signInitData({ ...launchFields(), auth_date: seconds(offset) }, BOT_TOKEN);
    // A phone whose clock runs a little fast is still let in.
    const skewed = verifyInitData(sign(AUTH_DATE_CLOCK_SKEW_SECONDS), BOT_TOKEN, { maxAgeSeconds: 3600, now: at });
    expect(skewed.authDate.getTime()).toBe((Number(seconds(0)) + AUTH_DATE_CLOCK_SKEW_SECONDS) * 1000);
    for (const maxAgeSeconds of [3600, 0]) {
      for (const offset of [AUTH_DATE_CLOCK_SKEW_SECONDS + 1, 3600, 365 * 24 * 3600]) {
        let problem: unknown;
        try {
          verifyInitData(sign(offset), BOT_TOKEN, { maxAgeSeconds, now: at });
        } catch (error) {
          problem = error;
        }
        expect(problem, `${offset} s ahead, max age ${maxAgeSeconds}`).toBeInstanceOf(InitDataError);
        expect((problem as InitDataError).problem).toBe('future-auth-date');
      }
    }
  });

  it('refuses an auth_date that is missing or not a number, even with the age check off', () => {
    const { auth_date: _, ...rest } = launchFields();
    expect(() => verifyInitData(signInitData(rest, BOT_TOKEN), BOT_TOKEN, { maxAgeSeconds: 0 })).toThrow(/auth_date/);
    const bad = signInitData({ ...rest, auth_date: 'yesterday' }, BOT_TOKEN);
    expect(() => verifyInitData(bad, BOT_TOKEN, { maxAgeSeconds: 0 })).toThrow(/auth_date/);
  });
});

describe('POST /api/auth/telegram', () => {
  it('signs a new fan in with cookie and bearer token, and the same Telegram id again is the same single user', async () => {
    const fields = launchFields();
    const telegramId = (JSON.parse(fields.user) as { id: number }).id;
    const first = await signIn(signInitData(fields, BOT_TOKEN));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{ token: string; user: { id: string; nickname: string }; created: boolean }>();
    expect(body.created).toBe(true);
    expect(body.user.nickname).toBe('kvara77');
    expect(first.headers['set-auth-token']).toBe(body.token);

    // The cookie is a better-auth session cookie: /api/me accepts it, and the bearer token as well.
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/session_token=/);
    // Partitioned (CHIPS), so Telegram Web's third-party iframe keeps it: HttpOnly, Secure, SameSite=None.
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; Secure; SameSite=None; Partitioned$/);
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(byCookie.statusCode, byCookie.body).toBe(200);
    const me = byCookie.json().me;
    expect(me).toMatchObject({ id: body.user.id, nickname: 'kvara77', email: null, primaryClub: null });
    expect(me.avatarUrl).toMatch(/^https:\/\/t\.me\/i\/userpic\/320\/kvara\.svg/);
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().me.id).toBe(body.user.id);
    // better-auth's own session endpoint agrees.
    const betterAuthSession = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(betterAuthSession.json().user.id).toBe(body.user.id);

    const again = await signIn(signInitData({ ...fields, auth_date: now(), query_id: 'another' }, BOT_TOKEN));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);
    expect(again.json().created).toBe(false);
    const rows = await t.db.select().from(profiles).where(eq(profiles.telegramId, telegramId));
    expect(rows).toHaveLength(1);
    const links = await t.db.select().from(account).where(eq(account.userId, body.user.id));
    expect(links.map((link) => [link.providerId, link.accountId])).toEqual([['telegram', String(telegramId)]]);
    const [row] = await t.db.select().from(user).where(eq(user.id, body.user.id));
    expect(row).toMatchObject({ email: `tg${telegramId}@telegram.invalid`, emailVerified: true, name: 'kvara77' });
  });

  it('ends two first sign-ins at the same moment with one account', async () => {
    const fields = launchFields({ user: { username: 'twin_launch' } });
    const telegramId = (JSON.parse(fields.user) as { id: number }).id;
    const [a, b] = await Promise.all([
      signIn(signInitData(fields, BOT_TOKEN)),
      signIn(signInitData({ ...fields, query_id: 'second' }, BOT_TOKEN)),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json().user.id).toBe(b.json().user.id);
    expect(await t.db.select().from(profiles).where(eq(profiles.telegramId, telegramId))).toHaveLength(1);
  });

  it('accepts the fields in any order (the check string is sorted) and refuses a dropped field', async () => {
    const fields = launchFields();
    const hash = initDataHash(new Map(Object.entries(fields)), BOT_TOKEN);
    const reordered = new URLSearchParams([
      ['hash', hash],
      ['user', fields.user],
      ['signature', fields.signature],
      ['auth_date', fields.auth_date],
      ['query_id', fields.query_id],
    ]).toString();
    const response = await signIn(reordered);
    expect(response.statusCode, response.body).toBe(200);

    const dropped = new URLSearchParams(signInitData(launchFields(), BOT_TOKEN));
    dropped.delete('query_id');
    await expectRefused(dropped.toString(), /signature does not match/);
  });

  it('refuses a tampered user, another bot token, a missing hash and an expired or future auth_date, creating nothing', async () => {
    const fields = launchFields();
    const tampered = new URLSearchParams(signInitData(fields, BOT_TOKEN));
    tampered.set('user', fields.user.replace('kvara77', 'admin'));
    await expectRefused(tampered.toString(), /signature does not match/);

    await expectRefused(signInitData(launchFields(), '987654321:another-bot-token'), /signature does not match/);

    const unsigned = new URLSearchParams(signInitData(launchFields(), BOT_TOKEN));
    unsigned.delete('hash');
    await expectRefused(unsigned.toString(), /no hash/);

    const old = String(Math.floor(Date.now() / 1000) - 3601);
    await expectRefused(signInitData(launchFields({ fields: { auth_date: old } }), BOT_TOKEN), /expired/);

    // Dated a year ahead of the server's clock: refused like expired data, nothing written.
    const ahead = String(Math.floor(Date.now() / 1000) + 365 * 24 * 3600);
    await expectRefused(signInitData(launchFields({ fields: { auth_date: ahead } }), BOT_TOKEN), /in the future/);

    await expectRefused('hash=abc&auth_date=1', /signature does not match/);
    const { user: _user, ...noUser } = launchFields();
    await expectRefused(signInitData(noUser, BOT_TOKEN), /no user/);
  });

  it("decodes '+' as a space, as URLSearchParams does", async () => {
    const fields = launchFields({ user: { first_name: 'Nika Kvara', last_name: undefined, username: undefined } });
    const initData = signInitData(fields, BOT_TOKEN);
    expect(initData).toContain('Nika+Kvara');
    const response = await signIn(initData);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.nickname).toMatch(/^Nika_Kvara\d*$/);
  });

  it('makes nicknames unique and refuses foreign origins and empty bodies', async () => {
    const taken = await signIn(signInitData(launchFields({ user: { username: 'dinamo_fan' } }), BOT_TOKEN));
    const second = await signIn(signInitData(launchFields({ user: { username: 'Dinamo_Fan' } }), BOT_TOKEN));
    expect(taken.json().user.nickname).toBe('dinamo_fan');
    expect(second.statusCode).toBe(200);
    expect(second.json().user.nickname).not.toMatch(/^dinamo_fan$/i);
    expect(second.json().user.nickname).toMatch(/^Dinamo_Fan\d+$/);

    const foreign = await post(
      t.app,
      '/api/auth/telegram',
      { initData: signInitData(launchFields(), BOT_TOKEN) },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect((await signIn('')).statusCode).toBe(400);
  });

  it('records a telegram referral from a ref_ start parameter', async () => {
    const [referrer] = await t.createFans(1);
    const code = (await referrer!.get('/api/me')).json().me.referralCode as string;
    const response = await signIn(signInitData(launchFields({ fields: { start_param: `ref_${code}` } }), BOT_TOKEN));
    expect(response.statusCode, response.body).toBe(200);
    const refereeId = response.json().user.id as string;
    const rows = await t.db.select().from(goalReferrals).where(eq(goalReferrals.refereeId, refereeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referrerId: referrer!.userId, source: 'telegram', startParam: `ref_${code}` });
    const listed = (await referrer!.get('/api/goal/referrals')).json();
    expect(listed.referrals.map((r: { source: string; referee: { id: string } }) => [r.source, r.referee.id])).toEqual([
      ['telegram', refereeId],
    ]);

    // A start parameter that is not a referral, or an unknown code, records nothing and still signs in.
    const plain = await signIn(signInitData(launchFields({ fields: { start_param: 'matchday' } }), BOT_TOKEN));
    const unknown = await signIn(signInitData(launchFields({ fields: { start_param: 'ref_nobody' } }), BOT_TOKEN));
    expect([plain.statusCode, unknown.statusCode]).toEqual([200, 200]);
    for (const id of [plain.json().user.id as string, unknown.json().user.id as string]) {
      expect(await t.db.select().from(goalReferrals).where(eq(goalReferrals.refereeId, id))).toHaveLength(0);
    }
  });

  it("takes the page's startapp for a Mini App opened from the bot's button (no signed start_param)", async () => {
    const [referrer] = await t.createFans(1);
    const code = (await referrer!.get('/api/me')).json().me.referralCode as string;
    const response = await signIn(signInitData(launchFields(), BOT_TOKEN), { startParam: `ref_${code}` });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.db
      .select()
      .from(goalReferrals)
      .where(eq(goalReferrals.refereeId, response.json().user.id as string));
    expect(rows.map((row) => [row.referrerId, row.source])).toEqual([[referrer!.userId, 'telegram']]);
  });
});

describe('the bot', () => {
  const startUpdate = (text: string, updateId = Math.floor(Math.random() * 1e9)): Update => ({
    update_id: updateId,
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 4242, type: 'private', first_name: 'Nika' },
      from: { id: 4242, is_bot: false, first_name: 'Nika' },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  });

  it('answers /start ref_abc with a Mini App button carrying ref_abc', async () => {
    const bot = createTelegramBot({
      token: BOT_TOKEN,
      apiRoot: fakeApi.url,
      appUrl: 'https://burti.example',
      appName: 'Burti',
    });
    await bot.init();
    const before = fakeApi.sent().length;
    await bot.handleUpdate(startUpdate('/start ref_abc'));
    const [message] = fakeApi.sent().slice(before);
    expect(message?.body.chat_id).toBe(4242);
    expect(message?.body.text).toMatch(/Welcome to Burti/);
    expect(message?.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open Burti', web_app: { url: 'https://burti.example/?startapp=ref_abc' } }]],
    });

    await bot.handleUpdate(startUpdate('/start'));
    const plain = fakeApi.sent().at(-1)!;
    expect(plain.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open Burti', web_app: { url: 'https://burti.example/' } }]],
    });
  });

  it('uses a t.me link when the app is not served over HTTPS, and ignores payloads that are not referrals', () => {
    expect(
      miniAppButton({ text: 'Open', appUrl: 'http://localhost:3000', botUsername: 'burti_bot', startParam: 'ref_abc' }),
    ).toEqual({ text: 'Open', url: 'https://t.me/burti_bot?startapp=ref_abc' });
    expect(
      miniAppButton({
        text: 'Open',
        appUrl: 'http://localhost:3000',
        botUsername: 'burti_bot',
        appShortName: 'app',
        startParam: null,
      }),
    ).toEqual({ text: 'Open', url: 'https://t.me/burti_bot/app' });
    expect(referralStartParam('ref_abc')).toBe('ref_abc');
    expect(referralStartParam('hello')).toBeNull();
    expect(referralStartParam('ref_<script>')).toBeNull();
  });

  it('takes updates on the webhook only with the secret token', async () => {
    const update = startUpdate('/start ref_abc');
    const wrong = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: update,
      headers: { [SECRET_HEADER]: 'not-the-secret' },
    });
    expect(wrong.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: update });
    expect(missing.statusCode).toBe(401);

    const before = fakeApi.sent().length;
    const right = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: update,
      headers: { [SECRET_HEADER]: WEBHOOK_SECRET },
    });
    expect(right.statusCode, right.body).toBe(200);
    const sent = fakeApi.sent().slice(before);
    expect(sent).toHaveLength(1);
    // The test app runs on http://localhost, so the button is a t.me link to the bot (its name from getMe).
    expect(sent[0]!.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open Burti', url: 'https://t.me/burti_test_bot?startapp=ref_abc' }]],
    });
    // The app told the fake Telegram where its webhook is, with the secret.
    const setWebhook = fakeApi.calls.find((call) => call.method === 'setWebhook');
    expect(setWebhook?.body).toMatchObject({ url: `${APP_URL}${WEBHOOK_PATH}`, secret_token: WEBHOOK_SECRET });
  });
});
