/** Product constants shared by the server (which enforces them) and the web app (which mirrors them). */
export const APP_VERSION = '1.0.0';
export const DEFAULT_APP_NAME = 'Burti';
export const TAGLINE = 'The Georgian Football Social Network';

export const POST_TEXT_MAX = 500;
export const POST_TEXT_AMBER_ABOVE = 350;
export const POST_TEXT_RED_ABOVE = 450;
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Longest video accepted, in seconds (the 10 MB limit usually comes first). */
export const VIDEO_MAX_SECONDS = 180;
export const COMMENT_MAX = 1000;
export const BIO_MAX = 160;

export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 30;
/** Letters of any script (Georgian included), digits, '_' and '.'. */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_.]+$/u;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Largest id a PostgreSQL `integer` column holds: ids above it are refused as input, never sent to the database. */
export const INT_ID_MAX = 2_147_483_647;

export const FEED_PAGE_SIZE = 50;
export const CLUB_FEED_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;
export const NOTIFICATIONS_LIMIT = 50;
export const LEADERBOARD_LIMIT = 50;
export const ADMIN_PAGE_SIZE = 50;

export const REFERRAL_REWARD = 35;
export const REFERRAL_MAX_ACCOUNT_AGE_DAYS = 7;
export const REFERRAL_FLAG_KEY = 'burti_referral_processed';

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'community-guidelines'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const REPORT_TARGET_TYPES = ['post', 'comment', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASON_CONTENT = 'Inappropriate content';
export const REPORT_REASON_BEHAVIOR = 'Inappropriate behavior';

export const NOTIFICATION_TYPES = ['like', 'comment', 'follow', 'share', 'reply', 'reply_on_post', 'mention'] as const;
/** Shown as one row per post (likes, shares) or per day (follows): "nika_10 and 37 others liked your post". */
export const GROUPED_NOTIFICATION_TYPES = ['like', 'share', 'follow'] as const;
/** A group's push goes out at most once in this many seconds, however many join it. */
export const GROUP_PUSH_INTERVAL_SECONDS = 300;
export const TRENDING_TAGS_LIMIT = 10;
export const MENTION_SUGGESTIONS_LIMIT = 8;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const MOBILE_BREAKPOINT = 768;

/** Search (decision 017): the longest search, and how many of each kind one page holds. */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_FANS_PAGE_SIZE = 20;
export const SEARCH_POSTS_PAGE_SIZE = 20;
export const SEARCH_CLUBS_LIMIT = 8;
export const SEARCH_HASHTAGS_LIMIT = 8;
/** The web app keeps this many recent searches on the device. */
export const RECENT_SEARCHES_MAX = 8;
/** The Following feed's page size (the global feed's). */
export const FOLLOWING_FEED_PAGE_SIZE = 50;
