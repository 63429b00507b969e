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

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (!at || !id || !TIMESTAMP.test(at) || !UUID.test(id))
    throw new AppError('VALIDATION', 'That page link is not valid.');
  return { at, id };
}
