import { AppError } from '../lib/errors.js';

/** The signed-in fan a request is made by, as plugins/auth.ts finds it. */
export type Viewer = {
  id: string;
  email: string;
  nickname: string;
  isAdmin: boolean;
  isBlocked: boolean;
  sessionId: string;
};

/** The signed-in viewer, or 401. */
export function signedIn(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
}

/**
 * The signed-in administrator, decided on the server from profiles.is_admin on every request: anonymous
 * callers get 401, everyone else 403. A blocked administrator is not an administrator until unblocked.
 */
export function administrator(viewer: Viewer | null): Viewer {
  const found = signedIn(viewer);
  if (!found.isAdmin || found.isBlocked) throw new AppError('FORBIDDEN');
  return found;
}

/** A viewer allowed to write: blocked accounts can read but not post or interact. */
export function activeViewer(viewer: Viewer | null): Viewer {
  const found = signedIn(viewer);
  if (found.isBlocked) throw new AppError('ACCOUNT_BLOCKED');
  return found;
}
