/**
 * The query-key prefixes that cross features. A feature owns its key factory (`features/<f>/api/*-keys.ts`);
 * when one feature must refresh or patch another's cache (a new post changes the club's post count, a block
 * changes every feed), it names the prefix here instead of writing the key out. Each owning factory builds its
 * keys on the same prefix, so the two cannot drift apart.
 */
export const sharedKeys = {
  /** The signed-in fan (features/auth/api/get-me). */
  me: ['me'],
  /** Every post query: lists and details (features/posts/api/post-keys). */
  posts: ['posts'],
  /** Every post list (feeds, club, tag, profile timelines, search). */
  postLists: ['posts', 'list'],
  /** Every match thread's posts, by match after this prefix (features/matches/api/get-match-posts). */
  matchPosts: ['posts', 'list', 'match'],
  /** The matches the signed-in fan holds in spoiler mode (lib/spoiler-holds). */
  spoilerHolds: ['me', 'spoilers'],
  /** The posts about a held match the fan chose to see anyway (lib/spoiler-holds): kept here, not in the cards. */
  spoilerShownPosts: ['me', 'spoiler-shown-posts'],
  /** Every comment query (features/comments/api/comment-keys). */
  comments: ['comments'],
  /** Every public profile, by id or nickname (features/profile/api/get-profile). */
  profiles: ['profile'],
  /** Every club's header with its fan and post counts (features/clubs/api/get-clubs). */
  clubDetails: ['clubs', 'detail'],
  /** The notification list and the unread count (features/notifications/api/notification-keys). */
  notifications: ['notifications'],
} as const;
