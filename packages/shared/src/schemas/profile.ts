import { z } from 'zod';
import { BIO_MAX, INT_ID_MAX } from '../constants.js';
import { LANGUAGES } from '../i18n.js';
import { nicknameField } from './auth.js';
import { clubSchema } from './clubs.js';

/** A language the app speaks (kept here, beside zod, so that the plain helpers of ../i18n stay out of zod). */
export const languageSchema = z.enum(LANGUAGES);

/** The signed-in person's own profile. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  nickname: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  primaryClub: clubSchema.nullable(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  postsCount: z.number().int(),
  isAdmin: z.boolean(),
  isBlocked: z.boolean(),
  referralCode: z.string(),
  goalBalance: z.number().int(),
  createdAt: z.string(),
  /** The language the fan reads Burti in, on every device, and gets emails, push and bot messages in. */
  language: languageSchema,
});
export type Me = z.infer<typeof meSchema>;
export const meResponse = z.object({ me: meSchema });
export type MeResponse = z.infer<typeof meResponse>;

/** Only these fields can be changed by their owner; anything else in the body is refused. */
export const updateProfileInput = z
  .object({
    nickname: nicknameField.optional(),
    bio: z
      .string()
      .trim()
      .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters.`)
      .transform((bio) => (bio === '' ? null : bio))
      .nullable()
      .optional(),
    language: languageSchema.optional(),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const setClubInput = z
  .object({ clubId: z.number().int().positive().max(INT_ID_MAX, 'Club not found') })
  .strict();
export type SetClubInput = z.infer<typeof setClubInput>;

/** What any signed-in fan sees of another fan. */
export const publicProfileSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  primaryClub: clubSchema.nullable(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  postsCount: z.number().int(),
  goalBalance: z.number().int(),
  createdAt: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export const publicProfileResponse = z.object({
  profile: publicProfileSchema,
  relationship: z.object({ isSelf: z.boolean(), isFollowing: z.boolean(), hasBlocked: z.boolean() }),
});
export type PublicProfileResponse = z.infer<typeof publicProfileResponse>;
export const userIdParams = z.object({ userId: z.string().min(1).max(64) });
export const nicknameParams = z.object({ nickname: z.string().min(1).max(64) });
