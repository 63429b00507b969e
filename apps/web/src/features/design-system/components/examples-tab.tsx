import { Heart, MessageCircle, MoreHorizontal, Repeat2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubBadge } from '../../../components/club/club-badge';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { GoalBadge } from '../../../components/ui/goal-badge';
import { cn } from '../../../lib/cn';
import { ActionButton } from '../../../components/ui/action-button';
import { ShowcaseSection } from './section';

/** Look-alikes of real screens, composed from the primitives (features are not imported here). */
export function ExamplesTab() {
  const { t } = useTranslation();
  const [liked, setLiked] = useState(false);
  const [shared, setShared] = useState(false);

  return (
    <>
      <p className="px-4 pt-4 text-sm text-muted-foreground">{t('designSystem.examples.note')}</p>
      <ShowcaseSection title={t('designSystem.examples.post')}>
        <article className="rounded-lg border border-border bg-card px-4 pb-1 pt-3">
          <div className="flex items-start gap-3">
            <UserAvatar name={t('designSystem.examples.postAuthor')} />
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-1.5">
                <span className="truncate font-semibold">{t('designSystem.examples.postAuthor')}</span>
                <ClubBadge name="Dinamo Tbilisi" size="sm" />
              </div>
              <p className="text-xs text-muted-foreground">{t('designSystem.examples.postTime')}</p>
            </div>
            <span
              aria-hidden="true"
              className="-mr-2 -mt-1 inline-flex size-11 items-center justify-center text-muted-foreground"
            >
              <MoreHorizontal className="size-5" />
            </span>
          </div>
          <p className="mt-2 whitespace-pre-wrap text-[15px] leading-relaxed">{t('designSystem.examples.postText')}</p>
          <div className="-ml-3 mt-1 flex items-center gap-1 sm:gap-4">
            <ActionButton
              aria-label={t('designSystem.examples.like')}
              aria-pressed={liked}
              onClick={() => setLiked((value) => !value)}
              tone={liked ? 'brand' : 'muted'}
            >
              <Heart aria-hidden="true" className={cn(liked && 'fill-current')} />
              <span>{24 + (liked ? 1 : 0)}</span>
            </ActionButton>
            <ActionButton aria-label={t('designSystem.examples.comment')}>
              <MessageCircle aria-hidden="true" />
              <span>7</span>
            </ActionButton>
            <ActionButton
              aria-label={t('designSystem.examples.share')}
              aria-pressed={shared}
              onClick={() => setShared((value) => !value)}
              tone={shared ? 'success' : 'muted'}
            >
              <Repeat2 aria-hidden="true" />
              <span>{3 + (shared ? 1 : 0)}</span>
            </ActionButton>
          </div>
        </article>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.examples.leaderboard')}>
        <ol className="divide-y divide-border rounded-lg border border-border bg-card">
          {[
            { rank: '🥇', name: 'ნიკა_10', score: 342, goal: 70, you: false },
            { rank: '🥈', name: 'zura', score: 298, goal: 0, you: true },
            { rank: '🥉', name: 'Giorgi', score: 120, goal: 35, you: false },
            { rank: '#4', name: 'ლაშა', score: 96, goal: 0, you: false },
          ].map((row) => (
            <li key={row.name} className="flex min-h-14 items-center gap-3 px-4 py-2">
              <span className="w-8 text-center font-semibold tabular-nums">{row.rank}</span>
              <UserAvatar size="sm" name={row.name} />
              <span className="flex min-w-0 flex-1 items-center gap-1.5 font-medium">
                <span className="truncate">{row.name}</span>
                {row.you && <Badge variant="brand">{t('designSystem.examples.you')}</Badge>}
              </span>
              {row.goal > 0 && <GoalBadge amount={row.goal} />}
              <span className="text-sm font-semibold tabular-nums">
                {t('designSystem.examples.points', { count: row.score })}
              </span>
            </li>
          ))}
        </ol>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.examples.notification')}>
        <div className="flex items-center gap-3 rounded-lg border border-border bg-brand/5 px-4 py-3">
          <UserAvatar name={t('designSystem.examples.notificationActor')} />
          <p className="flex-1 text-sm">
            <span className="font-semibold">{t('designSystem.examples.notificationActor')}</span>{' '}
            {t('designSystem.examples.notificationText')}
            <span className="block text-xs text-muted-foreground">{t('designSystem.examples.notificationTime')}</span>
          </p>
          <Heart aria-hidden="true" className="size-5 fill-brand text-brand" />
        </div>
      </ShowcaseSection>
    </>
  );
}
