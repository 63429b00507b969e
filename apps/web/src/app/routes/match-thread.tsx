import { POST_TEXT_MAX, type MatchDetail } from '@burti/shared';
import { ArrowUp, EyeOff, Lock, MessagesSquare } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MentionTextarea } from '../../components/rich-text/mention-textarea';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { toast } from '../../components/ui/toaster';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import { useMatchPosts } from '../../features/matches/api/get-match-posts';
import { formatKickoff } from '../../features/matches/lib/match-format';
import { useCreatePost } from '../../features/posts/api/create-post';
import { CharCounter } from '../../features/posts/components/char-counter';
import { PostList } from '../../features/posts/components/post-list';
import { ApiError } from '../../lib/api';

/**
 * The match thread: a composer while the thread is open, the banner of new posts, and the posts (each card
 * shows its author's club, so a derby's two sets of fans are told apart). For a fan holding the match in spoiler
 * mode the posts are folded behind "Show posts".
 */
export function MatchThread({
  match,
  newPosts,
  onShowNewPosts,
}: {
  match: MatchDetail;
  newPosts: number;
  onShowNewPosts: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const query = useMatchPosts(match.id);
  const { phase } = match.thread;
  // Spoiler mode: the posts stay folded (they may tell the score) until the fan shows them here or reveals it.
  const [unfoldedFor, setUnfoldedFor] = useState<string | null>(null);
  const folded = match.spoilerHidden === true && unfoldedFor !== match.id;
  return (
    <section aria-labelledby="match-thread" className="bg-background">
      <h2 id="match-thread" className="border-b border-border bg-card px-4 pb-2 pt-4 text-base font-bold">
        {t('matches.thread')}
      </h2>
      {phase === 'not_open' ? (
        <ThreadNote icon="clock">{t('matches.threadOpens', { time: formatKickoff(match.thread.opensAt) })}</ThreadNote>
      ) : phase === 'closed' ? (
        <ThreadNote icon="lock">{t('matches.threadClosed')}</ThreadNote>
      ) : (
        <ThreadComposer matchId={match.id} />
      )}
      {folded ? (
        <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
          <EyeOff aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="max-w-sm text-sm text-muted-foreground">{t('matches.spoiler.threadFolded')}</p>
          <Button variant="outline" onClick={() => setUnfoldedFor(match.id)}>
            {t('matches.spoiler.showPosts')}
          </Button>
        </div>
      ) : (
        <>
          <NewPostsBanner count={newPosts} onShow={onShowNewPosts} />
          <PostList
            query={query}
            errorTitle={t('matches.threadLoadFailed')}
            spoilerFolds={false}
            empty={
              <EmptyState
                icon={MessagesSquare}
                title={t('matches.threadEmptyTitle')}
                message={phase === 'closed' || phase === 'not_open' ? undefined : t('matches.threadEmptyMessage')}
              />
            }
          />
        </>
      )}
    </section>
  );
}

function ThreadNote({ icon, children }: { icon: 'lock' | 'clock'; children: string }) {
  return (
    <p className="flex items-center gap-2 border-b border-border bg-card px-4 py-3 text-sm text-muted-foreground">
      {icon === 'lock' && <Lock aria-hidden="true" className="size-4" />}
      {children}
    </p>
  );
}

/**
 * "3 new posts": new thread posts wait above the list until the fan taps, so reading is never pushed down.
 * Screen readers hear it once when it appears, not at every further post.
 */
function NewPostsBanner({ count, onShow }: { count: number; onShow: () => Promise<void> }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const appeared = count > 0;
  return (
    <>
      {/* The same words while the count grows: said once when the banner appears. */}
      <VisuallyHidden aria-live="polite">{appeared ? t('matches.newPostsAnnounce') : ''}</VisuallyHidden>
      {appeared && (
        <div className="sticky top-16 z-20 flex justify-center py-2">
          <Button
            size="sm"
            className="rounded-full shadow-md"
            isLoading={loading}
            onClick={() => {
              setLoading(true);
              void onShow().finally(() => setLoading(false));
            }}
          >
            <ArrowUp aria-hidden="true" />
            {t('matches.newPosts', { count })}
          </Button>
        </div>
      )}
    </>
  );
}

/** Writes into the thread through the app's create-post mutation, with the match's id. */
function ThreadComposer({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const ids = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreatePost();
  const sending = useRef(false);
  const canSubmit = !create.isPending && text.trim().length > 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || sending.current) return;
    sending.current = true;
    setProblem(null);
    create.mutate(
      { text: text.trim(), file: null, matchId },
      {
        onSuccess: () => {
          setText('');
          toast.success(t('matches.threadPosted'));
        },
        onError: (error) => setProblem(error instanceof ApiError ? error.message : t('matches.threadPostFailed')),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 border-b border-border bg-card px-4 py-3">
      <MentionTextarea
        id={`${ids}-text`}
        value={text}
        onValueChange={(next) => {
          setText(next.slice(0, POST_TEXT_MAX));
          setProblem(null);
        }}
        maxLength={POST_TEXT_MAX}
        rows={2}
        placeholder={t('matches.threadPlaceholder')}
        aria-label={t('matches.threadTextLabel')}
        aria-describedby={`${ids}-counter${problem ? ` ${ids}-problem` : ''}`}
        aria-invalid={problem ? true : undefined}
        disabled={create.isPending}
        className="wrap-anywhere"
      />
      {problem && (
        <p id={`${ids}-problem`} role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <CharCounter id={`${ids}-counter`} length={text.length} />
        <Button type="submit" disabled={!canSubmit} isLoading={create.isPending} className="min-w-24">
          {create.isPending ? t('matches.threadPosting') : t('matches.threadPost')}
        </Button>
      </div>
    </form>
  );
}
