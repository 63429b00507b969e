import { ADMIN_NOTE_MAX, type AdminReport, type ReportAction } from '@burti/shared';
import { Ban, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/dialogs/confirmation-dialog';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { useAdminDeleteComment } from '../api/delete-comment';
import { useAdminDeletePost } from '../api/delete-post';
import { useResolveReport } from '../api/resolve-report';
import { useSetUserBlocked } from '../api/update-user';
import { ReportedContent } from './reported-content';
import { AdminNoteField, useAdminNoteForm } from './admin-note';

/**
 * Reviewing a pending case: resolve or dismiss it with an optional note; or act on what was reported, which
 * resolves the case with the same note: delete the post, remove the comment, block the user.
 */
export function ReviewDialog({
  report,
  open,
  onOpenChange,
}: {
  report: AdminReport;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  // The case's note, as every action sends it.
  const form = useAdminNoteForm();
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  /** Runs an action with the note parsed by the schema (none when empty); a note it refuses stops the action. */
  const withNote = (act: (note: string | undefined) => void) =>
    void form.handleSubmit((values) => act(values.note ?? undefined))();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const resolve = useResolveReport();
  const removePost = useAdminDeletePost();
  const removeComment = useAdminDeleteComment();
  const block = useSetUserBlocked();
  const removing = removePost.isPending || removeComment.isPending;
  const busy = resolve.isPending || removing || block.isPending;
  const target = report.target;
  const post = target?.type === 'post' ? target : null;
  const comment = target?.type === 'comment' ? target : null;
  const user = target?.type === 'user' ? target : null;
  const canDelete = (post !== null && post.deletedAt === null) || comment !== null;
  const canBlock = user !== null && !user.isBlocked;

  function close(next: boolean) {
    if (busy) return;
    if (!next) form.reset({ note: '' });
    onOpenChange(next);
  }

  function onResolve(action: ReportAction, note: string | undefined) {
    resolve.mutate(
      { reportId: report.id, action, note },
      {
        onSuccess: () => {
          toast.success(action === 'resolved' ? t('admin.review.resolved') : t('admin.review.dismissed'));
          form.reset({ note: '' });
          onOpenChange(false);
        },
        onError: (error) => toast.error(t('admin.review.resolveError'), { description: error.message }),
      },
    );
  }

  // Deleting what was reported resolves the case on the server: the dialog closes.
  const afterRemoval = (done: string, failed: string) => ({
    onSuccess: () => {
      setConfirmingDelete(false);
      toast.success(done);
      form.reset({ note: '' });
      onOpenChange(false);
    },
    onError: (error: Error) => {
      setConfirmingDelete(false);
      toast.error(failed, { description: error.message });
    },
  });

  function onConfirmDelete(trimmed: string | undefined) {
    if (post) {
      removePost.mutate(
        { postId: post.id, note: trimmed },
        afterRemoval(t('admin.review.deleted'), t('admin.review.deleteError')),
      );
    } else if (comment) {
      removeComment.mutate(
        { commentId: comment.id, note: trimmed },
        afterRemoval(t('admin.review.commentDeleted'), t('admin.review.deleteCommentError')),
      );
    }
  }

  /** Blocks the reported user, then resolves the case with the same note. */
  function onConfirmBlock(trimmed: string | undefined) {
    if (!user) return;
    block.mutate(
      { userId: user.id, blocked: true, note: trimmed },
      {
        onSuccess: () => {
          setConfirmingBlock(false);
          onResolve('resolved', trimmed);
        },
        onError: (error) => {
          setConfirmingBlock(false);
          toast.error(t('admin.review.blockError'), { description: error.message });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('app.close')} className="md:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('admin.review.title')}</DialogTitle>
          <DialogDescription>
            {t('admin.review.description', {
              count: report.reportCount,
              type: t(`admin.review.typeName.${report.targetType}`),
            })}
          </DialogDescription>
        </DialogHeader>
        <ReportedContent target={report.target} />
        <AdminNoteField
          form={form}
          label={t('admin.review.noteLabel')}
          placeholder={t('admin.review.notePlaceholder')}
          disabled={busy}
        >
          <p className="self-end text-xs tabular-nums text-muted-foreground">
            {t('admin.review.noteCounter', { count: note.length, max: ADMIN_NOTE_MAX })}
          </p>
        </AdminNoteField>
        <DialogFooter className={cn((canDelete || canBlock) && 'md:justify-between')}>
          {canDelete && (
            <Button variant="destructive" onClick={() => setConfirmingDelete(true)} disabled={busy}>
              <Trash2 aria-hidden="true" />
              {comment ? t('admin.review.deleteComment') : t('admin.review.deletePost')}
            </Button>
          )}
          {canBlock && (
            <Button variant="destructive" onClick={() => setConfirmingBlock(true)} disabled={busy}>
              <Ban aria-hidden="true" />
              {t('admin.review.blockUser')}
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 md:flex-row">
            <Button
              variant="outline"
              onClick={() => withNote((trimmed) => onResolve('dismissed', trimmed))}
              disabled={busy}
              isLoading={resolve.isPending && resolve.variables?.action === 'dismissed'}
            >
              {t('admin.review.dismiss')}
            </Button>
            <Button
              onClick={() => withNote((trimmed) => onResolve('resolved', trimmed))}
              disabled={busy}
              isLoading={resolve.isPending && resolve.variables?.action === 'resolved'}
            >
              {t('admin.review.resolve')}
            </Button>
          </div>
        </DialogFooter>

        <ConfirmationDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={comment ? t('admin.review.deleteCommentTitle') : t('admin.review.deleteTitle')}
          description={comment ? t('admin.review.deleteCommentText') : t('admin.review.deleteText')}
          confirmLabel={t('admin.review.deleteConfirm')}
          pendingLabel={t('admin.review.deleting')}
          isPending={removing}
          onConfirm={() => withNote(onConfirmDelete)}
        />
        <ConfirmationDialog
          open={confirmingBlock}
          onOpenChange={setConfirmingBlock}
          title={t('admin.review.blockTitle', { nickname: user?.nickname ?? '' })}
          description={t('admin.review.blockText')}
          confirmLabel={t('admin.review.blockConfirm')}
          pendingLabel={t('admin.review.blocking')}
          isPending={block.isPending}
          onConfirm={() => withNote(onConfirmBlock)}
        />
      </DialogContent>
    </Dialog>
  );
}
