import type { FastifyInstance } from 'fastify';
import { appleAppSiteAssociation, assetLinks, type AppLinksConfig } from '../lib/app-links.js';
import { AppError } from '../lib/errors.js';

/**
 * /.well-known/assetlinks.json (Android App Links) and /.well-known/apple-app-site-association (iOS universal
 * links), built from configuration. Both are JSON, served directly (the phones do not follow redirects), and
 * 404 while their platform is not configured.
 */
export function registerWellKnown(app: FastifyInstance, links: AppLinksConfig = {}): void {
  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!links.android) throw new AppError('NOT_FOUND', 'Android App Links are not configured.');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/json')
      .send(assetLinks(links.android));
  });
  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_request, reply) => {
    if (!links.ios) throw new AppError('NOT_FOUND', 'iOS universal links are not configured.');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/json')
      .send(appleAppSiteAssociation(links.ios));
  });
}
