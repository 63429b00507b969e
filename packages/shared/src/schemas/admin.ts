import { z } from 'zod';
import { REPORT_TARGET_TYPES } from '../constants.js';
import { MEDIA_TYPES } from '../media.js';

/** The admin area's contract: statistics, the report queue, users, the audit log and the settings in force. */

export const REPORT_STATUSES = ['pending', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ['resolved', 'dismissed'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const ADMIN_NOTE_MAX = 500;

const cursor = z.string().max(200).optional();
/** An optional moderator's note: trimmed, empty means none. */
const noteField = z
  .string()
  .trim()
  .max(ADMIN_NOTE_MAX, `Notes can be at most ${ADMIN_NOTE_MAX} characters.`)
  .nullable()
  .optional()
  .transform((note) => (note ? note : null));
const personRef = z.object({ id: z.string(), nickname: z.string() });

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  newUsers7d: z.number().int(),
  newUsers30d: z.number().int(),
  pendingReports: z.number().int(),
  totalPosts: z.number().int(),
  postsToday: z.number().int(),
  blockedUsers: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminReportsQuery = z.object({ status: z.enum(REPORT_STATUSES).default('pending'), cursor });
export type AdminReportsQuery = z.input<typeof adminReportsQuery>;
export const reportIdParams = z.object({ reportId: z.uuid('Report not found') });

/** What was reported, as it is now (null when it no longer exists). */
export const adminReportTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('post'),
    id: z.string(),
    text: z.string().nullable(),
    media: z.object({ url: z.string(), type: z.enum(MEDIA_TYPES) }).nullable(),
    author: personRef,
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    deletedAt: z.string().nullable(),
    /** Earlier versions kept by edits: the reported wording may be among them. */
    revisionsCount: z.number().int(),
  }),
  z.object({
    type: z.literal('comment'),
    id: z.string(),
    postId: z.string(),
    body: z.string(),
    author: personRef,
    createdAt: z.string(),
  }),
  z.object({
    type: z.literal('user'),
    id: z.string(),
    nickname: z.string(),
    bio: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    isBlocked: z.boolean(),
  }),
]);
export type AdminReportTarget = z.infer<typeof adminReportTargetSchema>;

/**
 * One case of the queue: the newest report on a target, with how many reports (of the same status) the target
 * has and who sent them, so that a brigade of reports reads as one case.
 */
export const adminReportSchema = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: personRef,
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  target: adminReportTargetSchema.nullable(),
  reportCount: z.number().int(),
  /** Nicknames of the reporters of this case, newest first, at most 5. */
  reporters: z.array(z.string()),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportPageSchema = z.object({
  reports: z.array(adminReportSchema),
  nextCursor: z.string().nullable(),
});
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

export const resolveReportInput = z.object({ action: z.enum(REPORT_ACTIONS), note: noteField }).strict();
export type ResolveReportInput = z.input<typeof resolveReportInput>;
export const resolveReportResponse = z.object({ status: z.enum(REPORT_ACTIONS), resolvedCount: z.number().int() });
export type ResolveReportResponse = z.infer<typeof resolveReportResponse>;

export const adminNoteInput = z.object({ note: noteField }).strict();
export type AdminNoteInput = z.input<typeof adminNoteInput>;
/** `resolvedCount`: the pending reports on the post, resolved by its removal. */
export const adminDeletePostResponse = z.object({
  postId: z.string(),
  deletedAt: z.string(),
  resolvedCount: z.number().int(),
});
export type AdminDeletePostResponse = z.infer<typeof adminDeletePostResponse>;
export const adminDeleteCommentResponse = z.object({ commentId: z.string(), resolvedCount: z.number().int() });
export type AdminDeleteCommentResponse = z.infer<typeof adminDeleteCommentResponse>;

export const blockUserInput = z.object({ blocked: z.boolean(), note: noteField }).strict();
export type BlockUserInput = z.input<typeof blockUserInput>;
export const setAdminInput = z.object({ isAdmin: z.boolean(), note: noteField }).strict();
export type SetAdminInput = z.input<typeof setAdminInput>;

export const adminUsersQuery = z.object({ q: z.string().trim().max(100).optional(), cursor });
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUserSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isBlocked: z.boolean(),
  blockedAt: z.string().nullable(),
  createdAt: z.string(),
  postsCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = z.object({ users: z.array(adminUserSchema), nextCursor: z.string().nullable() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;
export const adminUserResponse = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

export const AUDIT_ACTIONS = [
  'report_resolved',
  'report_dismissed',
  'post_deleted',
  'comment_deleted',
  'user_blocked',
  'user_unblocked',
  'admin_granted',
  'admin_revoked',
  // Matchday (decision 022): the fixture editor and the live console.
  'competition_created',
  'competition_updated',
  'season_created',
  'team_created',
  'team_updated',
  'match_created',
  'match_updated',
  'match_result_set',
  'match_lineups_set',
  'match_lock_released',
  'match_phase_set',
  'match_minute_set',
  'match_event_added',
  'match_event_undone',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  /** Null once the administrator's account is deleted. */
  admin: personRef.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  /**
   * What the target is called, for a reader: a fan's nickname, a post's or comment's first line, a team's,
   * competition's or match's name. Null once the target is gone (a deleted account, a deleted post).
   */
  targetLabel: z.string().nullable(),
  /** The Georgian name, for targets the catalogue names in Georgian (teams, competitions, matches). */
  targetLabelKa: z.string().nullable(),
  note: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditQuery = z.object({ cursor });

export const USER_LIMIT_ACTIONS = [
  'posts',
  'postEdits',
  'comments',
  'likes',
  'shares',
  'reports',
  'follows',
  'blocks',
  'avatars',
] as const;
export type UserLimitAction = (typeof USER_LIMIT_ACTIONS)[number];
export const PUSH_CHANNELS = ['webPush', 'nativePush', 'telegram'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

/** The configuration in force, read-only: it comes from the environment and the code, not from the database. */
export const adminSettingsSchema = z.object({
  rateLimitsEnabled: z.boolean(),
  userLimits: z.array(
    z.object({ action: z.enum(USER_LIMIT_ACTIONS), max: z.number().int(), windowSeconds: z.number().int() }),
  ),
  authLimits: z.array(z.object({ endpoint: z.string(), max: z.number().int(), windowSeconds: z.number().int() })),
  pushChannels: z.array(z.object({ channel: z.enum(PUSH_CHANNELS), configured: z.boolean() })),
  media: z.object({
    maxBytes: z.number().int(),
    avatarMaxBytes: z.number().int(),
    photoTypes: z.array(z.string()),
    videoTypes: z.array(z.string()),
    postTextMax: z.number().int(),
  }),
  adminPageSize: z.number().int(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
