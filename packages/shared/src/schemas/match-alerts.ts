import { z } from 'zod';

/** The events that alert a fan who opted in (decision 022): kick-off, a goal (own and penalty goals too), a red card
 * (a second yellow too) and full time. */
export const MATCH_ALERT_KINDS = ['kick_off', 'goal', 'red_card', 'full_time'] as const;
export type MatchAlertKind = (typeof MATCH_ALERT_KINDS)[number];

/**
 * A fan's choice for one match: `default` follows their clubs' alerts, `on` alerts for this match whatever the
 * clubs, `muted` never alerts for it (the mute wins over a club's alerts).
 */
export const matchAlertModeSchema = z.enum(['default', 'on', 'muted']);
export type MatchAlertMode = z.infer<typeof matchAlertModeSchema>;

export const matchAlertStateSchema = z.object({
  mode: matchAlertModeSchema,
  /** One of the match's clubs is on the fan's alert clubs. */
  clubAlerts: z.boolean(),
  /** Whether this match alerts the fan now: `on`, or a club's alerts and not muted. */
  alerting: z.boolean(),
});
export type MatchAlertState = z.infer<typeof matchAlertStateSchema>;
export const matchAlertStateResponse = z.object({ alerts: matchAlertStateSchema });
export type MatchAlertStateResponse = z.infer<typeof matchAlertStateResponse>;

export const matchAlertInput = z.object({ mode: matchAlertModeSchema }).strict();
export type MatchAlertInput = z.infer<typeof matchAlertInput>;

/** A club the fan gets alerts for. */
export const alertClubSchema = z.object({ id: z.number().int(), name: z.string(), nameKa: z.string() });
export type AlertClub = z.infer<typeof alertClubSchema>;
export const alertClubListResponse = z.object({ clubs: z.array(alertClubSchema) });
export type AlertClubListResponse = z.infer<typeof alertClubListResponse>;

/**
 * An alert on the fan's live stream (the notifications stream's `match_alert` event), worded in the fan's
 * language. For a fan holding the match in spoiler mode, `title` and `body` carry no score and no player.
 */
export const matchAlertSchema = z.object({
  matchId: z.string(),
  kind: z.enum(MATCH_ALERT_KINDS),
  title: z.string(),
  body: z.string(),
  spoiler: z.boolean(),
});
export type MatchAlert = z.infer<typeof matchAlertSchema>;
