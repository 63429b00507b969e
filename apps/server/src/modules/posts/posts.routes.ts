import {
  clubIdParams,
  cursorQuery,
  postIdParams,
  postTextInput,
  userIdParams,
  type LikeState,
  type Post,
  type PostPage,
  type PostResponse,
  type ShareState,
} from '@burti/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { assertCleanInput, readingMultipart } from '../../plugins/input-guard.js';
import type { Storage } from '../../lib/storage.js';
import { requireActiveViewer, requireViewer } from '../../plugins/auth.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import { perUser, USER_LIMITS } from '../../plugins/rate-limit.js';
import * as posts from './posts.service.js';

/** Reads a post form: JSON, or multipart with text fields and at most one file named `media`. */
async function readPostForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file?: Buffer }> {
  if (!request.isMultipart()) return { fields: (request.body as Record<string, unknown> | null) ?? {} };
  return readingMultipart(() => readParts(request));
}

async function readParts(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file?: Buffer }> {
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'media' || file) {
        part.file.resume();
        throw new AppError('VALIDATION', 'Attach at most one photo or video.');
      }
      file = await part.toBuffer();
      if (file.length === 0) file = undefined;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  assertCleanInput(fields);
  return { fields, file };
}

export function postsRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }): void {
  app.get('/api/feed', async (request): Promise<PostPage> => {
    const viewer = await requireViewer(request);
    const { cursor } = cursorQuery.parse(request.query);
    return posts.feedPage({ db, viewer, cursor });
  });

  app.get('/api/feed/following', async (request): Promise<PostPage> => {
    const viewer = await requireViewer(request);
    const { cursor } = cursorQuery.parse(request.query);
    return posts.followingPage({ db, viewer, cursor });
  });

  app.get('/api/clubs/:clubId/posts', async (request): Promise<PostPage> => {
    const viewer = await requireViewer(request);
    const { clubId } = clubIdParams.parse(request.params);
    const { cursor } = cursorQuery.parse(request.query);
    return posts.clubPage({ db, viewer, clubId, cursor });
  });

  app.get('/api/users/:userId/posts', async (request): Promise<PostPage> => {
    const viewer = await requireViewer(request);
    const { userId } = userIdParams.parse(request.params);
    const { cursor } = cursorQuery.parse(request.query);
    return posts.userPage({ db, viewer, userId, cursor });
  });

  app.get('/api/posts/:postId', async (request): Promise<PostResponse> => {
    const viewer = await requireViewer(request);
    const { postId } = postIdParams.parse(request.params);
    return { post: await posts.getPost({ db, viewer, postId }) };
  });

  app.post('/api/posts', perUser(app, USER_LIMITS.posts), async (request, reply): Promise<PostResponse> => {
    const viewer = await requireActiveViewer(request);
    const { fields, file } = await readPostForm(request);
    const { text } = postTextInput.parse(fields);
    const answer = answerRecorder<Post>(request, 201, (post) => ({ post }));
    const post = await posts.createPost({ db, viewer, storage, log: request.log, text, file, answer });
    reply.status(201);
    return { post };
  });

  app.patch('/api/posts/:postId', perUser(app, USER_LIMITS.postEdits), async (request): Promise<PostResponse> => {
    const viewer = await requireActiveViewer(request);
    const { postId } = postIdParams.parse(request.params);
    const { fields, file } = await readPostForm(request);
    const { text, removeMedia } = postTextInput.parse(fields);
    return {
      post: await posts.editPost({
        db,
        viewer,
        storage,
        log: request.log,
        postId,
        text: 'text' in fields ? text : undefined,
        file,
        removeMedia,
        answer: answerRecorder<Post>(request, 200, (post) => ({ post })),
      }),
    };
  });

  app.delete('/api/posts/:postId', async (request, reply) => {
    const viewer = await requireActiveViewer(request);
    const { postId } = postIdParams.parse(request.params);
    await posts.deletePost({ db, viewer, storage, log: request.log, postId });
    return reply.status(204).send();
  });

  const like =
    (liked: boolean) =>
    async (request: FastifyRequest): Promise<LikeState> => {
      const viewer = await requireActiveViewer(request);
      const { postId } = postIdParams.parse(request.params);
      return posts.setLike({ db, viewer, postId, liked });
    };
  app.post('/api/posts/:postId/like', perUser(app, USER_LIMITS.likes), like(true));
  app.delete('/api/posts/:postId/like', perUser(app, USER_LIMITS.likes), like(false));

  const share =
    (shared: boolean) =>
    async (request: FastifyRequest): Promise<ShareState> => {
      const viewer = await requireActiveViewer(request);
      const { postId } = postIdParams.parse(request.params);
      return posts.setShare({ db, viewer, postId, shared });
    };
  app.post('/api/posts/:postId/share', perUser(app, USER_LIMITS.shares), share(true));
  app.delete('/api/posts/:postId/share', perUser(app, USER_LIMITS.shares), share(false));
}
