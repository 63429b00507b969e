import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useMe } from '../../features/auth/api/get-me';
import { rememberReferral } from '../../lib/referral';
import { appName } from '../../lib/i18n';
import { BrandMark } from '../../components/layout/brand-mark';
import { Splash } from '../splash';

/** Waits for the auth state: signed-in fans go to their feed, visitors see the landing. */
export function LandingRoute() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const [params] = useSearchParams();
  const ref = params.get('ref');

  useEffect(() => {
    if (ref) rememberReferral(ref);
  }, [ref]);

  if (isPending) return <Splash />;
  if (me) return <Navigate to="/feed" replace />;

  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-brand px-6 text-center text-brand-foreground">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 opacity-[0.07]">
        <div className="absolute left-1/2 top-0 h-full w-10 -translate-x-1/2 bg-white" />
        <div className="absolute left-0 top-1/2 h-10 w-full -translate-y-1/2 bg-white" />
      </div>
      <div className="relative flex max-w-md flex-col items-center gap-6">
        <BrandMark className="size-24 drop-shadow-lg" />
        <div>
          <h1 className="text-5xl font-black tracking-tight">{appName}</h1>
          <p className="mt-3 text-xl font-semibold">{t('app.tagline')}</p>
          <p className="mt-3 text-base">{t('app.landingLead')}</p>
        </div>
        <Button asChild size="lg" variant="secondary" className="min-w-48 bg-white text-brand hover:bg-white/90">
          <Link to="/auth?mode=signup">{t('app.getStarted')}</Link>
        </Button>
      </div>
    </main>
  );
}
