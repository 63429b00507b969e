import { operations, type Post } from '@burti/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { assertCleanInput } from '../../plugins/input-guard.js';
import type { Storage } from '../../lib/storage.js';
import { route } from '../../plugins/contract.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import { readingMultipart, uploadRoutes } from '../../plugins/uploads.js';
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
  route(app, operations.getFeed, async (request, _reply, viewer) =>
    posts.feedPage({ db, viewer, cursor: request.query.cursor }),
  );

  route(app, operations.getFollowingFeed, async (request, _reply, viewer) =>
    posts.followingPage({ db, viewer, cursor: request.query.cursor }),
  );

  route(app, operations.getClubPosts, async (request, _reply, viewer) =>
    posts.clubPage({ db, viewer, clubId: request.params.clubId, cursor: request.query.cursor }),
  );

  route(app, operations.getUserPosts, async (request, _reply, viewer) =>
    posts.userPage({ db, viewer, userId: request.params.userId, cursor: request.query.cursor }),
  );

  route(app, operations.getPost, async (request, _reply, viewer) => ({
    post: await posts.getPost({ db, viewer, postId: request.params.postId }),
  }));

  // Multipart or JSON: the fields are validated by the operation's body schema once the parts are read.
  uploadRoutes(app, (scope) => {
    route(scope, operations.createPost, async (request, reply, viewer) => {
      const { fields, file } = await readPostForm(request);
      const { text, matchId } = operations.createPost.body.parse(fields);
      const answer = answerRecorder<Post>(request, 201, (post) => ({ post }));
      const post = await posts.createPost({ db, viewer, storage, log: request.log, text, file, matchId, answer });
      reply.status(201);
      return { post };
    });

    route(scope, operations.editPost, async (request, _reply, viewer) => {
      const { fields, file } = await readPostForm(request);
      const { text, removeMedia } = operations.editPost.body.parse(fields);
      return {
        post: await posts.editPost({
          db,
          viewer,
          storage,
          log: request.log,
          postId: request.params.postId,
          text: 'text' in fields ? text : undefined,
          file,
          removeMedia,
          answer: answerRecorder<Post>(request, 200, (post) => ({ post })),
        }),
      };
    });
  });

  route(app, operations.deletePost, async (request, reply, viewer) => {
    await posts.deletePost({ db, viewer, storage, log: request.log, postId: request.params.postId });
    return reply.status(204).send();
  });

  route(app, operations.likePost, async (request, _reply, viewer) =>
    posts.setLike({ db, viewer, postId: request.params.postId, liked: true }),
  );
  route(app, operations.unlikePost, async (request, _reply, viewer) =>
    posts.setLike({ db, viewer, postId: request.params.postId, liked: false }),
  );
  route(app, operations.sharePost, async (request, _reply, viewer) =>
    posts.setShare({ db, viewer, postId: request.params.postId, shared: true }),
  );
  route(app, operations.unsharePost, async (request, _reply, viewer) =>
    posts.setShare({ db, viewer, postId: request.params.postId, shared: false }),
  );
}
