import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../constants.js';
import { clubSchema } from './clubs.js';
import { postSchema } from './posts.js';

/** A search as typed: trimmed, at most SEARCH_QUERY_MAX characters; an empty one finds nothing. */
export const searchQuery = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX, `Searches can be at most ${SEARCH_QUERY_MAX} characters.`),
  cursor: z.string().max(300).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A fan found by nickname. */
export const fanResultSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  club: z.object({ id: z.number().int(), name: z.string(), nameKa: z.string() }).nullable(),
  followersCount: z.number().int(),
});
export type FanResult = z.infer<typeof fanResultSchema>;

export const fanResultPageSchema = z.object({ fans: z.array(fanResultSchema), nextCursor: z.string().nullable() });
export type FanResultPage = z.infer<typeof fanResultPageSchema>;

/** A hashtag seen in recent posts, as most of them write it, and in how many of those posts. */
export const hashtagResultSchema = z.object({ tag: z.string(), postsCount: z.number().int() });
export type HashtagResult = z.infer<typeof hashtagResultSchema>;

/** The first page of every kind of result; fans and posts page on through their own endpoints. */
export const searchResponseSchema = z.object({
  query: z.string(),
  fans: fanResultPageSchema,
  clubs: z.array(clubSchema),
  hashtags: z.array(hashtagResultSchema),
  posts: z.object({ posts: z.array(postSchema), nextCursor: z.string().nullable() }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
