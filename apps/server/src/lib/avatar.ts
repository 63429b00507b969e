/** Avatar URLs carry a version from the profile's update time, so a new picture is never served stale. */
export function versionedAvatar(url: string | null, updatedAt: Date | string): string | null {
  return url ? `${url}?v=${new Date(updatedAt).getTime()}` : null;
}
