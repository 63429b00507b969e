import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig, TrustProxy } from './config.js';
import { DEFAULT_VIEWER_CACHE_SECONDS } from './defaults.js';
import type { Database, Db } from './db/client.js';
import { seed } from './db/seed/index.js';
import { createAuth } from './lib/auth.js';
import { createProfileFor, nicknameTaken } from './modules/profiles/profiles.service.js';
import { AppError } from './lib/errors.js';
import { createJobs } from './lib/jobs.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { createLocalStorage, type Storage } from './lib/storage.js';
import { createS3Storage } from './lib/storage-s3.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { mentionsRoutes } from './modules/mentions/mentions.routes.js';
import { tagsRoutes } from './modules/tags/tags.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { createRealtime } from './lib/realtime.js';
import { clubsRoutes } from './modules/clubs/clubs.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { startPushWorker } from './modules/push/push.delivery.js';
import { startFootballSync } from './modules/matches/sync/scheduler.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { goalRoutes } from './modules/goal/goal.routes.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { matchesRoutes } from './modules/matches/matches.routes.js';
import { matchAlertsRoutes } from './modules/match-alerts/match-alerts.routes.js';
import { startMatchAlertWorker } from './modules/match-alerts/match-alerts.service.js';
import { providerAdminRoutes } from './modules/matches/provider-admin.routes.js';
import { startLeaderboardApplier } from './modules/leaderboard/leaderboard.applier.js';
import { startFollowingPruner } from './modules/posts/following.pruner.js';
import { telegramRoutes } from './modules/telegram/telegram.routes.js';
import { shareCard, withShareCard } from './modules/share/share.service.js';
import { registerAuth } from './plugins/auth.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerCompression } from './plugins/compression.js';
import { registerCors } from './plugins/cors.js';
import { registerWellKnown } from './plugins/well-known.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerContract } from './plugins/contract.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { setMediaHeaders } from './plugins/media-headers.js';
import { hasSessionCookie, registerOriginCheck } from './plugins/origin-check.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { loggerOptions } from './lib/logging.js';
import { connectRedis } from './lib/redis.js';
import { redisAuthRateLimitStorage } from './lib/rate-limit-store.js';
import { registerOperations } from './plugins/operations.js';
import { webCacheControl } from './plugins/web-cache.js';

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
  const logging = loggerOptions(config);
  const app = Fastify({
    ...logging,
    logger: logger ? logging.logger : false,
    // Whose X-Forwarded-For is believed (TRUST_PROXY): request.ip, and so every limit, audit and log, uses it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const { db } = database;
  const redis = config.redis ? await connectRedis(config.redis.url, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  const mail =
    mailer ??
    createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom, logger: app.log });
  const media = storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir));
  const auth = createAuth({
    db,
    config,
    log: app.log,
    mailer: mail,
    profiles: {
      nicknameTaken: (nickname) => nicknameTaken(db, nickname),
      create: (args) => createProfileFor(db, args),
    },
    rateLimitStorage: redis && config.redis ? redisAuthRateLimitStorage(redis, config.redis.keyPrefix) : undefined,
  });

  const realtime = await createRealtime(database, app.log);
  app.addHook('onClose', async () => realtime.close());
  // Before the server stops listening and waits for connections: end the notification streams with a reconnect
  // hint, or they would hold the shutdown open until the deadline.
  app.addHook('preClose', (done) => {
    realtime.endStreams();
    done();
  });
  // One instance at a time seeds and creates the job queue's schema (pg-boss would race with itself).
  const jobs = await database.exclusive(async () => {
    await seed(db);
    return createJobs(database, app.log, { enabled: config.jobs, pollingIntervalSeconds: config.jobPollingSeconds });
  });
  app.addHook('onClose', async () => jobs.stop());

  registerErrorHandling(app);
  // Before any route: it validates every route's input and collects the routes for the OpenAPI document.
  await registerContract(app, { appName: config.appName });
  registerInputGuard(app);
  registerIdempotency(app, { db });
  await registerCompression(app);
  registerOriginCheck(app, { trustedOrigins: config.trustedOrigins });
  registerSecurityHeaders(app, { frameAncestors: config.frameAncestors });

  registerLoadShedding(app, {
    maxInFlight: config.maxInFlight ?? 0,
    concurrency: config.apiConcurrency ?? 0,
    maxWaitMs: config.maxQueueWaitMs,
  });
  await registerCors(app, { origins: config.trustedOrigins });
  registerWellKnown(app, config.appLinks);
  await registerAuth(app, {
    auth,
    db,
    realtime,
    appUrl: config.appUrl,
    viewerCacheMs: (config.viewerCacheSeconds ?? DEFAULT_VIEWER_CACHE_SECONDS) * 1000,
  });
  await registerRateLimits(app, { enabled: config.rateLimits, db, redis, keyPrefix: config.redis?.keyPrefix });
  await registerOperations(app, {
    database,
    redis,
    realtime,
    jobs,
    metricsToken: config.metricsToken,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
  });
  clubsRoutes(app, { db });
  searchRoutes(app, { db });
  profilesRoutes(app, { db, storage: media });
  accountRoutes(app, { db, storage: media });
  postsRoutes(app, { db, storage: media });
  commentsRoutes(app, { db });
  mentionsRoutes(app, { db });
  tagsRoutes(app, { db });
  reportsRoutes(app, { db });
  socialRoutes(app, { db });
  notificationsRoutes(app, { db, realtime });
  matchesRoutes(app, { db, realtime });
  matchAlertsRoutes(app, { db });
  providerAdminRoutes(app, { db, football: config.football });
  pushRoutes(app, { db, push: config.push });
  await startPushWorker({ db, jobs, push: config.push, appUrl: config.appUrl, appName: config.appName, log: app.log });
  await startMatchAlertWorker({ db, jobs });
  adminRoutes(app, { db, storage: media, push: config.push });
  leaderboardRoutes(app, { db });
  if (config.jobs) {
    const applier = startLeaderboardApplier({ db, log: app.log });
    const pruner = startFollowingPruner({ db, log: app.log });
    app.addHook('onClose', async () => {
      await Promise.all([applier.stop(), pruner.stop()]);
    });
  }
  // Football providers (decision 023): with a token or key and jobs on, fixture lists and live matches are synced.
  const football = await startFootballSync({
    db,
    jobs,
    football: config.jobs ? config.football : undefined,
    log: app.log,
  });
  app.addHook('onClose', async () => football.stop());
  goalRoutes(app, { db });
  telegramRoutes(app, { db, auth, config });

  await registerWeb(app, config, db);
  app.addHook('onClose', (_instance, done) => {
    mail.close();
    done();
  });
  return app;
}

