import { PenSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useUserPosts } from '../api/get-user-posts';
import { PostList } from './post-list';

/** The posts tab of a profile: the fan's posts and shares, newest first. */
export function UserPostList({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const { t } = useTranslation();
  const query = useUserPosts(userId);
  return (
    <PostList
      query={query}
      errorTitle={t('feed.loadFailed')}
      empty={
        isOwn ? (
          <EmptyState
            icon={PenSquare}
            title={t('profile.noPostsOwn')}
            action={
              <Button asChild>
                <Link to="/post/new">{t('profile.createFirst')}</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState icon={PenSquare} title={t('profile.noPostsOther')} />
        )
      }
    />
  );
}
