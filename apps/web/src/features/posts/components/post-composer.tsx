import { zodResolver } from '@hookform/resolvers/zod';
import { POST_TEXT_MAX, postTextInput, type Post } from '@burti/shared';
import { ArrowLeft, ImagePlus, Video, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubBadge } from '../../../components/club/club-badge';
import { useClubName } from '../../../lib/club-name';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { validationMessage } from '../../../lib/error-messages';
import { MentionTextarea } from '../../../components/rich-text/mention-textarea';
import { confirmBeforeClosing } from '../../../lib/platform';
import { useMe } from '../../auth/api/get-me';
import { useCreatePost } from '../api/create-post';
import { useEditPost } from '../api/edit-post';
import { ACCEPT, checkMediaFile, type MediaKind } from '../lib/media';
import { CharCounter } from './char-counter';
import { z } from 'zod';

type Picked = { file: File; kind: MediaKind; url: string };

/**
 * The composer's form: the contract's text field of a post (`postTextInput`: trimmed, at most POST_TEXT_MAX, empty
 * as null) with the media as the form holds it (a picked file, or the edited post's own media kept), and the
 * server's rule that a post needs one of the two. This module is loaded apart from the feed (post-options and the
 * app shell import it lazily), so the first screen carries neither zod nor react-hook-form.
 */
const composerForm = postTextInput
  .pick({ text: true })
  .extend({ picked: z.custom<Picked | null>(), keepExisting: z.boolean() })
  .refine((value) => value.text !== null || value.picked !== null || value.keepExisting, {
    path: ['text'],
    message: 'Please write something first.',
  });
type ComposerForm = z.input<typeof composerForm>;
type ComposerValues = z.output<typeof composerForm>;

