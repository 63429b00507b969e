import type { AdminUser } from '@burti/shared';
import { Ban, ExternalLink, ShieldCheck, ShieldOff, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/dialogs/confirmation-dialog';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { fullDate } from '../../../lib/time-ago';
import { useMe } from '../../auth/api/get-me';
import { useSetUserAdmin, useSetUserBlocked } from '../api/update-user';
import { formatDate } from '../../../lib/format';
import { AdminNoteField, useAdminNoteForm, type AdminNoteValues } from './admin-note';

type Pending = 'block' | 'unblock' | 'makeAdmin' | 'revokeAdmin';

/** Action labels wrap inside their button rather than widen the card (Georgian ones are long at 320 px). */
const ACTION = 'max-w-full whitespace-normal text-left';

/** A user of the admin list: who they are, and Block/Unblock and Make/Revoke Admin behind a confirmation. */
export function UserCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const isSelf = me?.id === user.id;
  // The kind outlives the open state, so the dialog keeps its words while it animates closed.
  const [kind, setKind] = useState<Pending>('block');
  const [isOpen, setIsOpen] = useState(false);
  const ask = (next: Pending) => {
    setKind(next);
    setIsOpen(true);
  };
  // The note to the audit log, as both confirmations send it (the block and admin bodies share its field).
  const form = useAdminNoteForm();
  const block = useSetUserBlocked();
  const admin = useSetUserAdmin();
  const busy = block.isPending || admin.isPending;

  function close() {
    setIsOpen(false);
    form.reset({ note: '' });
  }

  /** Sends the confirmed change with the note as the schema parsed it; a note it refuses sends nothing. */
  function onConfirm(values: AdminNoteValues) {
    const trimmed = values.note ?? undefined;
    if (kind === 'block' || kind === 'unblock') {
      const blocked = kind === 'block';
      block.mutate(
        { userId: user.id, blocked, note: trimmed },
        {
          onSuccess: () => {
            close();
            toast.success(blocked ? t('admin.users.blockedToast') : t('admin.users.unblockedToast'));
          },
          onError: (error) => toast.error(t('admin.users.userError'), { description: error.message }),
        },
      );
    } else {
      const isAdmin = kind === 'makeAdmin';
      admin.mutate(
        { userId: user.id, isAdmin, note: trimmed },
        {
          onSuccess: () => {
            close();
            toast.success(isAdmin ? t('admin.users.grantedToast') : t('admin.users.revokedToast'));
          },
          onError: (error) => toast.error(t('admin.users.adminError'), { description: error.message }),
        },
      );
    }
  }

  const nickname = user.nickname;
  const dialogText: Record<Pending, { title: string; text: string; action: string }> = {
    block: {
      title: t('admin.users.blockTitle', { nickname }),
      text: t('admin.users.blockText'),
      action: t('admin.users.block'),
    },
    unblock: {
      title: t('admin.users.unblockTitle', { nickname }),
      text: t('admin.users.unblockText'),
      action: t('admin.users.unblock'),
    },
    makeAdmin: {
      title: t('admin.users.makeAdminTitle', { nickname }),
      text: t('admin.users.makeAdminText'),
      action: t('admin.users.makeAdmin'),
    },
    revokeAdmin: {
      title: t('admin.users.revokeAdminTitle', { nickname }),
      text: t('admin.users.revokeAdminText'),
      action: t('admin.users.revokeAdmin'),
    },
  };
  const open = dialogText[kind];

  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <UserAvatar src={user.avatarUrl} name={nickname} />
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-center gap-1.5 font-semibold">
            <span className="min-w-0 truncate">{nickname}</span>
            {user.isAdmin && (
              <Badge variant="brand" className="gap-1">
                <ShieldCheck aria-hidden="true" />
                {t('admin.users.admin')}
              </Badge>
            )}
            {user.isBlocked && (
              <Badge variant="destructive" className="gap-1">
                <Ban aria-hidden="true" />
                {t('admin.users.blocked')}
              </Badge>
            )}
            {isSelf && <Badge variant="secondary">{t('admin.users.you')}</Badge>}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{user.email ?? t('admin.users.noEmail')}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={user.createdAt} title={fullDate(user.createdAt)}>
              {t('admin.users.joined', { date: formatDate(user.createdAt) })}
            </time>
            {' · '}
            {t('admin.users.posts', { count: user.postsCount })}
          </p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button asChild variant="outline" className={ACTION}>
          <a href={`/u/${encodeURIComponent(user.id)}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('admin.users.viewProfile')}
            <span className="sr-only">{t('admin.users.opensInNewTab')}</span>
          </a>
        </Button>
        {!isSelf && (
          <>
            <Button
              variant="outline"
              className={cn(ACTION, !user.isBlocked && 'border-danger/60 text-danger hover:bg-danger/10')}
              onClick={() => ask(user.isBlocked ? 'unblock' : 'block')}
              aria-label={`${user.isBlocked ? t('admin.users.unblock') : t('admin.users.block')} ${nickname}`}
            >
              {user.isBlocked ? <UserCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
              {user.isBlocked ? t('admin.users.unblock') : t('admin.users.block')}
            </Button>
            <Button
              variant="outline"
              className={ACTION}
              onClick={() => ask(user.isAdmin ? 'revokeAdmin' : 'makeAdmin')}
              aria-label={`${user.isAdmin ? t('admin.users.revokeAdmin') : t('admin.users.makeAdmin')} ${nickname}`}
            >
              {user.isAdmin ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
              {user.isAdmin ? t('admin.users.revokeAdmin') : t('admin.users.makeAdmin')}
            </Button>
          </>
        )}
      </div>

      <ConfirmationDialog
        open={isOpen}
        onOpenChange={(next) => {
          if (!next) close();
        }}
        title={open.title}
        description={open.text}
        confirmLabel={open.action}
        pendingLabel={t('admin.users.working')}
        isPending={busy}
        variant={kind === 'block' || kind === 'revokeAdmin' ? 'destructive' : 'default'}
        onConfirm={() => void form.handleSubmit(onConfirm)()}
      >
        <AdminNoteField form={form} label={t('admin.users.noteLabel')} disabled={busy} rows={2} className="min-h-16" />
      </ConfirmationDialog>
    </Card>
  );
}
