import { z } from 'zod';
import { INT_ID_MAX } from '../constants.js';

export const clubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name as Georgian readers know it (ბარსელონა, დინამო თბილისი); shown when the app speaks Georgian. */
  nameKa: z.string(),
  country: z.string(),
  league: z.string(),
});
export type Club = z.infer<typeof clubSchema>;

export const clubListQuery = z.object({
  q: z.string().trim().max(100).optional(),
});
export type ClubListQuery = z.infer<typeof clubListQuery>;

export const clubListResponse = z.object({ clubs: z.array(clubSchema) });
export type ClubListResponse = z.infer<typeof clubListResponse>;

export const clubDetailSchema = clubSchema.extend({
  fansCount: z.number().int(),
  postsCount: z.number().int(),
  /** Whether the viewer follows this club's feed (without it being their own club). */
  viewerFollows: z.boolean(),
});
export type ClubDetail = z.infer<typeof clubDetailSchema>;
export const clubDetailResponse = z.object({ club: clubDetailSchema });
export type ClubDetailResponse = z.infer<typeof clubDetailResponse>;
/** Whether the viewer follows a club's feed, after following or unfollowing it. */
export const clubFollowStateSchema = z.object({ following: z.boolean() });
export type ClubFollowState = z.infer<typeof clubFollowStateSchema>;
export const clubIdParams = z.object({ clubId: z.coerce.number().int().positive().max(INT_ID_MAX, 'Club not found') });
