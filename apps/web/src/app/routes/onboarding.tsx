import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { ClubPicker } from '../../features/clubs/components/club-picker';
import { BrandMark } from '../../components/layout/brand-mark';

export function OnboardingRoute() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  // A fan who has a club came here from settings to change it, and may go back without changing anything.
  const changing = Boolean(me?.primaryClub);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col gap-6 px-4 py-8">
      {changing && (
        <Link
          to="/settings"
          className="-my-2 inline-flex min-h-11 items-center gap-2 self-start rounded-md pr-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('app.back')}
        </Link>
      )}
      <header className="flex flex-col items-center gap-3 text-center">
        <BrandMark className="size-12" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            {t(changing ? 'onboarding.change' : 'onboarding.title')}
          </h1>
          <p className="mt-1 text-muted-foreground">{t('onboarding.subtitle')}</p>
        </div>
      </header>
      <ClubPicker />
    </main>
  );
}
