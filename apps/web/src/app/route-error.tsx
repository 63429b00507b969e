import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { AlertTriangle } from 'lucide-react';

/** Shown when a screen fails to load (a lost chunk after a deploy, or a bug), instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <EmptyState
        icon={AlertTriangle}
        title={t('app.error')}
        message={error instanceof Error ? error.message : undefined}
        action={
          <>
            <Button onClick={() => window.location.reload()}>{t('app.retry')}</Button>
            <Button variant="outline" asChild>
              <Link to="/">{t('notFound.home')}</Link>
            </Button>
          </>
        }
      />
    </main>
  );
}
