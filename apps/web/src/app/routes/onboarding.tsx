import { useTranslation } from 'react-i18next';
import { ClubPicker } from '../../features/clubs/components/club-picker';
import { BrandMark } from '../../components/layout/brand-mark';

export function OnboardingRoute() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col items-center gap-3 text-center">
        <BrandMark className="size-12" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('onboarding.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('onboarding.subtitle')}</p>
        </div>
      </header>
      <ClubPicker />
    </main>
  );
}
