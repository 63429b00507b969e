import { z } from 'zod';
import { COMMENT_MAX, POST_TEXT_MAX } from '../constants.js';
import { MEDIA_TYPES } from '../media.js';
import { clubSchema } from './clubs.js';

export const authorSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
});
export type Author = z.infer<typeof authorSchema>;

/** A fan a text mentions: `handle` as written (normalised), shown by the fan's current nickname. */
export const mentionSchema = z.object({ handle: z.string(), id: z.string(), nickname: z.string() });
export type Mention = z.infer<typeof mentionSchema>;

export const postSchema = z.object({
  id: z.string(),
  author: authorSchema,
  club: clubSchema,
  text: z.string().nullable(),
  mentions: z.array(mentionSchema),
  media: z
    .object({
      url: z.string(),
      type: z.enum(MEDIA_TYPES),
      /** The full photo's size in pixels; null for videos and for photos stored before sizes were kept. */
      width: z.number().int().positive().nullable(),
      height: z.number().int().positive().nullable(),
      /** The photo at PHOTO_FEED_WIDTH wide, for lists; null when the photo is no wider than that. */
      feedUrl: z.string().nullable(),
      /** A video's first frame (JPEG), shown before it plays; null for photos. */
      posterUrl: z.string().nullable(),
    })
    .nullable(),
  mediaUrls: z.array(z.string()),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  sharesCount: z.number().int(),
  viewerHasLiked: z.boolean(),
  viewerHasShared: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Set on a profile's timeline when the post appears there as that profile's share. */
  sharedBy: z.object({ id: z.string(), nickname: z.string(), sharedAt: z.string() }).nullable(),
  /** The match whose thread the post belongs to (a chip linking to it), or null. */
  match: z.object({ id: z.string(), home: z.string(), away: z.string() }).nullable(),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = z.object({ posts: z.array(postSchema), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof postPageSchema>;
export const postResponse = z.object({ post: postSchema });
export type PostResponse = z.infer<typeof postResponse>;

export const cursorQuery = z.object({ cursor: z.string().max(200).optional() });
export const postIdParams = z.object({ postId: z.uuid('Post not found') });
export const commentIdParams = z.object({ commentId: z.uuid('Comment not found') });

/** Text fields of a new or edited post (the media file, if any, travels beside them as multipart). */
export const postTextInput = z.object({
  text: z
    .string()
    .trim()
    .max(POST_TEXT_MAX, `Posts can be at most ${POST_TEXT_MAX} characters.`)
    .optional()
    .transform((text) => (text ? text : null)),
  /** On edit: true removes the current media. */
  removeMedia: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => value === true || value === 'true'),
});
export type PostTextInput = z.input<typeof postTextInput>;
/** A new post: its text fields, and the match whose thread it goes to (decision 022). */
export const createPostInput = postTextInput.extend({ matchId: z.uuid('Match not found').optional() });
export type CreatePostInput = z.input<typeof createPostInput>;

export const likeStateSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;
export const shareStateSchema = z.object({ shared: z.boolean(), sharesCount: z.number().int() });
export type ShareState = z.infer<typeof shareStateSchema>;

export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  parentCommentId: z.string().nullable(),
  body: z.string(),
  mentions: z.array(mentionSchema),
  author: authorSchema,
  replyCount: z.number().int(),
  createdAt: z.string(),
  /** When the author last changed the text, or null. */
  editedAt: z.string().nullable(),
  /**
   * Deleted by its author or a moderator while it had replies: it stays in the thread, without text or author
   * content, so the replies keep their place ("Comment deleted"). A comment without replies is removed outright.
   */
  deleted: z.boolean(),
  likesCount: z.number().int(),
  /** The viewer likes it. */
  liked: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  nextCursor: z.string().nullable(),
  /**
   * On the first page of a post's comments: how many of its comments and replies the viewer cannot see (their
   * authors are blocked one way or the other). The post's `commentsCount` minus this is what the thread shows.
   */
  hiddenCount: z.number().int().optional(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;
export const commentResponse = z.object({ comment: commentSchema, commentsCount: z.number().int() });
export type CommentResponse = z.infer<typeof commentResponse>;

export const createCommentInput = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, 'Please write something first.')
      .max(COMMENT_MAX, `Comments can be at most ${COMMENT_MAX} characters.`),
    parentCommentId: z.uuid().nullable().optional(),
  })
  .strict();
export type CreateCommentInput = z.input<typeof createCommentInput>;
/** Editing a comment: its text, under the same rules as writing it. */
export const updateCommentInput = createCommentInput.pick({ body: true }).strict();
export type UpdateCommentInput = z.input<typeof updateCommentInput>;
/** After a delete: the post's comment count, and the comment as it stays in the thread (null when removed outright). */
export const deleteCommentResponse = z.object({ comment: commentSchema.nullable(), commentsCount: z.number().int() });
export type DeleteCommentResponse = z.infer<typeof deleteCommentResponse>;

export const createReportInput = z
  .object({
    targetType: z.enum(['post', 'comment', 'user']),
    targetId: z.string().min(1).max(64),
  })
  .strict();
export type CreateReportInput = z.infer<typeof createReportInput>;
export const reportResponse = z.object({ reportId: z.string(), reason: z.string() });

/** Posts with a hashtag, newest first, and the tags most used in the last 24 hours. */
export const tagParams = z.object({
  tag: z
    .string()
    .min(1)
    .max(200)
    .transform((tag) => tag.normalize('NFC').toLowerCase()),
});
export const trendingQuery = z.object({ clubId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const trendingTagSchema = z.object({ tag: z.string(), uses: z.number().int() });
export type TrendingTag = z.infer<typeof trendingTagSchema>;
export const trendingResponse = z.object({ tags: z.array(trendingTagSchema) });
export type TrendingResponse = z.infer<typeof trendingResponse>;

export const mentionSuggestQuery = z.object({ q: z.string().trim().min(1).max(30) });
export const mentionSuggestResponse = z.object({ fans: z.array(authorSchema) });
export type MentionSuggestResponse = z.infer<typeof mentionSuggestResponse>;
