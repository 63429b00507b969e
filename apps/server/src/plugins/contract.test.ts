import { defineOperations, publicProfileResponse } from '@burti/shared';
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { registerContract, route } from './contract.js';
import { registerErrorHandling } from './errors.js';

const { probe } = defineOperations({
  probe: {
    method: 'POST',
    path: '/api/probe/:id',
    summary: 'A probe',
    tags: ['test'],
    auth: 'none',
    idempotent: false,
    rateLimit: null,
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ q: z.string().trim().default('none') }),
    body: z.object({ name: z.string().min(2, 'Too short.') }).strict(),
    responses: { 200: publicProfileResponse },
    errors: [],
  },
});

async function probeApp() {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await registerContract(app, { appName: 'Test' });
  app.decorate('rateLimitsEnabled', false);
  route(app, probe, (request) => ({
    profile: {
      id: String(request.params.id),
      nickname: `${request.body.name}:${request.query.q}`,
      bio: null,
      avatarUrl: null,
      primaryClub: null,
      followersCount: 1,
      followingCount: 2,
      postsCount: 3,
      goalBalance: 4,
      createdAt: new Date('2024-05-01T10:00:00.000Z') as unknown as string,
      // What a careless service could hand over: the schema does not list them, so they never leave.
      email: 'private@example.ge',
      passwordHash: 'secret',
    },
    relationship: { isSelf: false, isFollowing: true, hasBlocked: false, internalNote: 'x' },
  }));
  await app.ready();
  return app;
}

describe('routes from the contract', () => {
  it('hand the handler parsed input and send only the fields the response schema lists', async () => {
    const app = await probeApp();
    const response = await app.inject({ method: 'POST', url: '/api/probe/7?q=%20hi%20', payload: { name: 'Nika' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: {
        id: '7',
        nickname: 'Nika:hi',
        bio: null,
        avatarUrl: null,
        primaryClub: null,
        followersCount: 1,
        followingCount: 2,
        postsCount: 3,
        goalBalance: 4,
        createdAt: '2024-05-01T10:00:00.000Z',
      },
      relationship: { isSelf: false, isFollowing: true, hasBlocked: false },
    });
    expect(response.body).not.toContain('private@example.ge');
    expect(response.body).not.toContain('secret');
    await app.close();
  });

  it('answer bad input with the error handler’s 400, field by field', async () => {
    const app = await probeApp();
    const short = await app.inject({ method: 'POST', url: '/api/probe/7', payload: { name: 'N' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: { code: 'VALIDATION', message: 'Too short.', fields: { name: 'Too short.' } },
    });
    const extra = await app.inject({ method: 'POST', url: '/api/probe/7', payload: { name: 'Nika', admin: true } });
    expect(extra.json()).toMatchObject({
      error: { code: 'VALIDATION', message: 'These fields cannot be changed: admin.' },
    });
    const badId = await app.inject({ method: 'POST', url: '/api/probe/x', payload: { name: 'Nika' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('id');
    await app.close();
  });
});
