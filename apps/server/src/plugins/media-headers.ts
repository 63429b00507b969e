/**
 * Uploaded files are served from the app's origin, so each answer under /media says what it is and nothing
 * more: shown inline (never offered as a download with a name of the uploader's choosing), never sniffed into
 * another type, and under a policy that runs no script and loads nothing, in a sandbox: a file that somehow
 * held HTML could not act as the app even if opened directly. The app's own CSP (helmet) applies elsewhere.
 */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The headers of every file served from /media (the static plugin's `setHeaders`). */
export function setMediaHeaders(reply: { header(name: string, value: string): unknown }): void {
  reply.header('content-security-policy', MEDIA_CSP);
  reply.header('content-disposition', 'inline');
  reply.header('x-content-type-options', 'nosniff');
  // The native app's page (capacitor://localhost) shows these images from the API's origin.
  reply.header('cross-origin-resource-policy', 'cross-origin');
}
