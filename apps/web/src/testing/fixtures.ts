import type { Author, Club, Comment, Me, Notification, Post, PublicProfile } from '@burti/shared';
import { aMe } from '../test/fixtures';

/**
 * Factories of what the API answers, whole and valid against the contract (the API layer checks every answer
 * against its schema in tests), with the fields a test cares about given as `over`.
 */
export { aMe };

export const aClub = (over: Partial<Club> = {}): Club => ({
  id: 7,
  name: 'Dinamo Tbilisi',
  nameKa: 'დინამო თბილისი',
  country: 'Georgia',
  league: 'Erovnuli Liga',
  ...over,
});

export const anAuthor = (over: Partial<Author> = {}): Author => ({
  id: 'u2',
  nickname: 'gela',
  avatarUrl: null,
  ...over,
});

/** A signed-in fan who has chosen a club (the app's usual state). */
export const aFan = (over: Partial<Me> = {}): Me => aMe({ id: 'u1', nickname: 'nika', primaryClub: aClub(), ...over });

export const aProfile = (over: Partial<PublicProfile> = {}): PublicProfile => ({
  id: 'u2',
  nickname: 'gela',
  bio: null,
  avatarUrl: null,
  primaryClub: aClub(),
  followersCount: 0,
  followingCount: 0,
  postsCount: 0,
  goalBalance: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const aPost = (over: Partial<Post> = {}): Post => ({
  id: 'p1',
  author: anAuthor(),
  club: aClub(),
  text: 'Gaumarjos!',
  mentions: [],
  media: null,
  mediaUrls: [],
  likesCount: 0,
  commentsCount: 0,
  sharesCount: 0,
  viewerHasLiked: false,
  viewerHasShared: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  sharedBy: null,
  match: null,
  ...over,
});

export const aComment = (over: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  postId: 'p1',
  parentCommentId: null,
  body: 'Nice one',
  mentions: [],
  author: anAuthor(),
  replyCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  deleted: false,
  likesCount: 0,
  liked: false,
  ...over,
});

export const aNotification = (over: Partial<Notification> = {}): Notification => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'like',
  actor: anAuthor(),
  actorCount: 1,
  preview: 'Gaumarjos!',
  postId: 'p1',
  commentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  readAt: null,
  ...over,
});
