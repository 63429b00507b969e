import { FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

export function PostDetailRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('post.detailTitle')} back={true} />
      <EmptyState
        icon={FileQuestion}
        title={t('post.notFoundTitle')}
        message={t('post.notFoundMessage')}
        action={
          <Button asChild>
            <Link to="/feed">{t('profile.backToFeed')}</Link>
          </Button>
        }
      />
    </>
  );
}
