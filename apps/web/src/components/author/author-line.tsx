import type { Author } from '@burti/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { UserAvatar } from '../ui/avatar';

export const profilePath = (userId: string) => `/u/${encodeURIComponent(userId)}`;

export type AuthorLineProps = {
  author: Author;
  /** `md` for posts; `sm` for comments (smaller avatar and name). */
  size?: 'md' | 'sm';
  /** Beside the name, on its line: the club badge, the time, the comment's menu. */
  beside?: ReactNode;
  /** Under the name, in the same column: the time line of a post, the body of a comment. */
  children?: ReactNode;
};

/**
 * Who wrote it: the avatar and the nickname, both to the author's profile (the avatar is a second way to the same
 * place, so only the name is in the tab order). Renders the avatar and a column beside it; the caller's flex row
 * holds them.
 */
export function AuthorLine({ author, size = 'md', beside, children }: AuthorLineProps) {
  const profile = profilePath(author.id);
  return (
    <>
      <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <UserAvatar src={author.avatarUrl} name={author.nickname} size={size} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className={cn('flex min-w-0 items-center', size === 'sm' ? 'gap-2' : 'gap-1.5')}>
          <Link
            to={profile}
            className={cn(
              'min-w-0 truncate rounded-sm font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-ring',
              size === 'sm' && 'text-sm',
            )}
          >
            {author.nickname}
          </Link>
          {beside}
        </div>
        {children}
      </div>
    </>
  );
}
