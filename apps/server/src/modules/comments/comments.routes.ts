import { operations, type CommentResponse } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import { addComment, deleteComment, editComment, replies, rootComments, setCommentLike } from './comments.service.js';

export function commentsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.getComments, async (request, _reply, viewer) =>
    rootComments({ db, viewer, postId: request.params.postId, cursor: request.query.cursor }),
  );

  route(app, operations.getReplies, async (request, _reply, viewer) =>
    replies({ db, viewer, commentId: request.params.commentId, cursor: request.query.cursor }),
  );

  route(app, operations.createComment, async (request, reply, viewer) => {
    const created = await addComment({
      db,
      viewer,
      postId: request.params.postId,
      body: request.body.body,
      parentCommentId: request.body.parentCommentId,
      answer: answerRecorder<CommentResponse>(request, 201),
    });
    reply.status(201);
    return created;
  });

  route(app, operations.updateComment, async (request, _reply, viewer) =>
    editComment({ db, viewer, commentId: request.params.commentId, body: request.body.body }),
  );

  route(app, operations.deleteComment, async (request, _reply, viewer) =>
    deleteComment({ db, viewer, commentId: request.params.commentId }),
  );

  route(app, operations.likeComment, async (request, _reply, viewer) =>
    setCommentLike({ db, viewer, commentId: request.params.commentId, liked: true }),
  );

  route(app, operations.unlikeComment, async (request, _reply, viewer) =>
    setCommentLike({ db, viewer, commentId: request.params.commentId, liked: false }),
  );
}
