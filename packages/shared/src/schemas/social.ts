import { z } from 'zod';
import { authorSchema } from './posts.js';
import { matchAlertSchema } from './match-alerts.js';

/** How the viewer stands with a profile they look at. */
export const relationshipSchema = z.object({
  isSelf: z.boolean(),
  isFollowing: z.boolean(),
  /** The viewer blocked this user (the profile then shows a disabled 'Blocked' button). */
  hasBlocked: z.boolean(),
});
export type Relationship = z.infer<typeof relationshipSchema>;

export const followStateSchema = z.object({ following: z.boolean(), followersCount: z.number().int() });
export type FollowState = z.infer<typeof followStateSchema>;
export const blockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** The latest actor; for a group, the others are counted in actorCount. */
  actor: authorSchema.nullable(),
  /** How many fans the row stands for: 1, or a group's size ("nika_10 and 37 others liked your post"). */
  actorCount: z.number().int(),
  /** The first line of the post the notification is about, when it has text. */
  preview: z.string().nullable(),
  postId: z.string().nullable(),
  commentId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListResponse = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;
export const unreadCountResponse = z.object({ unreadCount: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;
export const notificationIdParams = z.object({ notificationId: z.uuid('Notification not found') });

/** What the live stream sends: a new notification, or a new unread count (after reading elsewhere). */
export const notificationEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('notification'), notification: notificationSchema, unreadCount: z.number().int() }),
  z.object({ kind: z.literal('unread'), unreadCount: z.number().int() }),
  /** A match alert (decision 022): shown as it comes, not kept in the notifications list. */
  z.object({ kind: z.literal('match_alert'), alert: matchAlertSchema }),
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const pushTokenInput = z
  .object({ token: z.string().min(10).max(4096), platform: z.enum(['ios', 'android']) })
  .strict();
/** Settings: the bot's Telegram messages, for fans who signed in through Telegram. */
export const telegramMessagesInput = z.object({ enabled: z.boolean() }).strict();

export const webPushSubscriptionInput = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(256) }),
});

/** GET /api/push/config: what a browser needs to subscribe (null when Web Push is not configured). */
export const pushConfigResponse = z.object({ webPushPublicKey: z.string().nullable() });
export type PushConfigResponse = z.infer<typeof pushConfigResponse>;
export const telegramMessagesStateSchema = z.object({
  /** The fan has a Telegram chat with the bot and the server has a bot to send from. */
  available: z.boolean(),
  enabled: z.boolean(),
});
export type TelegramMessagesState = z.infer<typeof telegramMessagesStateSchema>;
