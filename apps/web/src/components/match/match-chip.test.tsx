// @vitest-environment happy-dom
import type { Post } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { meKeys } from '../../features/auth/api/get-me';
import { PostCard } from '../../features/posts/components/post-card';

const club = { id: 7, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' };
const post = (match: Post['match']): Post => ({
  id: 'p1',
  author: { id: 'author', nickname: 'tamar', avatarUrl: null },
  club,
  text: 'Come on Dinamo',
  mentions: [],
  media: null,
  mediaUrls: [],
  likesCount: 0,
  commentsCount: 0,
  sharesCount: 0,
  viewerHasLiked: false,
  viewerHasShared: false,
  createdAt: new Date().toISOString(),
  editedAt: null,
  sharedBy: null,
  match,
});

afterEach(cleanup);

function show(p: Post) {
  const client = new QueryClient();
  client.setQueryData(meKeys.all, { id: 'viewer', nickname: 'giorgi', primaryClub: club });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PostCard post={p} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the match chip on a post card', () => {
  it('links a thread post to its match', () => {
    show(post({ id: '5b0c0c6e-0000-4000-8000-000000000001', home: 'Dinamo', away: 'Torpedo' }));
    const chip = screen.getByRole('link', { name: 'Match: Dinamo – Torpedo' });
    expect(chip.textContent).toBe('Dinamo – Torpedo');
    expect(chip.getAttribute('href')).toBe('/match/5b0c0c6e-0000-4000-8000-000000000001');
  });

  it('is not there for a post outside a match thread', () => {
    show(post(null));
    expect(screen.queryByRole('link', { name: /^Match:/ })).toBeNull();
  });
});
