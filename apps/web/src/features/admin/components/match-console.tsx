import { localName, type MatchDetail, type MatchEvent, type MatchPhase, type MatchSide } from '@burti/shared';
import { ArrowLeft, Lock, Minus, Plus, Radio, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useConsoleMatch } from '../api/get-console-match';
import { consoleWrites, type EventBody, useConsoleWrite } from '../api/match-console-writes';
import { LoadError } from './admin-layout';
import { EVENT_KINDS_ON_CONSOLE, MatchStatusBadge, minuteText } from './match-words';

const SCORING = new Set(['goal', 'own_goal', 'penalty_goal']);

/** Which clock buttons a match in this state can take (the server decides; the screen only mirrors it). */
function phaseAllowed(phase: MatchPhase, status: MatchDetail['status']): boolean {
  switch (phase) {
    case 'start':
      return status === 'scheduled' || status === 'postponed';
    case 'half_time':
      return status === 'live';
    case 'second_half':
      return status === 'half_time';
    case 'full_time':
      return status === 'live';
  }
}

/**
 * `/admin/matches/:matchId`: the live console, made for a phone held at the ground. Every press is one write
 * whose answer (the whole match) replaces what is shown, and reaches watching fans through the match's stream.
 */
export function MatchConsole({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const match = useConsoleMatch(matchId);
  if (match.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
        <Skeleton className="h-28 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (match.isError) {
    if (match.error instanceof ApiError && match.error.status === 404) {
      return (
        <EmptyState
          icon={Radio}
          title={t('matchAdmin.console.notFound')}
          message={t('matchAdmin.console.notFoundLead')}
          action={
            <Button asChild>
              <Link to="/admin/matches">{t('matchAdmin.console.back')}</Link>
            </Button>
          }
        />
      );
    }
    return <LoadError message={t('matchAdmin.console.failed')} onRetry={() => void match.refetch()} />;
  }
  return <Console match={match.data.match} />;
}

function Console({ match }: { match: MatchDetail }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [player, setPlayer] = useState('');
  const onError = (error: Error) => toast.error(t('matchAdmin.console.failedWrite'), { description: error.message });
  const phase = useConsoleWrite(match.id, (body: { phase: MatchPhase }) => consoleWrites.phase(match.id, body));
  const event = useConsoleWrite(match.id, (body: EventBody) => consoleWrites.event(match.id, body));
  const undo = useConsoleWrite(match.id, () => consoleWrites.undo(match.id));
  const minute = useConsoleWrite(match.id, (body: { minute: number; addedMinute: number | null }) =>
    consoleWrites.minute(match.id, body),
  );
  const release = useConsoleWrite(match.id, () => consoleWrites.release(match.id));
  const busy = phase.isPending || event.isPending || undo.isPending || minute.isPending || release.isPending;
  const running = match.status === 'live' || match.status === 'half_time';
  const home = localName(match.home, i18n.language);
  const away = localName(match.away, i18n.language);
  const lastGoal = match.events.toReversed().find((e) => SCORING.has(e.kind) && !e.cancelled);

  const addEvent = (body: EventBody) =>
    event.mutate(body, {
      onSuccess: () => setPlayer(''),
      onError,
    });

  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="ghost" className="self-start px-2">
        <Link to="/admin/matches">
          <ArrowLeft aria-hidden="true" />
          {t('matchAdmin.console.back')}
        </Link>
      </Button>

      <Card className="p-4">
        <h1 className="sr-only">{t('matchAdmin.console.title')}</h1>
        {/* A team a line, its goals beside it: long Georgian names keep whole words on the narrowest phones. */}
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {match.score ? `${t('matchAdmin.console.score')}: ${match.score.home} – ${match.score.away}` : ''}
        </VisuallyHidden>
        <dl className="flex flex-col gap-1">
          {(
            [
              [home, match.score?.home],
              [away, match.score?.away],
            ] as const
          ).map(([name, goals]) => (
            <div key={name} className="flex items-center justify-between gap-3">
              <dt className="min-w-0 text-lg font-semibold break-words">{name}</dt>
              <dd className="text-3xl font-bold tabular-nums" aria-hidden="true">
                {goals ?? '–'}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <MatchStatusBadge status={match.status} minute={match.minute} addedMinute={match.addedMinute} />
          <span>{formatDateTime(match.kickoffAt)}</span>
          {match.handLocked && (
            <Badge variant="outline" className="gap-1">
              <Lock aria-hidden="true" className="size-3" />
              {t('matchAdmin.console.handLocked')}
            </Badge>
          )}
        </div>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('matchAdmin.console.clock')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="grid grid-cols-2 gap-2">
            {(['start', 'half_time', 'second_half', 'full_time'] as const).map((name) => (
              <Button
                key={name}
                variant={name === 'start' || name === 'second_half' ? 'default' : 'secondary'}
                className="min-h-12 whitespace-normal"
                disabled={busy || !phaseAllowed(name, match.status)}
                onClick={() => phase.mutate({ phase: name }, { onError })}
              >
                {t(`matchAdmin.console.phase.${name}`)}
              </Button>
            ))}
          </div>
          {match.status === 'live' && (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium">{t('matchAdmin.console.minute')}</span>
              <Button
                variant="outline"
                size="icon"
                aria-label={t('matchAdmin.console.minuteDown')}
                disabled={busy || (match.minute ?? 0) <= 1}
                onClick={() =>
                  minute.mutate({ minute: Math.max(1, (match.minute ?? 1) - 1), addedMinute: null }, { onError })
                }
              >
                <Minus aria-hidden="true" />
              </Button>
              <span className="min-w-14 text-center text-lg font-semibold tabular-nums">
                {minuteText(match.minute, match.addedMinute)}
              </span>
              <Button
                variant="outline"
                size="icon"
                aria-label={t('matchAdmin.console.minuteUp')}
                disabled={busy || (match.minute ?? 0) >= 150}
                onClick={() => minute.mutate({ minute: (match.minute ?? 0) + 1, addedMinute: null }, { onError })}
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('matchAdmin.console.events')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-player`}>{t('matchAdmin.console.player')}</Label>
            {/* The hint under the field rather than as its placeholder: a placeholder is cut on a 320 px phone in
                Georgian, and gone once a name is typed. */}
            <Input
              id={`${id}-player`}
              value={player}
              maxLength={80}
              onChange={(e) => setPlayer(e.target.value)}
              aria-describedby={`${id}-player-hint`}
            />
            <p id={`${id}-player-hint`} className="text-sm text-muted-foreground">
              {t('matchAdmin.console.playerHint')}
            </p>
          </div>
          <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
            {(['home', 'away'] as const satisfies readonly MatchSide[]).map((side) => (
              <fieldset key={side} className="flex min-w-0 flex-col gap-2" disabled={busy || !running}>
                <legend className="mb-2 font-semibold break-words">{side === 'home' ? home : away}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {EVENT_KINDS_ON_CONSOLE.map((kind) => (
                    <Button
                      key={kind}
                      variant={SCORING.has(kind) ? 'default' : kind === 'red' ? 'destructive' : 'outline'}
                      className="min-h-11 whitespace-normal px-2 text-sm leading-tight"
                      aria-label={`${t(`matchAdmin.event.${kind}`)}: ${side === 'home' ? home : away}`}
                      onClick={() => addEvent({ kind, side, player: player.trim() || null })}
                    >
                      {t(`matchAdmin.event.${kind}`)}
                    </Button>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={busy || !lastGoal}
              onClick={() =>
                lastGoal &&
                addEvent({
                  kind: 'var',
                  side: lastGoal.side,
                  disallowsEventId: lastGoal.id,
                  detail: t('matchAdmin.console.varDetail'),
                })
              }
            >
              {t('matchAdmin.console.var')}
            </Button>
            <Button
              variant="outline"
              disabled={busy || match.events.length === 0}
              onClick={() => undo.mutate(undefined, { onError })}
            >
              <Undo2 aria-hidden="true" />
              {t('matchAdmin.console.undo')}
            </Button>
            {match.handLocked && (
              <Button
                variant="ghost"
                className="h-auto min-h-11 min-w-0 shrink whitespace-normal text-left"
                disabled={busy}
                onClick={() => release.mutate(undefined, { onError })}
              >
                {t('matchAdmin.console.release')}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('matchAdmin.console.timeline')}</CardTitle>
        </CardHeader>
        <CardContent>
          {match.events.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('matchAdmin.console.noEvents')}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {match.events.toReversed().map((e) => (
                <TimelineRow key={e.id} event={e} team={e.side === 'home' ? home : away} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function TimelineRow({ event, team }: { event: MatchEvent; team: string }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="w-12 shrink-0 font-semibold tabular-nums">{minuteText(event.minute, event.addedMinute)}</span>
      <span className={event.cancelled ? 'line-through text-muted-foreground' : undefined}>
        {t(`matchAdmin.event.${event.kind}`)}
        {event.player ? ` · ${event.player}` : ''}
        {event.secondPlayer ? ` (${event.secondPlayer})` : ''}
      </span>
      <span className="text-muted-foreground">{team}</span>
      {event.cancelled && <Badge variant="outline">{t('matchAdmin.console.disallowed')}</Badge>}
    </li>
  );
}
