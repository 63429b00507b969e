import type { Club } from '@burti/shared';
import { Check, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ClubBadge } from '../../../components/club/club-badge';
import { CountryFlag } from '../../../components/club/country-flag';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { clubPlace, useClubName } from '../../../lib/club-name';
import { appName } from '../../../lib/i18n';
import { clearReturnTo, peekReturnTo } from '../../../lib/return-to';
import { cn } from '../../../lib/cn';
import { useMe } from '../../auth/api/get-me';
import { useClubSearch, useClubs } from '../api/get-clubs';
import { useSetClub } from '../api/set-club';
import { deviceSignals, likelyCountry, likelyFirst } from '../likely-clubs';

export function ClubPicker() {
  const { t, i18n } = useTranslation();
  const nameOf = useClubName();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const clubs = useClubs();
  const setClub = useSetClub();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [selected, setSelected] = useState<Club | null>(null);
  const search = useClubSearch(deferredQuery);
  // With nothing typed: the fan's likely clubs first (Georgian clubs for a Georgian fan, likely-clubs.ts).
  const catalogue = useMemo(
    () => likelyFirst(clubs.data ?? [], likelyCountry(deviceSignals(i18n.language))),
    [clubs.data, i18n.language],
  );
  const visible = deferredQuery.trim() ? (search.data ?? []) : catalogue;

  useEffect(() => {
    if (clubs.isError) toast.error(t('app.error'), { description: t('onboarding.loadFailed') });
  }, [clubs.isError, t]);

  function join() {
    if (!selected) return;
    setClub.mutate(selected.id, {
      onSuccess: () => {
        toast.success(t('onboarding.welcome', { appName }), {
          description: t('onboarding.joined', { club: nameOf(selected) }),
        });
        // A new fan who opened a shared link lands on it once their club is chosen (lib/return-to).
        const next = peekReturnTo();
        clearReturnTo();
        void navigate(next ?? '/feed');
      },
      onError: (error) => toast.error(t('app.error'), { description: error.message }),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('onboarding.search')}
          aria-label={t('onboarding.searchLabel')}
          className="pl-10"
        />
      </div>

      {me?.primaryClub && (
        <p className="text-sm text-muted-foreground">
          {t('onboarding.current')}: <strong className="text-foreground">{nameOf(me.primaryClub)}</strong>
        </p>
      )}

      {selected && (
        <Card className="border-brand/40 bg-brand/5" role="region" aria-label={t('onboarding.confirmTitle')}>
          <CardContent className="flex flex-col gap-3 p-4">
            <div className="flex items-center gap-3">
              <ClubBadge name={selected.name} label={nameOf(selected)} size="lg" />
              <div>
                <h2 className="font-semibold">{t('onboarding.confirmTitle')}</h2>
                <p className="text-sm text-muted-foreground">
                  {t('onboarding.confirmText', { club: nameOf(selected) })}
                </p>
              </div>
            </div>
            {me?.primaryClub && me.primaryClub.id !== selected.id && (
              // What a change does (decision 003): posts keep the club they were posted to, the leaderboard
              // counts the fan in their club of today, $GOAL belongs to the fan.
              <p className="text-sm">
                {t('onboarding.changeEffects', { from: nameOf(me.primaryClub), club: nameOf(selected) })}
              </p>
            )}
            <Button size="lg" onClick={join} isLoading={setClub.isPending}>
              {setClub.isPending ? t('onboarding.joining') : t('onboarding.join', { club: nameOf(selected) })}
            </Button>
            <Button variant="ghost" onClick={() => setSelected(null)} disabled={setClub.isPending}>
              {t('app.cancel')}
            </Button>
          </CardContent>
        </Card>
      )}

      {clubs.isPending || (deferredQuery.trim() && search.isPending) ? (
        <ul className="flex flex-col gap-2" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </ul>
      ) : visible.length === 0 ? (
        <EmptyState icon={Search} title={t('onboarding.noResults', { query: deferredQuery })} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('onboarding.title')}>
          {visible.map((club) => {
            const isSelected = selected?.id === club.id;
            return (
              <li key={club.id}>
                <button
                  type="button"
                  onClick={() => setSelected(club)}
                  aria-pressed={isSelected}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border p-3 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                    isSelected ? 'border-brand bg-brand/5' : 'border-border bg-card',
                  )}
                >
                  <ClubBadge name={club.name} label={nameOf(club)} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{nameOf(club)}</span>
                    <span className="flex items-center gap-1.5 text-sm text-muted-foreground [&>span]:whitespace-normal">
                      <CountryFlag country={club.country} size="sm" />
                      <span className="truncate">{clubPlace(club, t)}</span>
                    </span>
                  </span>
                  {isSelected && <Check aria-hidden="true" className="size-5 text-brand" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
