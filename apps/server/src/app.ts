import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { MEDIA_MAX_BYTES } from '@burti/shared';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { seed } from './db/seed/index.js';
import { createAuth } from './lib/auth.js';
import { AppError } from './lib/errors.js';
import { createJobs } from './lib/jobs.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { createLocalStorage, type Storage } from './lib/storage.js';
import { createS3Storage } from './lib/storage-s3.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { createRealtime } from './lib/realtime.js';
import { clubsRoutes } from './modules/clubs/clubs.routes.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { startPushWorker } from './modules/push/push.delivery.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { goalRoutes } from './modules/goal/goal.routes.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { telegramRoutes } from './modules/telegram/telegram.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerMediaHeaders } from './plugins/media-headers.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerRateLimits } from './plugins/rate-limit.js';

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  storage?: Storage;
  logger?: boolean;
};

/** Builds the whole API (and the web app, when built) without listening: main.ts listens, tests inject. */
export async function buildApp({
  config,
  database,
  mailer,
  storage,
  logger = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  const { db } = database;
  const mail =
    mailer ??
    createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom, logger: app.log });
  const media = storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir));
  const auth = createAuth({ db, config, mailer: mail });

  await seed(db);
  const realtime = await createRealtime(database, app.log);
  app.addHook('onClose', async () => realtime.close());
  const jobs = await createJobs(database, app.log, {
    enabled: config.jobs,
    pollingIntervalSeconds: config.jobPollingSeconds,
  });
  app.addHook('onClose', async () => jobs.stop());

  registerErrorHandling(app);
  registerInputGuard(app);
  registerIdempotency(app, { db });
  registerOriginCheck(app, { trustedOrigins: config.trustedOrigins });
  registerMediaHeaders(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'", 'https://web.telegram.org'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  registerAuth(app, { auth, db, appUrl: config.appUrl });
  await registerRateLimits(app, { enabled: config.rateLimits });
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
  app.get('/api/health', () => ({ ok: true, database: database.kind }));
  clubsRoutes(app, { db });
  profilesRoutes(app, { db, storage: media });
  accountRoutes(app, { db, storage: media });
  postsRoutes(app, { db, storage: media });
  commentsRoutes(app, { db });
  reportsRoutes(app, { db });
  socialRoutes(app, { db });
  notificationsRoutes(app, { db, realtime });
  pushRoutes(app, { db, push: config.push });
  await startPushWorker({ db, jobs, push: config.push, appUrl: config.appUrl, appName: config.appName, log: app.log });
  adminRoutes(app, { db, storage: media, push: config.push });
  leaderboardRoutes(app, { db });
  goalRoutes(app, { db });
  telegramRoutes(app, { db, auth, config });

  await registerWeb(app, config);
  app.addHook('onClose', (_instance, done) => {
    mail.close();
    done();
  });
  return app;
}

/** Serves the media folder and the built SPA; unknown non-API paths get index.html so client routes work. */
async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    acceptRanges: true,
    setHeaders: (reply) => {
      reply.header('x-content-type-options', 'nosniff');
    },
  });
  const dist = config.webDistDir;
  const hasWeb = dist !== undefined && existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/media/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    }
    throw new AppError('NOT_FOUND');
  });
}
