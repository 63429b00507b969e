import { ADMIN_NOTE_MAX, type AdminReport, type ReportAction } from '@burti/shared';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
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
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { useAdminDeletePost } from '../api/delete-post';
import { useResolveReport } from '../api/resolve-report';
import { ReportedContent } from './reported-content';

/**
 * Reviewing a pending case: resolve or dismiss it with an optional note, and for a post, delete the post first
 * if it breaks the rules (the dialog stays open so the case can then be resolved).
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
  const noteId = useId();
  const [note, setNote] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const resolve = useResolveReport();
  const remove = useAdminDeletePost();
  const busy = resolve.isPending || remove.isPending;
  const post = report.target?.type === 'post' ? report.target : null;
  const canDelete = post !== null && post.deletedAt === null;

  function close(next: boolean) {
    if (busy) return;
    if (!next) setNote('');
    onOpenChange(next);
  }

  function onResolve(action: ReportAction) {
    resolve.mutate(
      { reportId: report.id, action, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(action === 'resolved' ? t('admin.review.resolved') : t('admin.review.dismissed'));
          setNote('');
          onOpenChange(false);
        },
        onError: (error) => toast.error(t('admin.review.resolveError'), { description: error.message }),
      },
    );
  }

  function onConfirmDelete() {
    if (!post) return;
    remove.mutate(
      { postId: post.id, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setConfirmingDelete(false);
          toast.success(t('admin.review.deleted'));
        },
        onError: (error) => {
          setConfirmingDelete(false);
          toast.error(t('admin.review.deleteError'), { description: error.message });
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
        <div className="flex flex-col gap-2">
          <Label htmlFor={noteId}>{t('admin.review.noteLabel')}</Label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={ADMIN_NOTE_MAX}
            placeholder={t('admin.review.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
            disabled={busy}
          />
          <p className="self-end text-xs tabular-nums text-muted-foreground">
            {t('admin.review.noteCounter', { count: note.length, max: ADMIN_NOTE_MAX })}
          </p>
        </div>
        <DialogFooter className={cn(canDelete && 'md:justify-between')}>
          {canDelete && (
            <Button variant="destructive" onClick={() => setConfirmingDelete(true)} disabled={busy}>
              <Trash2 aria-hidden="true" />
              {t('admin.review.deletePost')}
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 md:flex-row">
            <Button
              variant="outline"
              onClick={() => onResolve('dismissed')}
              disabled={busy}
              isLoading={resolve.isPending && resolve.variables?.action === 'dismissed'}
            >
              {t('admin.review.dismiss')}
            </Button>
            <Button
              onClick={() => onResolve('resolved')}
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
          title={t('admin.review.deleteTitle')}
          description={t('admin.review.deleteText')}
          confirmLabel={t('admin.review.deleteConfirm')}
          pendingLabel={t('admin.review.deleting')}
          isPending={remove.isPending}
          onConfirm={onConfirmDelete}
        />
      </DialogContent>
    </Dialog>
  );
}
