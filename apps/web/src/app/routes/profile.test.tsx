import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../lib/i18n';
import { aProfile, answer, renderWithProviders, server } from '../../testing';
import { UserProfileRoute } from './profile';

const gela = aProfile({ id: 'u2', nickname: 'gela', postsCount: 2 });

const open = (hasBlocked: boolean, language: 'en' | 'ka' = 'en') => {
  server.use(
    answer('getUser', { profile: gela, relationship: { isSelf: false, isFollowing: false, hasBlocked } }),
    // The server hides a blocked fan's posts from the one who blocked them.
    answer('getUserPosts', { posts: [], nextCursor: null }),
  );
  return renderWithProviders(<UserProfileRoute />, { path: '/u/:userId', route: '/u/u2', language });
};

// The route fetches these strings with the screen (app/router.tsx).
beforeAll(() => loadNamespaces('referrals', 'social'));

describe('a profile the viewer blocked', () => {
  it('says the posts are hidden because of the block, not "No posts yet" under "2 Posts"', async () => {
    await open(true);
    expect(await screen.findByText('You blocked gela')).toBeTruthy();
    expect(screen.getByText('Their 2 posts are hidden from you. Unblock them to see them.')).toBeTruthy();
    expect(screen.queryByText('No posts yet')).toBeNull();
  });

  it('says so in Georgian', async () => {
    await open(true, 'ka');
    expect(await screen.findByText('შენ დაბლოკე gela')).toBeTruthy();
    expect(screen.getByText('მისი 2 პოსტი შენთვის დამალულია. განბლოკე, რომ ნახო.')).toBeTruthy();
  });

  it('an unblocked profile lists its posts as before', async () => {
    await open(false);
    expect(await screen.findByText('No posts yet', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('You blocked gela')).toBeNull();
  });
});
