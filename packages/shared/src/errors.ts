/**
 * Every error the API answers with has one of these codes. The server maps a code to its HTTP status;
 * the web app shows the message (the server's, which is the spec's wording where the spec has one).
 */
export const errorCodes = {
  VALIDATION: { status: 400, message: 'Please check the highlighted fields.' },
  /** A code of its own, so that clients show this sentence (in their language) rather than VALIDATION's. */
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is one of the most common and easy to guess. Please choose a less predictable one.',
  },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  FORBIDDEN: { status: 403, message: "You don't have permission to do that." },
  FORBIDDEN_ORIGIN: { status: 403, message: 'This request did not come from the app, so it was refused.' },
  ACCOUNT_BLOCKED: {
    status: 403,
    message: 'Your account has been blocked by an administrator. You can still read, but not post or interact.',
  },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  PROFILE_NOT_FOUND: { status: 404, message: 'Profile not found' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  CLUB_NOT_FOUND: { status: 404, message: 'Club not found' },
  POST_NOT_FOUND: { status: 404, message: 'Post not found' },
  POST_DELETED: { status: 410, message: 'This post has been deleted.' },
  POST_REMOVED_BY_MODERATOR: { status: 410, message: 'Removed by a moderator.' },
  COMMENT_NOT_FOUND: { status: 404, message: 'Comment not found' },
  CLUB_REQUIRED: { status: 400, message: 'Choose your club before posting.' },
  POST_EMPTY: { status: 400, message: 'Write something or add a photo or video.' },
  ALREADY_REPORTED: { status: 409, message: 'You have already reported this. Our moderators will review it.' },
  CANNOT_TARGET_SELF: { status: 400, message: "You can't do that to yourself." },
  USER_BLOCKED: { status: 403, message: "You can't interact with this user." },
  FILE_TOO_LARGE: { status: 413, message: 'Please select a file smaller than 10MB' },
  NICKNAME_TAKEN: { status: 409, message: 'That nickname is already taken.' },
  CONFLICT: { status: 409, message: 'That conflicts with the current state.' },
  TELEGRAM_NOT_LINKED: { status: 409, message: 'Bot messages are for accounts opened through Telegram.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'That upload is too large.' },
  UNSUPPORTED_MEDIA: { status: 415, message: 'That file type is not supported.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please slow down and try again in a moment.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  BUSY: { status: 503, message: 'We are busy right now. Please try again in a moment.' },
  /** The server has no ffmpeg it can run: the fan's video is not to blame. */
  VIDEO_PROCESSING_UNAVAILABLE: {
    status: 503,
    message: 'Videos cannot be processed right now. Your file is fine: please try again later.',
  },
  UNAVAILABLE: {
    status: 503,
    message: 'Burti is briefly unavailable (it cannot reach its database). Please try again in a moment.',
  },
  REPORT_NOT_FOUND: { status: 404, message: 'Report not found' },
  REPORT_CLOSED: { status: 409, message: 'This report has already been closed.' },
  LAST_ADMIN: { status: 409, message: 'You cannot revoke the last administrator.' },
  MATCH_NOT_FOUND: { status: 404, message: 'Match not found' },
  COMPETITION_NOT_FOUND: { status: 404, message: 'Competition not found' },
  SEASON_NOT_FOUND: { status: 404, message: 'Season not found' },
  TEAM_NOT_FOUND: { status: 404, message: 'Team not found' },
  MATCH_EVENT_NOT_FOUND: { status: 404, message: 'That match event was not found.' },
  MATCH_STATE: { status: 409, message: 'The match is not in a state that allows that.' },
  NOTHING_TO_UNDO: { status: 409, message: 'There is no event to undo.' },
  THREAD_CLOSED: { status: 409, message: 'This match thread is not open.' },
  THREAD_NOT_YOUR_MATCH: { status: 403, message: 'Only fans of the two clubs can post in this match thread.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** The body of every error response. */
export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};
