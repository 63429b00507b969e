import { REPORT_REASON_BEHAVIOR, REPORT_REASON_CONTENT, type CreateReportInput } from '@burti/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import type { AnswerRecorder } from '../../plugins/idempotency.js';
import * as q from './reports.queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The target must exist; the reason is fixed by its type, as the spec says. */
async function checkTarget(db: Db, viewer: Viewer, { targetType, targetId }: CreateReportInput): Promise<string> {
  switch (targetType) {
    case 'post': {
      const post = UUID.test(targetId) ? await q.findPost(db, targetId) : null;
      if (!post) throw new AppError('POST_NOT_FOUND');
      if (post.deletedAt) throw new AppError('POST_DELETED');
      return REPORT_REASON_CONTENT;
    }
    case 'comment': {
      if (!UUID.test(targetId) || !(await q.commentExists(db, targetId))) throw new AppError('COMMENT_NOT_FOUND');
      return REPORT_REASON_CONTENT;
    }
    case 'user': {
      if (targetId === viewer.id) throw new AppError('CANNOT_TARGET_SELF', "You can't report yourself.");
      if (!(await q.profileExists(db, targetId))) throw new AppError('USER_NOT_FOUND');
      return REPORT_REASON_BEHAVIOR;
    }
  }
}

/** One open report per reporter and target: a second one while the first is pending is refused. */
export type CreatedReport = { reportId: string; reason: string };

export async function createReport({
  db,
  viewer,
  input,
  answer,
}: {
  db: Db;
  viewer: Viewer;
  input: CreateReportInput;
  answer?: AnswerRecorder<CreatedReport>;
}): Promise<CreatedReport> {
  const reason = await checkTarget(db, viewer, input);
  return db.transaction(async (tx) => {
    const reportId = await q.insertReport(tx, {
      targetType: input.targetType,
      targetId: input.targetId,
      reporterId: viewer.id,
      reason,
    });
    if (!reportId) throw new AppError('ALREADY_REPORTED');
    const created = { reportId, reason };
    await answer?.(tx, created);
    return created;
  });
}
