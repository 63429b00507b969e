import { clubBadgeSchemes, flaggedCountries } from '@burti/shared';
import { Flag, Heart, Inbox, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubBadge } from '../../../components/club/club-badge';
import { CountryFlag } from '../../../components/club/country-flag';
import { ConfirmationDialog } from '../../../components/dialogs/confirmation-dialog';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { GoalBadge } from '../../../components/ui/goal-badge';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { ShowcaseSection, SpecimenLabel } from './section';

const BUTTON_VARIANTS = ['default', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const;
const BUTTON_SIZES = ['sm', 'md', 'lg'] as const;
const BADGE_VARIANTS = [
  'default',
  'secondary',
  'outline',
  'brand',
  'success',
  'warning',
  'destructive',
  'gold',
] as const;
const AVATAR_SIZES = ['sm', 'md', 'lg', 'xl'] as const;

/** A picture for the avatar specimens, inline so the page needs nothing from the network. */
const SAMPLE_PHOTO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b4ea2"/><stop offset="1" stop-color="#d71920"/></linearGradient></defs><rect width="80" height="80" fill="url(#g)"/><circle cx="40" cy="32" r="14" fill="#fff" opacity=".9"/><rect x="18" y="50" width="44" height="30" rx="15" fill="#fff" opacity=".9"/></svg>',
)}`;

/** Every primitive of components/ui and components/club, in its variants and states. */
export function ComponentsTab() {
  const { t } = useTranslation();
  const inputId = useId();
  const invalidId = useId();
  const textareaId = useId();
  const clubs = Object.keys(clubBadgeSchemes);

  return (
    <>
      <ShowcaseSection title={t('designSystem.components.buttons')}>
        <SpecimenLabel>{t('designSystem.components.variants')}</SpecimenLabel>
        <div className="flex flex-wrap items-center gap-2">
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant}
            </Button>
          ))}
        </div>
        <SpecimenLabel>{t('designSystem.components.sizes')}</SpecimenLabel>
        <div className="flex flex-wrap items-center gap-2">
          {BUTTON_SIZES.map((size) => (
            <Button key={size} size={size}>
              {size}
            </Button>
          ))}
          <Button size="icon" variant="outline" aria-label={t('designSystem.components.iconLabel')}>
            <Heart aria-hidden="true" />
          </Button>
        </div>
        <SpecimenLabel>{t('designSystem.components.states')}</SpecimenLabel>
        <div className="flex flex-wrap items-center gap-2">
          <Button isLoading>{t('designSystem.components.loading')}</Button>
          <Button variant="outline" isLoading>
            {t('designSystem.components.loading')}
          </Button>
          <Button disabled>{t('designSystem.components.disabled')}</Button>
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.badges')}>
        <div className="flex flex-wrap items-center gap-2">
          {BADGE_VARIANTS.map((variant) => (
            <Badge key={variant} variant={variant}>
              {variant}
            </Badge>
          ))}
        </div>
        <SpecimenLabel>{t('designSystem.components.goalBadge')}</SpecimenLabel>
        <div className="flex flex-wrap items-center gap-2">
          <GoalBadge amount={35} />
          <GoalBadge amount={1250} />
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.forms')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>{t('designSystem.components.inputLabel')}</Label>
            <Input id={inputId} placeholder={t('designSystem.components.inputPlaceholder')} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={invalidId}>{t('designSystem.components.invalidLabel')}</Label>
            <Input
              id={invalidId}
              type="email"
              defaultValue={t('designSystem.components.invalidValue')}
              aria-invalid="true"
              aria-describedby={`${invalidId}-hint`}
            />
            <p id={`${invalidId}-hint`} className="text-sm text-danger">
              {t('designSystem.components.invalidHint')}
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor={textareaId}>{t('designSystem.components.textareaLabel')}</Label>
            <Textarea id={textareaId} placeholder={t('designSystem.components.textareaPlaceholder')} />
          </div>
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.avatars')}>
        <SpecimenLabel>{t('designSystem.components.withImage')}</SpecimenLabel>
        <div className="flex flex-wrap items-end gap-3">
          {AVATAR_SIZES.map((size) => (
            <UserAvatar key={size} size={size} src={SAMPLE_PHOTO} name={`nino (${size})`} />
          ))}
        </div>
        <SpecimenLabel>{t('designSystem.components.withoutImage')}</SpecimenLabel>
        <div className="flex flex-wrap items-end gap-3">
          {AVATAR_SIZES.map((size, i) => (
            <UserAvatar key={size} size={size} name={['ნიკა', 'zura', 'Giorgi', 'ლაშა'][i] ?? 'fan'} />
          ))}
        </div>
      </ShowcaseSection>

      <ShowcaseSection
        title={t('designSystem.components.clubBadges')}
        description={t('designSystem.components.clubBadgesText', { count: clubs.length })}
      >
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {[...clubs, 'FC Twente'].map((club, i) => (
            <li key={club} className="flex min-h-11 items-center gap-2 text-sm">
              <ClubBadge name={club} />
              <span className="min-w-0 truncate">
                {i === clubs.length ? t('designSystem.components.unknownClub') : club}
              </span>
            </li>
          ))}
        </ul>
        <SpecimenLabel>{t('designSystem.components.sizes')}</SpecimenLabel>
        <div className="flex items-center gap-3">
          <ClubBadge name="Dinamo Tbilisi" size="sm" />
          <ClubBadge name="Dinamo Tbilisi" size="md" />
          <ClubBadge name="Dinamo Tbilisi" size="lg" />
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.flags')} description={t('designSystem.components.flagsText')}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {[...flaggedCountries, 'Brazil'].map((country, i) => (
            <li key={country} className="flex min-h-11 items-center gap-2 text-sm">
              <CountryFlag country={country} />
              <span>{i === flaggedCountries.length ? t('designSystem.components.unknownCountry') : country}</span>
            </li>
          ))}
        </ul>
      </ShowcaseSection>

      <ShowcaseSection
        title={t('designSystem.components.skeletons')}
        description={t('designSystem.components.skeletonsText')}
      >
        <div className="rounded-lg border border-border bg-card p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-16" />
            </div>
          </div>
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-3/4" />
        </div>
        <SpecimenLabel>{t('designSystem.components.spinner')}</SpecimenLabel>
        <div className="flex items-center gap-4">
          <Spinner size="sm" label={t('designSystem.components.spinnerLabel')} />
          <Spinner size="md" label={t('designSystem.components.spinnerLabel')} />
          <Spinner size="lg" label={t('designSystem.components.spinnerLabel')} />
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.emptyState')}>
        <div className="rounded-lg border border-dashed border-border bg-card">
          <EmptyState
            icon={Inbox}
            title={t('designSystem.components.emptyTitle')}
            message={t('designSystem.components.emptyMessage')}
            action={<Button>{t('designSystem.components.emptyAction')}</Button>}
          />
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.overlays')}>
        <div className="flex flex-wrap gap-2">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline">{t('designSystem.components.openDialog')}</Button>
            </DialogTrigger>
            <DialogContent closeLabel={t('app.close')}>
              <DialogHeader>
                <DialogTitle>{t('designSystem.components.dialogTitle')}</DialogTitle>
                <DialogDescription>{t('designSystem.components.dialogText')}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button>{t('designSystem.components.dialogDone')}</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
          <ConfirmationDialog
            trigger={<Button variant="outline">{t('designSystem.components.openAlert')}</Button>}
            title={t('designSystem.components.alertTitle')}
            description={t('designSystem.components.alertText')}
            confirmLabel={t('designSystem.components.alertConfirm')}
          />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">
                <MoreHorizontal aria-hidden="true" />
                {t('designSystem.components.menu')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuItem>
                <Pencil aria-hidden="true" />
                {t('designSystem.components.menuEdit')}
              </DropdownMenuItem>
              <DropdownMenuItem>
                <Flag aria-hidden="true" />
                {t('designSystem.components.menuReport')}
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive">
                <Trash2 aria-hidden="true" />
                {t('designSystem.components.menuDelete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.toasts')}>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() =>
              toast.success(t('designSystem.components.toastSuccessTitle'), {
                description: t('designSystem.components.toastSuccessText'),
              })
            }
          >
            {t('designSystem.components.toastSuccess')}
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              toast.error(t('designSystem.components.toastErrorTitle'), {
                description: t('designSystem.components.toastErrorText'),
              })
            }
          >
            {t('designSystem.components.toastError')}
          </Button>
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.components.tabs')}>
        <Tabs defaultValue="feed" className="rounded-lg border border-border bg-card pb-3">
          <TabsList>
            <TabsTrigger value="feed">{t('designSystem.components.tabFeed')}</TabsTrigger>
            <TabsTrigger value="leaderboard">{t('designSystem.components.tabLeaderboard')}</TabsTrigger>
          </TabsList>
          <TabsContent value="feed" className="px-4 text-sm">
            {t('designSystem.components.tabFeedPanel')}
          </TabsContent>
          <TabsContent value="leaderboard" className="px-4 text-sm">
            {t('designSystem.components.tabLeaderboardPanel')}
          </TabsContent>
        </Tabs>
      </ShowcaseSection>
    </>
  );
}
