import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What every JSON answer of the API carries (the OWASP REST guidance): never sniffed into another type, never
 * rendered or framed as a document, not readable by other origins' pages, HTTPS only, no referrer. The full
 * document policy below means nothing to JSON and tripled the size of a small answer.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * The security headers of every answer. The web app's pages and files get helmet's full set: the app's content
 * security policy, frame ancestors (the Telegram web client may frame the Mini App), HSTS and the rest of its
 * defaults. The API's answers get API_SECURITY_HEADERS.
 *
 * Helmet's middleware is built once (the Fastify wrapper built it on every request, parsing the policy each
 * time: about a tenth of the server's CPU on the hottest reads).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { frameAncestors?: string[] }): void {
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'", ...(options.frameAncestors ?? ['https://web.telegram.org'])],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      reply.headers(API_SECURITY_HEADERS);
      done();
    } else {
      documentHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    }
  });
}
