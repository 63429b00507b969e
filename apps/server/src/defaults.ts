// Defaults of settings that both the reading of the environment (env.ts) and the code using them know. They sit
// at the bottom of the server's layers (eslint.config.js), so env.ts imports nothing from db/ or plugins/.

/** Waiting for a connection of the database pool, new or in use (db/timeouts.ts). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
/** A statement's run on PostgreSQL (statement_timeout; db/timeouts.ts). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
/** How long a request waits for its turn by default: waited in full, its own queries still fit in a second. */
export const DEFAULT_MAX_QUEUE_WAIT_MS = 500;
/**
 * How long a signed-in viewer is remembered per credential. Revocations reach every instance through the realtime
 * bus (lib/viewer-revocation.ts), so this bounds only changes made in the database past the API.
 */
export const DEFAULT_VIEWER_CACHE_SECONDS = 300;
