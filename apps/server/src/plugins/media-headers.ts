import type { FastifyInstance } from 'fastify';

/**
 * Uploaded files are served from the app's origin, so each answer under /media says what it is and nothing
 * more: shown inline (never offered as a download with a name of the uploader's choosing), never sniffed into
 * another type, and under a policy that runs no script and loads nothing, in a sandbox: a file that somehow
 * held HTML could not act as the app even if opened directly. The app's own CSP (helmet) applies elsewhere.
 */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function registerMediaHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/media/')) {
      reply.header('content-security-policy', MEDIA_CSP);
      reply.header('content-disposition', 'inline');
      reply.header('x-content-type-options', 'nosniff');
    }
    done(null, payload);
  });
}
