import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  customType,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { session, user } from './auth.js';
import { fixtures } from './matches.js';

const tz = { withTimezone: true } as const;
const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();
const counter = (name: string) => integer(name).notNull().default(0);
/** PostgreSQL full-text document (search, migration 0070). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const clubs = pgTable(
  'clubs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    /** The name in Georgian (ბარსელონა), kept by the seed; '' for a club the catalogue does not know. */
    nameKa: text('name_ka').notNull().default(''),
    country: text('country').notNull(),
    league: text('league').notNull(),
    /** Other names fans use: short names (Barça, Man Utd, Spurs), the Georgian spelling. */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `|`-separated search keys (packages/shared/src/text) of the name and aliases, kept by the seed. */
    searchNames: text('search_names').notNull().default(''),
    /** Search keys of the country and league, matched after the names. */
    searchExtra: text('search_extra').notNull().default(''),
    /** The name folded for case- and accent-blind ordering (byte-wise, so the same on PGlite and PostgreSQL). */
    sortKey: text('sort_key').notNull().default(''),
    // Maintained by triggers (see the counters migration): fans = profiles choosing the club, posts = live posts.
    fansCount: counter('fans_count'),
    postsCount: counter('posts_count'),
    createdAt: createdAt(),
  },
  (t) => [check('clubs_counts_check', sql`${t.fansCount} >= 0 and ${t.postsCount} >= 0`)],
);

