import { AppError } from './errors.js';

/**
 * Keyset cursors: the position (timestamp with microseconds, as PostgreSQL text in UTC, and id) of the last
 * item of a page. Pages built on them never repeat or skip an item while new ones arrive.
 */
export type Cursor = { at: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a timestamp of the cursor's shape that names a real instant (no 13th month, 30 February or 25th
 * hour): PostgreSQL refuses impossible ones with an error, so they must be stopped before any query.
 */
export function isPossibleTimestamp(at: string): boolean {
  if (!TIMESTAMP.test(at)) return false;
  const date = new Date(`${at.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === at.slice(0, 23);
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [at, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length > 0 || !isPossibleTimestamp(at) || !UUID.test(id))
    throw new AppError('VALIDATION', 'That page link is not valid.');
  return { at, id };
}

/** A cursor of a list whose items are (time, id) plus one more key: who shared a post ('' for the post itself). */
export type SharedCursor = Cursor & { by: string };

const USER_ID = /^[A-Za-z0-9_-]{0,64}$/;

export function encodeSharedCursor(cursor: SharedCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}|${cursor.by}`, 'utf8').toString('base64url');
}

export function decodeSharedCursor(raw: string | undefined): SharedCursor | null {
  if (!raw) return null;
  const [at, id, by, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (
    !at ||
    !id ||
    by === undefined ||
    rest.length > 0 ||
    !isPossibleTimestamp(at) ||
    !UUID.test(id) ||
    !USER_ID.test(by)
  )
    throw new AppError('VALIDATION', 'That page link is not valid.');
  return { at, id, by };
}
