import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/layout/brand-mark';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';

/** Whether a query could not reach the server: the browser says it is offline, or the request did not get out. */
export function isOffline(query: { fetchStatus: string; error: unknown }): boolean {
  if (query.fetchStatus === 'paused') return true;
  return query.error instanceof ApiError && query.error.code === 'NETWORK';
}

/**
 * "You're offline": what the app shell (served by the service worker) shows when it opens without a network.
 * It tries again by itself the moment the connection is back, and on the fan's tap.
 */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background px-6 text-center">
      <BrandMark className="size-16" />
      <WifiOff aria-hidden="true" className="size-8 text-muted-foreground" />
      <div className="max-w-sm space-y-2" role="status">
        <h1 className="text-2xl font-bold">{t('shells.offline.title')}</h1>
        <p className="text-muted-foreground">{t('shells.offline.text')}</p>
      </div>
      <Button onClick={onRetry}>{t('shells.offline.retry')}</Button>
    </main>
  );
}