export type PostComposerProps = {
  /** 'dialog': the Create button's modal; 'page': the full-screen /post/new. */
  frame: 'dialog' | 'page';
  /** Set to edit this post; otherwise a new post to the viewer's club. */
  post?: Post;
  /** Called after a successful save. */
  onDone: () => void;
  /** Called by Cancel (dialog frame). */
  onCancel?: () => void;
  /** Told when a save starts and ends, so the frame can refuse to close meanwhile. */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * The one post composer (create and edit), in two frames. Text up to 500 characters (counter amber above 350,
 * red above 450), one photo or one video of at most 10 MB; a post needs text or media.
 */
export function PostComposer({ frame, post, onDone, onCancel, onBusyChange }: PostComposerProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useClubName();
  const { data: me } = useMe();
  const ids = useId();
  const textId = `${ids}-text`;
  const counterId = `${ids}-counter`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);

  const isEdit = post !== undefined;
  const form = useForm<ComposerForm, unknown, ComposerValues>({
    resolver: zodResolver(composerForm),
    defaultValues: { text: post?.text ?? '', picked: null, keepExisting: Boolean(post?.media) },
  });
  // `watch` rather than `useWatch` and `Controller`: what the sign-in card already loads of react-hook-form is all
  // the composer needs, so the two share it without the /auth first visit carrying more. (This component is then
  // left to React as written, not memoised by the compiler.)
  // eslint-disable-next-line react-hooks/incompatible-library
  const text = form.watch('text') ?? '';
  const picked = form.watch('picked') ?? null;
  const keepExisting = form.watch('keepExisting');
  const textError = validationMessage(form.formState.errors.text?.message);

  const create = useCreatePost();
  const edit = useEditPost();
  const busy = create.isPending || edit.isPending;

  // A second click can arrive before `busy` re-renders the button disabled: this ref stops it.
  const sending = useRef(false);
  useEffect(() => {
    onBusyChange?.(busy);
    if (!busy) sending.current = false;
  }, [busy, onBusyChange]);
  // The preview's object URL lives as long as that file is picked.
  useEffect(() => {
    const url = picked?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked?.url]);
  useEffect(() => {
    if (frame === 'page') textareaRef.current?.focus();
  }, [frame]);

  const existing = isEdit && keepExisting ? post.media : null;
  const hasMedia = picked !== null || existing !== null;
  const canSubmit = !busy && (text.trim().length > 0 || hasMedia);
  // Inside Telegram, closing the Mini App with a post half-written asks first.
  const writing = text.trim().length > 0 || picked !== null;
  useEffect(() => (writing ? confirmBeforeClosing() : undefined), [writing]);
  const club = isEdit ? post.club : me?.primaryClub;

  function onPick(kind: MediaKind, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still fires change
    if (!file) return;
    const problem = checkMediaFile(file, kind);
    if (problem === 'tooLarge') {
      toast.error(t('composer.fileTooLarge'), { description: t('composer.fileTooLargeMessage') });
      return;
    }
    if (problem === 'invalidType') {
      toast.error(t('composer.invalidType'), {
        description: t(kind === 'photo' ? 'composer.invalidPhoto' : 'composer.invalidVideo'),
      });
      return;
    }
    form.setValue('picked', { file, kind, url: URL.createObjectURL(file) });
  }

  function removeMedia() {
    form.setValue('picked', null);
    form.setValue('keepExisting', false);
  }

  // A photo the browser cannot show (damaged, or not really an image) is refused as soon as its preview fails,
  // with a message, instead of a broken preview until Post is pressed.
  function refuseUnreadable() {
    form.setValue('picked', null);
    toast.error(t('composer.invalidType'), { description: t('composer.invalidPhoto') });
  }

  function send(values: ComposerValues) {
    const body = values.text ?? '';
    const file = values.picked?.file ?? null;
    const fail = (fallback: string) => (error: Error) =>
      toast.error(t('app.error'), { description: error instanceof ApiError ? error.message : fallback });
    if (isEdit) {
      edit.mutate(
        { postId: post.id, text: body, file, removeMedia: post.media !== null && !values.keepExisting },
        {
          onSuccess: () => {
            toast.success(t('composer.updated'));
            onDone();
          },
          onError: fail(t('composer.updateFailed')),
        },
      );
    } else {
      create.mutate(
        { text: body, file },
        {
          onSuccess: () => {
            toast.success(t('composer.created'));
            onDone();
          },
          onError: fail(t('composer.createFailed')),
        },
      );
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || sending.current) return;
    sending.current = true;
    // Checked by the form's schema first; a refusal there frees the button again.
    void form.handleSubmit(send, () => {
      sending.current = false;
    })(event);
  }

  const submitLabel = busy
    ? picked
      ? t('composer.uploading')
      : isEdit
        ? t('composer.updating')
        : t('composer.posting')
    : isEdit
      ? t('composer.update')
      : t('composer.post');
  const submit = (
    <Button type="submit" disabled={!canSubmit} isLoading={busy} className="min-w-24">
      {submitLabel}
    </Button>
  );

  const textarea = (
    <>
      <MentionTextarea
        ref={textareaRef}
        id={textId}
        name="text"
        value={text}
        onValueChange={(next) =>
          form.setValue('text', next.slice(0, POST_TEXT_MAX), {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
        maxLength={POST_TEXT_MAX}
        rows={frame === 'page' ? 6 : 5}
        placeholder={t('composer.placeholder')}
        aria-label={t('composer.textLabel')}
        aria-describedby={textError ? `${counterId} ${textId}-error` : counterId}
        aria-invalid={textError ? true : undefined}
        disabled={busy}
        className={cn(
          'wrap-anywhere',
          frame === 'page' && 'min-h-40 resize-none border-transparent px-2 text-lg focus-visible:border-ring',
        )}
      />
      {textError && (
        <p id={`${textId}-error`} role="alert" className="text-sm font-medium text-danger">
          {textError}
        </p>
      )}
    </>
  );

  const preview = (picked || existing) && (
    <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
      {(picked?.kind ?? existing?.type) === 'photo' ? (
        <img
          src={picked?.url ?? existing?.url}
          alt={t('composer.previewAlt')}
          className="max-h-72 w-full object-contain"
          onError={picked ? refuseUnreadable : undefined}
        />
      ) : (
        // Fans' own uploads come without caption tracks.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          src={picked?.url ?? existing?.url}
          controls
          preload="metadata"
          aria-label={t('composer.previewVideo')}
          className="max-h-72 w-full bg-black"
        />
      )}
      <Button
        type="button"
        variant="secondary"
        size="icon"
        onClick={removeMedia}
        disabled={busy}
        aria-label={t('composer.removeMedia')}
        className="absolute right-2 top-2 rounded-full bg-card/90 shadow hover:bg-border"
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );

  const mediaButtons = (
    <div className="flex items-center gap-1">
      <Button type="button" variant="ghost" disabled={busy} onClick={() => photoInput.current?.click()}>
        <ImagePlus aria-hidden="true" className="size-5 text-success" />
        {t('composer.photo')}
      </Button>
      <Button type="button" variant="ghost" disabled={busy} onClick={() => videoInput.current?.click()}>
        <Video aria-hidden="true" className="size-5 text-brand" />
        {t('composer.video')}
      </Button>
      <input
        ref={photoInput}
        type="file"
        accept={ACCEPT.photo}
        hidden
        tabIndex={-1}
        aria-label={t('composer.choosePhoto')}
        onChange={(e) => onPick('photo', e)}
      />
      <input
        ref={videoInput}
        type="file"
        accept={ACCEPT.video}
        hidden
        tabIndex={-1}
        aria-label={t('composer.chooseVideo')}
        onChange={(e) => onPick('video', e)}
      />
    </div>
  );

  const counter = <CharCounter id={counterId} length={text.length} />;

  if (frame === 'page') {
    return (
      <form onSubmit={onSubmit} noValidate className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-30 flex min-h-14 items-center gap-2 border-b border-border bg-background/95 px-2 backdrop-blur">
          <Button variant="ghost" size="icon" asChild>
            <Link to="/feed" aria-label={t('app.back')}>
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
          <h1 className="min-w-0 flex-1 truncate text-lg font-bold">
            {isEdit ? t('composer.editTitle') : t('composer.createTitle')}
          </h1>
          {submit}
        </header>
        <div className="flex gap-3 p-4">
          {me && <UserAvatar src={me.avatarUrl} name={me.nickname} />}
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            {textarea}
            {preview}
          </div>
        </div>
        <div className="flex items-center justify-between gap-2 border-y border-border px-2 py-1">
          {mediaButtons}
          <span className="pr-2">{counter}</span>
        </div>
        {club && (
          <p className="px-4 py-3 text-sm text-muted-foreground">
            {t('composer.visibilityNote', { club: nameOf(club) })}
          </p>
        )}
      </form>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{isEdit ? t('composer.editTitle') : t('composer.createTitle')}</DialogTitle>
        <DialogDescription className="sr-only">{t('composer.description')}</DialogDescription>
        {club && (
          <ClubLine>
            {isEdit ? (
              <>
                <span>{t('composer.editingFrom')}</span>
                <ClubBadge name={club.name} label={nameOf(club)} size="sm" />
                <span className="font-semibold">{nameOf(club)}</span>
              </>
            ) : (
              <Badge variant="secondary" className="gap-1.5 py-1 pl-1">
                <ClubBadge name={club.name} label={nameOf(club)} size="sm" />
                {/* Capitals in English only: Georgian has no case, and Mtavruli reads as shouting. */}
                {t('composer.postingTo', { club: i18n.language === 'ka' ? nameOf(club) : club.name.toUpperCase() })}
              </Badge>
            )}
          </ClubLine>
        )}
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        {textarea}
        <div className="-mt-1 flex justify-end">{counter}</div>
        {preview}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
          {mediaButtons}
          <div className="ml-auto flex gap-2">
            <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
              {t('app.cancel')}
            </Button>
            {submit}
          </div>
        </div>
      </form>
    </>
  );
}

function ClubLine({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">{children}</div>;
}

/**
 * The composer as a modal: Escape, the overlay and the close button dismiss it unless a save is running;
 * closing unmounts the composer, which clears its text and media. Radix locks page scroll and traps focus.
 */
export function PostComposerDialog({
  open,
  onOpenChange,
  post,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  post?: Post;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const change = (next: boolean) => {
    if (!next && busy) return;
    onOpenChange(next);
  };
  const stopWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={stopWhileBusy}
        onInteractOutside={stopWhileBusy}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <PostComposer
          frame="dialog"
          post={post}
          onBusyChange={setBusy}
          onCancel={() => change(false)}
          onDone={() => {
            setBusy(false);
            onOpenChange(false);
          }}
        />
        <DialogClose asChild>
          <Button
            variant="ghost"
            size="icon"
            disabled={busy}
            aria-label={t('app.close')}
            className="absolute right-2 top-2 text-muted-foreground"
          >
            <X aria-hidden="true" className="size-5" />
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
