import type { Post } from '@burti/shared';
import { Flag, Link2, MoreHorizontal, Pencil, Share2, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/dialogs/confirmation-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toaster';
import { ApiError, apiBase } from '../../../lib/api';
import { appName } from '../../../lib/i18n';
import { copy, share } from '../../../lib/platform';
import { useDeletePost } from '../api/delete-post';
import { useReportPost } from '../api/report-post';
import { PostComposerDialog } from './post-composer';

const OPTIONS_TRIGGER_CLASS =
  '-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

export type PostOptionsProps = {
  post: Post;
  isAuthor: boolean;
  onDeleted?: () => void;
  /** Open at once: the fan pressed the stand-in button before this menu had loaded. */
  defaultOpen?: boolean;
};

/**
 * The post's public address. Inside the native shell the page's own origin is not a public address, so the API's
 * (which serves the same app, and the post's share card to messengers) is used when one is configured.
 */
export function postLink(postId: string, origin: string = apiBase || window.location.origin): string {
  return `${origin}/post/${encodeURIComponent(postId)}`;
}

/**
 * A post's '...' menu: Copy link and Share for everyone; edit and delete for its author (with their dialogs), report for everyone else. Loaded apart
 * from the card (Radix menu, dialogs and the composer), so that a feed paints without them.
 */
export function PostOptions({ post, isAuthor, onDeleted, defaultOpen = false }: PostOptionsProps) {
  const { t } = useTranslation();
  const report = useReportPost();
  const remove = useDeletePost();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    menuTrigger.current?.focus();
  };

  async function onCopyLink() {
    if (await copy(postLink(post.id))) toast.success(t('post.linkCopied'));
    else toast.error(t('app.error'));
  }

  /** The device's share sheet, Telegram's share screen inside the Mini App, or (neither) the link copied. */
  async function onShareLink() {
    const firstLine = post.text
      ?.split('\n')
      .find((line) => line.trim())
      ?.trim();
    const title = `${post.author.nickname} · ${appName}`;
    const outcome = await share({
      title,
      text: firstLine || title,
      url: postLink(post.id),
    });
    if (outcome === 'copied') toast.success(t('post.linkCopied'));
    else if (outcome === 'failed') toast.error(t('app.error'));
  }

  function onReport() {
    report.mutate(post.id, {
      onSuccess: () => toast.success(t('post.reported'), { description: t('post.reportedMessage') }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) toast.info(error.message);
        else toast.error(t('app.error'), { description: error.message });
      },
    });
  }

  function onConfirmDelete() {
    remove.mutate(post.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(t('post.deleted'), { description: t('post.deletedMessage') });
        onDeleted?.();
      },
      onError: (error) =>
        toast.error(t('app.error'), {
          description: error instanceof ApiError ? error.message : t('post.deleteFailed'),
        }),
    });
  }

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <button ref={menuTrigger} type="button" aria-label={t('post.options')} className={OPTIONS_TRIGGER_CLASS}>
            <MoreHorizontal aria-hidden="true" className="size-5" />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => void onCopyLink()}>
            <Link2 aria-hidden="true" />
            {t('post.copyLink')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void onShareLink()}>
            <Share2 aria-hidden="true" />
            {t('post.shareLink')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {isAuthor ? (
            <>
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {t('post.edit')}
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => setConfirmingDelete(true)}>
                <Trash2 aria-hidden="true" />
                {t('post.delete')}
              </DropdownMenuItem>
            </>
          ) : (
            <DropdownMenuItem onSelect={onReport} disabled={report.isPending}>
              <Flag aria-hidden="true" />
              {t('post.report')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {isAuthor && (
        <>
          <PostComposerDialog open={editing} onOpenChange={setEditing} post={post} onCloseAutoFocus={returnFocus} />
          <ConfirmationDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            onCloseAutoFocus={returnFocus}
            title={t('post.deleteTitle')}
            description={t('post.deleteText')}
            confirmLabel={t('post.deleteConfirm')}
            pendingLabel={t('post.deleting')}
            isPending={remove.isPending}
            onConfirm={onConfirmDelete}
          />
        </>
      )}
    </>
  );
}
