import { apiErrorSchema, operations, type OperationId } from '@burti/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { answer, defaultAnswer, fail, lastRequestTo, requestsTo, server } from './api';
import { aPost } from './fixtures';
import { ApiError, call, endpoint } from '../lib/api';

const ids = Object.keys(operations) as OperationId[];

describe('the mocked API', () => {
  it.each(ids)('answers %s by default with a body its response schema accepts', (id) => {
    const responses = operations[id].responses as Record<number, z.ZodType | null>;
    const [status] = Object.keys(responses).sort();
    const schema = responses[Number(status)];
    if (!schema) expect(defaultAnswer(id)).toBeUndefined();
    else expect(schema.safeParse(defaultAnswer(id)).error).toBeUndefined();
  });

  it('has a named error answer for every error each operation declares, valid as an error body', async () => {
    for (const id of ids) {
      for (const code of operations[id].errors) expect(() => fail(id, code)).not.toThrow();
    }
    expect(() => fail('getMe', 'POST_NOT_FOUND')).toThrow(/getMe does not answer POST_NOT_FOUND/);

    server.use(fail('getPost', 'POST_NOT_FOUND'));
    const response = await fetch('/api/posts/p9');
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).error).toEqual({
      code: 'POST_NOT_FOUND',
      message: 'Post not found',
    });
  });

  it('goes through the app’s own API layer and records what was sent', async () => {
    const likePost = endpoint('likePost', 'POST', '/api/posts/:postId/like');
    server.use(answer('getPost', { post: aPost({ id: 'p7', text: 'Dinamo!' }) }));
    const getPost = endpoint('getPost', 'GET', '/api/posts/:postId');
    expect((await call(getPost, { params: { postId: 'p7' } })).post.text).toBe('Dinamo!');
    await call(likePost, { params: { postId: 'p7' } });
    expect(lastRequestTo('likePost')).toMatchObject({ method: 'POST', params: { postId: 'p7' } });
    expect(requestsTo().map((request) => request.id)).toEqual(['getPost', 'likePost']);

    server.use(fail('likePost', 'POST_NOT_FOUND', { once: true }));
    await expect(call(likePost, { params: { postId: 'p8' } })).rejects.toMatchObject(
      new ApiError(404, 'POST_NOT_FOUND', 'Post not found'),
    );
  });
});
