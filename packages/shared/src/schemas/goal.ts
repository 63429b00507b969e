import { z } from 'zod';
import { REFERRAL_SOURCES } from '../referral.js';
import { authorSchema } from './posts.js';

export const goalBalanceResponse = z.object({ balance: z.number().int() });
export type GoalBalanceResponse = z.infer<typeof goalBalanceResponse>;

/** The referee records who invited them; a `ref_` start parameter wins over the code. */
export const recordReferralInput = z
  .object({
    code: z.string().trim().max(64).optional(),
    source: z.enum(REFERRAL_SOURCES),
    startParam: z.string().trim().max(128).optional(),
  })
  .strict();
export type RecordReferralInput = z.infer<typeof recordReferralInput>;
export const recordReferralResponse = z.object({ recorded: z.boolean() });
export type RecordReferralResponse = z.infer<typeof recordReferralResponse>;

export const processGoalInput = z.object({ mode: z.literal('user').default('user') });

export const referralSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  source: z.enum(REFERRAL_SOURCES),
  rewarded: z.boolean(),
  referee: authorSchema,
});
export type Referral = z.infer<typeof referralSchema>;

export const referralListResponse = z.object({
  totalInvited: z.number().int(),
  /** $GOAL earned from referrals (rewarded referrals × the reward). */
  earned: z.number().int(),
  /**
   * Invited fans who were rewarded and have since deleted their account: they are no longer listed or counted
   * in `totalInvited`, but the $GOAL they earned stays in `earned` and the balance.
   */
  leftCount: z.number().int(),
  balance: z.number().int(),
  referrals: z.array(referralSchema),
});
export type ReferralListResponse = z.infer<typeof referralListResponse>;
