/**
 * Where a signed-out visitor was going (a shared `/post/{id}` link), kept through sign-in, and through sign-up
 * and the email confirmation when they happen on this device. Only same-origin relative paths are kept: "/post/1"
 * yes, "//evil.example", "/\\evil.example", "https://…" and "javascript:…" no.
 */
const KEY = 'burti.returnTo';

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- no control characters in a path we navigate to
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  if (value === '/' || value.startsWith('/auth')) return null;
  return value;
}

export function rememberReturnTo(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    localStorage.setItem(KEY, safe);
  } catch {
    // Private mode: the visitor lands on the feed.
  }
}

export function peekReturnTo(): string | null {
  try {
    return safeReturnPath(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

export function clearReturnTo(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
