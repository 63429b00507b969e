import { sql, type SQL } from 'drizzle-orm';

/** Avatar URLs carry a version from the profile's update time, so a new picture is never served stale. */
export function versionedAvatar(url: string | null, updatedAt: Date | string): string | null {
  return url ? `${url}?v=${new Date(updatedAt).getTime()}` : null;
}

/**
 * The same address made by PostgreSQL, for lists of fans and posts: the update time is not sent to be parsed into
 * a Date per row only to be read as a number (null without an avatar; milliseconds truncated, as Dates hold them).
 */
export const versionedAvatarColumn = (url: SQL, updatedAt: SQL): SQL =>
  sql`${url} || '?v=' || floor(extract(epoch from ${updatedAt}) * 1000)::bigint`;
