import { z } from 'zod';
import { INT_ID_MAX } from '../constants.js';

export const LEADERBOARD_WINDOWS = ['7d', '30d', 'all'] as const;
export type LeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];
export const DEFAULT_LEADERBOARD_WINDOW: LeaderboardWindow = '30d';
/** Points per interaction a member's posts receive from others (decisions.md). */
export const LEADERBOARD_POINTS = { like: 1, comment: 2, share: 3 } as const;

export const leaderboardQuery = z.object({
  clubId: z.coerce.number().int().positive().max(INT_ID_MAX, 'Club not found'),
  window: z.enum(LEADERBOARD_WINDOWS).default(DEFAULT_LEADERBOARD_WINDOW),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuery>;

export const leaderboardRowSchema = z.object({
  rank: z.number().int().positive(),
  userId: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  score: z.number().int(),
  goalBalance: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/** The top rows, and the viewer's own row wherever it ranks (null when the viewer has no score on this board). */
export const leaderboardResponse = z.object({
  rows: z.array(leaderboardRowSchema),
  viewer: leaderboardRowSchema.nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;