/** A hop count trusts that many proxies nearest the server; a list trusts those addresses; false trusts none. */
function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust ?? false;
}

/** Serves the media folder and the built SPA; unknown non-API paths get index.html so client routes work. */
async function registerWeb(app: FastifyInstance, config: AppConfig, db: Db): Promise<void> {
  mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    acceptRanges: true,
    setHeaders: setMediaHeaders,
  });
  const dist = config.webDistDir;
  const hasWeb = dist !== undefined && existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      // The build writes .br and .gz copies beside each text file; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', webCacheControl(path, dist));
      },
    });
  }
  let indexHtml: string | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/media/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // A shared post or profile link: its card for crawlers and messengers, in the same page (the app itself
      // still asks a signed-out visitor to sign in). Hidden, deleted and removed posts get the generic card.
      const path = request.url.split('?')[0]!;
      if (path.startsWith('/post/') || path.startsWith('/u/')) {
        const card = await shareCard(db, path, config.appUrl);
        if (card) {
          indexHtml ??= await readFile(join(dist, 'index.html'), 'utf8');
          return reply
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(withShareCard(indexHtml, card));
        }
      }
      // A signed-in fan opening the feed: its first page is fetched with the page, not after the scripts ran
      // (the feed's largest picture waits for it). index.html already preloads /api/me the same way.
      if (request.url.split('?')[0] === '/feed' && hasSessionCookie(request.headers.cookie))
        reply.header('link', '</api/feed>; rel=preload; as=fetch; crossorigin=use-credentials');
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    }
    throw new AppError('NOT_FOUND');
  });
}
