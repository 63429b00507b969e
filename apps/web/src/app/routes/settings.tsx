import { APP_VERSION } from '@burti/shared';
import { ChevronRight, FileText, Gift, Languages, Palette, ScrollText, Shield } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ClubBadge } from '../../components/club/club-badge';
import { PageHeader } from '../../components/layout/page-header';
import { ConfirmationDialog } from '../../components/dialogs/confirmation-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toaster';
import { useMe } from '../../features/auth/api/get-me';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useTelegramMessages } from '../../features/push/api/telegram-messages';
import { devicePushChannel, PushSettings } from '../../features/push/components/push-settings';
import { TelegramMessagesSetting } from '../../features/push/components/telegram-messages-setting';
import { forgetDevicePush } from '../../features/push/lib/register-web-push';
import { useDeleteAccount } from '../../features/settings/api/delete-account';
import { useSaveLanguage } from '../../features/settings/api/save-language';
import { useClubName } from '../../lib/club-name';
import { isLanguage, loadNamespaces, setLanguage } from '../../lib/i18n';
import type { Language } from '@burti/shared';

const MatchAlertSettings = lazy(() =>
  Promise.all([import('../../features/matches/components/match-alert-settings'), loadNamespaces('matchAlerts')]).then(
    ([m]) => ({ default: m.MatchAlertSettings }),
  ),
);

/**
 * A titled group: a region landmark named by its heading, so a screen reader lists Settings by section. The id
 * is fixed and has no spaces (titles have spaces and change with the language), and anchors /settings#<id>.
 */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="flex flex-col gap-2" aria-labelledby={headingId}>
      <h2 id={headingId} className="px-1 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </h2>
      <div className="overflow-hidden rounded-xl border border-border bg-card">{children}</div>
    </section>
  );
}

function LinkRow({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-12 items-center gap-3 border-b border-border px-4 last:border-b-0 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      <span aria-hidden="true" className="text-muted-foreground">
        {icon}
      </span>
      <span className="flex-1 font-medium">{label}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
    </Link>
  );
}

export function SettingsRoute() {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const pushChannel = devicePushChannel();
  const { data: telegramMessages } = useTelegramMessages();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const signOut = useSignOut({ forgetDevice: forgetDevicePush });
  const deleteAccount = useDeleteAccount();

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('settings.signedOut'));
        void navigate('/auth', { replace: true });
      },
      onError: () => toast.error(t('app.error'), { description: t('settings.signOutFailed') }),
    });

  const onDelete = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('settings.deleted'));
        void navigate('/auth', { replace: true });
      },
      onError: () => toast.error(t('app.error'), { description: t('settings.deleteFailed') }),
    });

  return (
    <>
      <PageHeader title={t('settings.title')} back="/profile" />
      <div className="flex flex-col gap-6 p-4">
        <Section id="settings-club" title={t('settings.yourClub')}>
          <div className="flex flex-wrap items-center gap-3 p-4">
            {me?.primaryClub ? <ClubBadge name={me.primaryClub.name} label={nameOf(me.primaryClub)} /> : null}
            <span className="flex-auto font-medium">
              {me?.primaryClub ? nameOf(me.primaryClub) : t('settings.noClub')}
            </span>
            <Button variant="outline" size="sm" asChild>
              <Link to="/onboarding">{t('settings.changeClub')}</Link>
            </Button>
          </div>
        </Section>

        <Section id="settings-legal" title={t('settings.legal')}>
          <LinkRow to="/legal/terms" icon={<FileText className="size-5" />} label={t('settings.terms')} />
          <LinkRow to="/legal/privacy" icon={<Shield className="size-5" />} label={t('settings.privacy')} />
          <LinkRow
            to="/legal/community-guidelines"
            icon={<ScrollText className="size-5" />}
            label={t('settings.guidelines')}
          />
          <LinkRow to="/design-system" icon={<Palette className="size-5" />} label={t('settings.designSystem')} />
          <LinkRow to="/referrals" icon={<Gift className="size-5" />} label={t('settings.referrals')} />
        </Section>

        {(pushChannel || telegramMessages?.available) && (
          <Section id="settings-notifications" title={t('settings.notifications')}>
            {pushChannel && <PushSettings channel={pushChannel} />}
            {telegramMessages?.available && <TelegramMessagesSetting state={telegramMessages} />}
          </Section>
        )}

        <Section id="settings-match-alerts" title={t('settings.matchAlerts')}>
          <Suspense fallback={null}>
            <MatchAlertSettings club={me?.primaryClub ?? null} />
          </Suspense>
        </Section>

        <Section id="settings-language" title={t('settings.language')}>
          <LanguagePicker />
        </Section>

        <Section id="settings-account" title={t('settings.account')}>
          <div className="flex flex-col gap-3 p-4">
            <Button variant="outline" onClick={onSignOut} isLoading={signOut.isPending}>
              {signOut.isPending ? t('settings.signingOut') : t('settings.signOut')}
            </Button>
            <ConfirmationDialog
              trigger={<Button variant="destructive">{t('settings.deleteAccount')}</Button>}
              title={t('settings.deleteTitle')}
              description={t('settings.deleteText')}
              confirmLabel={t('settings.deleteConfirm')}
              pendingLabel={t('settings.deleting')}
              isPending={deleteAccount.isPending}
              onConfirm={onDelete}
            />
          </div>
        </Section>

        <p className="pb-4 text-center text-sm text-muted-foreground">{t('app.version', { version: APP_VERSION })}</p>
      </div>
    </>
  );
}

/**
 * ქართული or English: switches the screen at once (no reload) and saves the choice on the account, so every
 * device the fan signs in on follows it. A failed save puts the previous language back.
 */
function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const previous = useRef<Language>(current);
  const saveLanguage = useSaveLanguage({
    onSaved: () => toast.success(i18n.t('settings.languageSaved')),
    onFailed: () => {
      void setLanguage(previous.current, { remember: true });
      toast.error(i18n.t('app.error'), { description: i18n.t('settings.languageFailed') });
    },
  });
  async function onChange(next: Language) {
    previous.current = current;
    await setLanguage(next, { remember: true });
    saveLanguage.mutate(next);
  }
  return (
    <div className="flex flex-col gap-2 p-4">
      <label htmlFor="language" className="flex items-center gap-2 font-medium">
        <Languages aria-hidden="true" className="size-5 text-muted-foreground" />
        {t('settings.languageLabel')}
      </label>
      <select
        id="language"
        value={current}
        disabled={saveLanguage.isPending}
        onChange={(event) => void onChange(event.target.value as Language)}
        className="min-h-11 rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
        aria-describedby="language-note"
      >
        {/* Each language is named in itself, so a fan who cannot read the other one still finds theirs. */}
        <option value="ka" lang="ka">
          {t('settings.georgian')}
        </option>
        <option value="en" lang="en">
          {t('settings.english')}
        </option>
      </select>
      <p id="language-note" className="text-sm text-muted-foreground">
        {t('settings.languageNote')}
      </p>
    </div>
  );
}