/** The product's "users" entity: one profile per account, created with the account. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    avatarPath: text('avatar_path'),
    primaryClubId: integer('primary_club_id').references(() => clubs.id, { onDelete: 'set null' }),
    followersCount: counter('followers_count'),
    followingCount: counter('following_count'),
    postsCount: counter('posts_count'),
    /** The sum of the fan's goal_ledger rows, kept by a trigger on the ledger (0008). */
    goalBalance: integer('goal_balance').notNull().default(0),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockedAt: timestamp('blocked_at', tz),
    referralCode: text('referral_code').notNull().unique(),
    telegramId: bigint('telegram_id', { mode: 'number' }).unique(),
    /** Whether the bot sends this fan a Telegram message for each new notification (Settings). */
    telegramMessages: boolean('telegram_messages').notNull().default(true),
    /** 'ka' or 'en': the language the fan chose (or signed up in); emails, push and bot messages use it too. */
    language: text('language', { enum: ['en', 'ka'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** The nickname's search key (searchKey() in SQL, migration 0070), byte-ordered for prefix ranges. */
    searchKey: text('search_key').generatedAlwaysAs(sql`burti_search_key(nickname)`),
  },
  (t) => [
    index('profiles_search_key_idx').on(t.searchKey, t.id),
    index('profiles_blocked_idx')
      .on(t.id)
      .where(sql`${t.isBlocked}`),
    index('profiles_search_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.searchKey})`),
    uniqueIndex('profiles_nickname_lower_idx').on(sql`lower(${t.nickname})`),
    index('profiles_nickname_prefix_idx').on(sql`lower(${t.nickname}) text_pattern_ops`),
    index('profiles_primary_club_idx').on(t.primaryClubId),
    index('profiles_created_at_idx').on(t.createdAt),
    check('profiles_nickname_length_check', sql`char_length(${t.nickname}) between 3 and 30`),
    check('profiles_language_check', sql`${t.language} in ('en', 'ka')`),
    check('profiles_bio_length_check', sql`${t.bio} is null or char_length(${t.bio}) <= 160`),
    check('profiles_counts_check', sql`${t.followersCount} >= 0 and ${t.followingCount} >= 0 and ${t.postsCount} >= 0`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    text: text('text'),
    /** The fans the text mentions: normalised handle as written -> profile id (null when none). */
    mentions: jsonb('mentions').$type<Record<string, string>>(),
    mediaUrl: text('media_url'),
    mediaPath: text('media_path'),
    mediaType: text('media_type', { enum: ['photo', 'video'] }),
    /** The stored photo's size in pixels (null for videos and photos from before sizes were kept). */
    mediaWidth: integer('media_width'),
    mediaHeight: integer('media_height'),
    /** A narrower copy of the photo for feeds; null when the photo is already that narrow. */
    mediaFeedUrl: text('media_feed_url'),
    mediaFeedPath: text('media_feed_path'),
    /** A video's poster frame (a JPEG stored beside it). */
    mediaPosterUrl: text('media_poster_url'),
    mediaPosterPath: text('media_poster_path'),
    mediaUrls: text('media_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibility: text('visibility', { enum: ['public'] })
      .notNull()
      .default('public'),
    likesCount: counter('likes_count'),
    commentsCount: counter('comments_count'),
    sharesCount: counter('shares_count'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    editedAt: timestamp('edited_at', tz),
    deletedAt: timestamp('deleted_at', tz),
    /** The match whose thread the post belongs to (0100); the post is in its club's feed as well. */
    matchId: uuid('match_id').references((): AnyPgColumn => fixtures.id, { onDelete: 'set null' }),
    /** Words (search keys) and hashtags of the text, for post search (migration 0070). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`burti_post_vector(text)`),
  },
  (t) => [
    index('posts_search_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.deletedAt} is null`),
    index('posts_author_feed_idx')
      .on(t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.visibility} = 'public'`),
    // DESC NULLS FIRST, the order `order by created_at desc, id desc` asks for (see 0006_indexes_that_match).
    index('posts_feed_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('posts_club_feed_idx')
      .on(t.clubId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('posts_author_idx').on(t.authorId, t.createdAt.desc()),
    index('posts_match_idx')
      .on(t.matchId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.matchId} is not null and ${t.deletedAt} is null`),
    check('posts_text_length_check', sql`${t.text} is null or char_length(${t.text}) <= 500`),
    // A deleted post loses its media file, so only live posts must carry content.
    check('posts_content_check', sql`${t.deletedAt} is not null or ${t.text} is not null or ${t.mediaUrl} is not null`),
    check('posts_media_check', sql`(${t.mediaUrl} is null) = (${t.mediaType} is null)`),
    check('posts_media_type_check', sql`${t.mediaType} is null or ${t.mediaType} in ('photo', 'video')`),
    check(
      'posts_media_size_check',
      sql`(${t.mediaWidth} is null) = (${t.mediaHeight} is null) and (${t.mediaWidth} is null or (${t.mediaWidth} > 0 and ${t.mediaHeight} > 0))`,
    ),
    check('posts_visibility_check', sql`${t.visibility} = 'public'`),
    check('posts_counts_check', sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0 and ${t.sharesCount} >= 0`),
  ],
);

/** Earlier versions of an edited post, kept so that moderators see what was reported. */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    text: text('text'),
    mediaUrl: text('media_url'),
    mediaType: text('media_type', { enum: ['photo', 'video'] }),
    createdAt: createdAt(),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.createdAt)],
);

export const likes = pgTable(
  'likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('likes_user_idx').on(t.userId, t.postId)],
);

export const shares = pgTable(
  'shares',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('shares_user_idx').on(t.userId, t.createdAt),
    index('shares_user_feed_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    parentCommentId: uuid('parent_comment_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    body: text('body').notNull(),
    mentions: jsonb('mentions').$type<Record<string, string>>(),
    replyCount: counter('reply_count'),
    likesCount: counter('likes_count'),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', tz),
    /** A tombstone kept for its replies (0103): the text is cleared. */
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('comments_root_idx')
      .on(t.postId, t.createdAt, t.id)
      .where(sql`${t.parentCommentId} is null`),
    index('comments_replies_idx').on(t.parentCommentId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId),
    index('comments_post_idx').on(t.postId),
    check(
      'comments_body_check',
      sql`(${t.deletedAt} is not null and ${t.body} = '') or char_length(btrim(${t.body})) between 1 and 1000`,
    ),
    check('comments_reply_count_check', sql`${t.replyCount} >= 0`),
    check('comments_likes_count_check', sql`${t.likesCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId, t.commentId)],
);

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    followingId: text('following_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    index('follows_following_idx').on(t.followingId),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type', { enum: ['post', 'comment', 'user'] }).notNull(),
    targetId: text('target_id').notNull(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'resolved', 'dismissed'] })
      .notNull()
      .default('pending'),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by').references(() => profiles.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', tz),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_one_open_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'pending'`),
    index('reports_status_idx').on(t.status, t.createdAt.desc()),
    index('reports_target_idx').on(t.targetType, t.targetId),
    check('reports_target_type_check', sql`${t.targetType} in ('post', 'comment', 'user')`),
    check('reports_status_check', sql`${t.status} in ('pending', 'resolved', 'dismissed')`),
    check('reports_reason_check', sql`${t.reason} in ('Inappropriate content', 'Inappropriate behavior')`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    // A group's key (likes or shares of a post, follows of a day) or a once-only key (a mention of a post).
    dedupeKey: text('dedupe_key'),
    /** How many fans the row stands for (a group's size; notification_actors lists them). */
    actorCount: integer('actor_count').notNull().default(1),
    /** When the group's push last went out. */
    pushedAt: timestamp('pushed_at', tz),
    /** The start of the post's text for the preview, null once it is deleted; kept by triggers (0093). */
    postText: text('post_text'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', tz),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_post_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_idx').on(t.dedupeKey),
  ],
);

/** Native push tokens (FCM/APNs) from the mobile app. */
export const notificationTokens = pgTable(
  'notification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    platform: text('platform', { enum: ['ios', 'android'] }).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** The session that registered the device: signing out deletes the token with it. */
    sessionId: text('session_id').references(() => session.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('notification_tokens_user_idx').on(t.userId),
    index('notification_tokens_session_idx').on(t.sessionId),
    check('notification_tokens_platform_check', sql`${t.platform} in ('ios', 'android')`),
  ],
);

export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /** As for native tokens: the registering session, null once it ended. */
    createdAt: createdAt(),
    /** The session that subscribed this browser: signing out deletes the subscription with it. */
    sessionId: text('session_id').references(() => session.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('web_push_subscriptions_user_idx').on(t.userId),
    index('web_push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** Append-only: the balance is the sum, and (kind, source_id) makes every payment happen once. */
export const goalLedger = pgTable(
  'goal_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    sourceId: text('source_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('goal_ledger_source_idx').on(t.kind, t.sourceId),
    index('goal_ledger_user_idx').on(t.userId),
    check('goal_ledger_amount_check', sql`${t.amount} <> 0`),
  ],
);

export const goalReferrals = pgTable(
  'goal_referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    refereeId: text('referee_id')
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['web', 'telegram'] }).notNull(),
    code: text('code').notNull(),
    startParam: text('start_param'),
    rewarded: boolean('rewarded').notNull().default(false),
    rewardedAt: timestamp('rewarded_at', tz),
    createdAt: createdAt(),
  },
  (t) => [
    index('goal_referrals_referrer_idx').on(t.referrerId, t.createdAt.desc()),
    check('goal_referrals_not_self_check', sql`${t.referrerId} <> ${t.refereeId}`),
    check('goal_referrals_source_check', sql`${t.source} in ('web', 'telegram')`),
  ],
);

/** Per-user, per-day activity received on their live posts: the leaderboard sums a window of these. */
export const leaderboardDaily = pgTable(
  'leaderboard_daily',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    likes: counter('likes'),
    comments: counter('comments'),
    shares: counter('shares'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Each member's sums over a window ('7d', '30d', 'all'), on the board of their primary club: kept by the rollup
 * triggers and moved day by day by burti_leaderboard_roll() (see 0007_leaderboard_totals).
 */
export const leaderboardTotals = pgTable(
  'leaderboard_totals',
  {
    period: text('period', { enum: ['7d', '30d', 'all'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    likes: counter('likes'),
    comments: counter('comments'),
    shares: counter('shares'),
    score: integer('score').generatedAlwaysAs(sql`likes + comments * 2 + shares * 3`),
    firstPostAt: timestamp('first_post_at', tz),
  },
  (t) => [
    primaryKey({ name: 'leaderboard_totals_pk', columns: [t.period, t.userId] }),
    index('leaderboard_totals_user_idx').on(t.userId),
    check('leaderboard_totals_period_check', sql`${t.period} in ('7d', '30d', 'all')`),
  ],
);

/**
 * What writers changed and the daily rows do not hold yet: appended by the rollup triggers, moved into
 * leaderboard_daily in batches by burti_leaderboard_apply() (see 0094_leaderboard_pending). No key, no index.
 */
export const leaderboardPending = pgTable('leaderboard_pending', {
  userId: text('user_id').notNull(),
  day: date('day').notNull(),
  likes: integer('likes').notNull(),
  comments: integer('comments').notNull(),
  shares: integer('shares').notNull(),
});

/**
 * The last number appends had drawn from leaderboard_pending_seq when the latest apply began: a board read applies
 * first while more were drawn (0095_leaderboard_pending_mark). One row.
 */
export const leaderboardApplied = pgTable(
  'leaderboard_applied',
  {
    id: boolean('id').primaryKey().default(true),
    through: bigint('through', { mode: 'number' }).notNull(),
  },
  () => [check('leaderboard_applied_one_row', sql`id`)],
);

/**
 * The Following feed's timelines (0098_following_timeline): for each fan who opened the feed, a row for each
 * post and share of a fan they follow, written by triggers; '' in `sharedBy` for the post itself.
 */
export const followingTimeline = pgTable(
  'following_timeline',
  {
    viewerId: text('viewer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    activityAt: timestamp('activity_at', tz).notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    sharedBy: text('shared_by').notNull(),
    sourceId: text('source_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.activityAt, t.postId, t.sharedBy] }),
    index('following_timeline_post_idx').on(t.postId, t.sharedBy),
  ],
);

/** A fan's timeline holds every item from `at` on (`infinity` while it is being built). */
export const followingTimelineFrom = pgTable('following_timeline_from', {
  viewerId: text('viewer_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  at: timestamp('at', tz).notNull(),
});

/** The last day each sliding window covers. */
export const leaderboardClock = pgTable('leaderboard_clock', {
  period: text('period').primaryKey(),
  days: integer('days').notNull(),
  asOf: date('as_of').notNull(),
});

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: text('admin_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    note: text('note'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt.desc()),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Network-wide counts kept by triggers ('users', 'blocked_users'), so the admin dashboard reads one row each. */
export const siteCounters = pgTable('site_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Answers kept for retried writes: the row is taken before the work, so one key does the work once. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Null while the first request is still working. */
    statusCode: integer('status_code'),
    response: text('response'),
    /** The attempt holding the key; a retry that takes over an abandoned claim gets a new one. */
    attempt: text('attempt'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_key_length_check', sql`char_length(${t.key}) between 1 and 200`),
  ],
);

/** Failed sign-ins per account, so that guesses spread over many addresses still meet a limit. */
export const signInFailures = pgTable('sign_in_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', tz).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', tz),
});

/** Who is in a grouped notification, once each (migration 0080). */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: text('actor_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_actor_idx').on(t.actorId),
    index('notification_actors_latest_idx').on(t.notificationId, t.createdAt.desc()),
  ],
);

/** A post's hashtags (migration 0080): a tag's page walks post_hashtags_tag_idx. */
export const postHashtags = pgTable(
  'post_hashtags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    clubId: integer('club_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
    taggedAt: timestamp('tagged_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    index('post_hashtags_tag_idx').on(t.tag, t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
  ],
);

/** Uses of each tag per hour, per club and overall (scope 0), kept by a trigger on post_hashtags. */
export const hashtagHourly = pgTable(
  'hashtag_hourly',
  {
    scope: integer('scope').notNull(),
    hour: timestamp('hour', tz).notNull(),
    tag: text('tag').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.hour, t.tag] })],
);
