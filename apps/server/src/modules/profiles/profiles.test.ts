import { compareNames } from '@burti/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, profiles } from '../../db/schema/index.js';
import { APP_URL, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function clubId(name: string): Promise<number> {
  const [club] = await t.db.select().from(clubs).where(eq(clubs.name, name));
  if (!club) throw new Error(`no club ${name}`);
  return club.id;
}

describe('clubs', () => {
  it('lists at least 150 seeded clubs ordered by name, ignoring case and accents', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/clubs' });
    expect(response.statusCode).toBe(200);
    const names = (response.json().clubs as { name: string }[]).map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(150);
    expect(names).toEqual([...names].sort(compareNames));
    expect(names.indexOf('Aberdeen')).toBeLessThan(names.indexOf('AVS'));
    expect(names.indexOf('AVS')).toBeLessThan(names.indexOf('AZ Alkmaar'));
  });

  it('searches name, country and league without regard to case', async () => {
    const search = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/clubs?q=${encodeURIComponent(q)}` })).json().clubs as {
        name: string;
        country: string;
        league: string;
      }[];
    const dinamo = await search('DINAMO');
    expect(dinamo.map((c) => c.name)).toEqual(expect.arrayContaining(['Dinamo Tbilisi', 'Dinamo Batumi']));
    expect(dinamo.every((c) => /dinamo/i.test(`${c.name} ${c.country} ${c.league}`))).toBe(true);
    const georgia = await search('georgia');
    expect(georgia.length).toBeGreaterThanOrEqual(20);
    expect(georgia.every((c) => c.country === 'Georgia')).toBe(true);
    const eredivisie = await search('eredivisie');
    expect(eredivisie).toHaveLength(18);
    expect(await search('%')).toEqual([]);
  });

  it('seeds idempotently', async () => {
    const before = (await t.db.select().from(clubs)).length;
    const { seed } = await import('../../db/seed/index.js');
    await seed(t.db);
    expect((await t.db.select().from(clubs)).length).toBe(before);
  });
});

describe('choosing a club', () => {
  it('sets the primary club of the signed-in fan only, and counts fans', async () => {
    const fan = await t.createUser();
    const other = await t.createUser();
    const dinamo = await clubId('Dinamo Tbilisi');
    const [before] = await t.db.select().from(clubs).where(eq(clubs.id, dinamo));

    const response = await fan.put('/api/me/club', { clubId: dinamo });
    expect(response.statusCode).toBe(200);
    expect(response.json().me.primaryClub).toMatchObject({ id: dinamo, name: 'Dinamo Tbilisi', country: 'Georgia' });
    expect((await other.get('/api/me')).json().me.primaryClub).toBeNull();

    const [after] = await t.db.select().from(clubs).where(eq(clubs.id, dinamo));
    expect(after!.fansCount).toBe(before!.fansCount + 1);

    const arsenal = await clubId('Arsenal');
    await fan.put('/api/me/club', { clubId: arsenal });
    const [moved] = await t.db.select().from(clubs).where(eq(clubs.id, dinamo));
    expect(moved!.fansCount).toBe(before!.fansCount);
  });

  it('refuses an unknown club, a malformed body and an anonymous caller', async () => {
    const fan = await t.createUser();
    const unknown = await fan.put('/api/me/club', { clubId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Club not found');
    expect((await fan.put('/api/me/club', { clubId: 'one' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/me/club', payload: { clubId: 1 } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('editing the own profile', () => {
  it('changes nickname and bio, trimming and storing an empty bio as null', async () => {
    const fan = await t.createUser();
    const nick = `zura_${Date.now().toString(36)}`;
    const response = await fan.patch('/api/me/profile', { nickname: `  ${nick} `, bio: '  Dinamo till I die  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().me).toMatchObject({ nickname: nick, bio: 'Dinamo till I die' });
    const cleared = await fan.patch('/api/me/profile', { bio: '   ' });
    expect(cleared.json().me.bio).toBeNull();
  });

  it('refuses an empty or taken nickname', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const aNick = (await a.get('/api/me')).json().me.nickname as string;
    const empty = await b.patch('/api/me/profile', { nickname: '   ' });
    expect(empty.statusCode).toBe(400);
    const taken = await b.patch('/api/me/profile', { nickname: aNick.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('That nickname is already taken.');
    // Keeping one's own nickname in another case is fine.
    expect((await a.patch('/api/me/profile', { nickname: aNick.toUpperCase() })).statusCode).toBe(200);
  });

  it('refuses server-owned fields and changes nothing', async () => {
    const fan = await t.createUser();
    for (const body of [
      { isAdmin: true },
      { is_admin: true },
      { bio: 'hi', followersCount: 1000 },
      { referralCode: 'mine' },
      { isBlocked: false },
    ]) {
      const response = await fan.patch('/api/me/profile', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, fan.userId));
    expect(row).toMatchObject({ isAdmin: false, followersCount: 0, bio: null });
    // better-auth's own update endpoint must not reach profile fields either.
    await fan.post('/api/auth/update-user', { isAdmin: true, name: 'x' });
    const [still] = await t.db.select().from(profiles).where(eq(profiles.id, fan.userId));
    expect(still!.isAdmin).toBe(false);
  });

  it('refuses a bio over 160 characters', async () => {
    const fan = await t.createUser();
    const response = await fan.patch('/api/me/profile', { bio: 'ა'.repeat(161) });
    expect(response.statusCode).toBe(400);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 and malformed JSON with a 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const fan = await t.createUser();
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: fan.cookie, origin: APP_URL, 'content-type': 'application/json' },
      payload: '{"bio": ',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
