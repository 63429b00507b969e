import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { BrandMark } from '../components/layout/brand-mark';

export function Splash({ error = false, onRetry }: { error?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background px-6 text-center">
      <BrandMark className="size-16" />
      {error ? (
        <>
          <p className="text-muted-foreground">{t('app.error')}</p>
          <Button onClick={onRetry}>{t('app.retry')}</Button>
        </>
      ) : (
        <Spinner label={t('app.loading')} />
      )}
    </main>
  );
}
