import type { Me } from '@burti/shared';

/** A signed-in fan as GET /api/me answers it: whole, so that the contract's check of answers in tests passes. */
export function aMe(over: Partial<Me> = {}): Me {
  return {
    id: 'me',
    email: 'fan@example.com',
    nickname: 'nika',
    bio: null,
    avatarUrl: null,
    primaryClub: null,
    followersCount: 0,
    followingCount: 0,
    postsCount: 0,
    isAdmin: false,
    isBlocked: false,
    referralCode: 'abc',
    goalBalance: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    language: 'en',
    ...over,
  };
}
