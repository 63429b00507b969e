import {
  commentIdParams,
  createCommentInput,
  cursorQuery,
  postIdParams,
  type CommentPage,
  type CommentResponse,
} from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireActiveViewer, requireViewer } from '../../plugins/auth.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import { perUser, USER_LIMITS } from '../../plugins/rate-limit.js';
import { addComment, replies, rootComments } from './comments.service.js';

export function commentsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/posts/:postId/comments', async (request): Promise<CommentPage> => {
    const viewer = await requireViewer(request);
    const { postId } = postIdParams.parse(request.params);
    const { cursor } = cursorQuery.parse(request.query);
    return rootComments({ db, viewer, postId, cursor });
  });

  app.get('/api/comments/:commentId/replies', async (request): Promise<CommentPage> => {
    const viewer = await requireViewer(request);
    const { commentId } = commentIdParams.parse(request.params);
    const { cursor } = cursorQuery.parse(request.query);
    return replies({ db, viewer, commentId, cursor });
  });

  app.post(
    '/api/posts/:postId/comments',
    perUser(app, USER_LIMITS.comments),
    async (request, reply): Promise<CommentResponse> => {
      const viewer = await requireActiveViewer(request);
      const { postId } = postIdParams.parse(request.params);
      const input = createCommentInput.parse(request.body ?? {});
      const created = await addComment({
        db,
        viewer,
        postId,
        body: input.body,
        parentCommentId: input.parentCommentId,
        answer: answerRecorder<CommentResponse>(request, 201),
      });
      reply.status(201);
      return created;
    },
  );
}
