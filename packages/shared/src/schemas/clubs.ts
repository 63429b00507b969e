import { z } from 'zod';

export const clubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
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
