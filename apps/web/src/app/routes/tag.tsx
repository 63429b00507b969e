import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PostList } from '../../features/posts/components/post-list';
import { useTagPosts } from '../../features/posts/api/get-tag-posts';
import { TrendingTags } from '../../features/tags/components/trending-tags';

/** `/tag/{tag}`: the posts with a hashtag, newest first, and what is trending now. */
export function TagRoute() {
  const { t } = useTranslation();
  const tag = (useParams().tag ?? '').normalize('NFC').toLowerCase();
  const query = useTagPosts(tag);
  return (
    <>
      <PageHeader back title={t('tags.title', { tag })} />
      <p className="border-b border-border px-4 py-2 text-sm text-muted-foreground">{t('tags.subtitle')}</p>
      <TrendingTags current={tag} />
      <PostList
        query={query}
        errorTitle={t('tags.loadFailed')}
        loadMoreLabel={t('tags.loadMore')}
        endMessage={t('tags.end')}
        empty={
          <EmptyState
            icon={Hash}
            title={t('tags.empty', { tag })}
            message={t('tags.emptyMessage')}
            action={
              <Button asChild>
                <Link to="/post/new">{t('club.createFirst')}</Link>
              </Button>
            }
          />
        }
      />
    </>
  );
}
