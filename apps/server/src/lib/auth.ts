import { nicknameProblem, PASSWORD_MAX, PASSWORD_MIN, RATE_LIMITS, type Language } from '@burti/shared';
import { APIError, betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { messages } from './i18n/messages.js';
import { recipientLanguage, requestLanguage } from './i18n/recipient.js';
import { actionMail, type Mailer } from './mail.js';
import { forgetViewer } from './viewer-revocation.js';

/** The header the Fastify bridge fills with the client address Fastify decided on (never the client's own). */
export const CLIENT_IP_HEADER = 'x-burti-client-ip';

const rule = ({ windowSeconds, max }: { windowSeconds: number; max: number }) => ({ window: windowSeconds, max });

/**
 * Limits per client address on the auth endpoints; anything else under /api/auth has `authSession`'s. The
 * documented operations' limits come from the contract (RATE_LIMITS, `by: 'better-auth'`).
 */
export const AUTH_RATE_RULES = {
  '/sign-in/email': rule(RATE_LIMITS.signIn),
  '/sign-up/email': rule(RATE_LIMITS.signUp),
  '/send-verification-email': { window: 600, max: 3 },
  '/request-password-reset': { window: 600, max: 3 },
  '/reset-password': { window: 600, max: 10 },
} as const;

/** Where the auth limits count: better-auth's `rate_limit` table by default, or a shared store such as Redis. */
export type AuthRateLimitStorage = {
  consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }>;
};

/** What accounts need of profiles (the profiles module provides it: lib/ does not reach into modules). */
export type AuthProfiles = {
  nicknameTaken(nickname: string): Promise<boolean>;
  /** Creates the new account's profile; the nickname it got (the requested one, or one made from the fallback). */
  create(args: {
    userId: string;
    requestedNickname: string | null;
    fallback: string;
    language: Language;
  }): Promise<string>;
};

type BetterAuthLogger = NonNullable<Parameters<typeof betterAuth>[0]['logger']>;
type BetterAuthLevel = NonNullable<BetterAuthLogger['level']>;

const BETTER_AUTH_LEVELS: Record<string, BetterAuthLevel> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'error',
};

/**
 * better-auth's own logger writes coloured lines to the console ("WARN [Better Auth]: User not found"); this
 * sends them through the app's logger instead, so production logs stay JSON lines with addresses masked.
 * Only errors among the extra arguments are kept (as `err`): the others can be whole user rows.
 */
export function betterAuthLogger(log: FastifyBaseLogger): BetterAuthLogger {
  const level = BETTER_AUTH_LEVELS[log.level];
  return {
    disabled: level === undefined,
    level: level ?? 'error',
    log(messageLevel, message, ...args) {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      log[messageLevel]({ source: 'better-auth', ...(err ? { err } : {}) }, message);
    },
  };
}

async function checkRequestedNickname(nickname: string, profiles: AuthProfiles): Promise<void> {
  const problem = nicknameProblem(nickname);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'INVALID_NICKNAME' });
  if (await profiles.nicknameTaken(nickname)) {
    throw new APIError('BAD_REQUEST', { message: 'That nickname is already taken.', code: 'NICKNAME_TAKEN' });
  }
}

/**
 * Runs `task` after the answer is sent. Mails go this way: an answer that waited for the mail server would
 * take longer for an address with an account than for one without (or the other way round).
 */
function afterAnswer(log: FastifyBaseLogger, failure: string, task: () => Promise<void>): void {
  setImmediate(() => void task().catch((err: unknown) => log.error({ err }, failure)));
}

class Rehearsal extends Error {}

/**
 * The writes of a new account (its user, profile and password rows, as sign-up makes them), in a transaction
 * that is rolled back: a sign-up with a registered address costs the same as one with a new address.
 */
export async function rehearseNewAccount(db: Db): Promise<void> {
  const id = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(schema.user).values({ id, name: '', email: `${id}@sign-up.invalid`, emailVerified: false });
      await tx.insert(schema.profiles).values({ id, nickname: `rehearsal-${id}`.slice(0, 30), referralCode: id });
      await tx
        .insert(schema.account)
        .values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, password: id });
      throw new Rehearsal();
    });
  } catch (error) {
    if (!(error instanceof Rehearsal)) throw error;
  }
}

/** A session lasts 30 days and is extended, by better-auth's session lookup, once it is a day old. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** What better-auth's setup reads of the app's configuration (config.ts's AppConfig carries all of it). */
export type AuthConfig = {
  appName: string;
  appUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  adminEmail?: string;
  rateLimits: boolean;
};

export function createAuth({
  db,
  config,
  mailer,
  profiles,
  rateLimitStorage,
  log,
}: {
  log: FastifyBaseLogger;
  db: Db;
  config: AuthConfig;
  mailer: Mailer;
  profiles: AuthProfiles;
  rateLimitStorage?: AuthRateLimitStorage;
}) {
  const { appName } = config;
  return betterAuth({
    appName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: betterAuthLogger(log),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      // A sign-up with an address that has an account answers as a new one (better-auth hashes the password
      // and makes up the user); this does the writes a new account costs too, so it takes as long.
      async onExistingUserSignUp() {
        await rehearseNewAccount(db);
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword({ user, url }, request) {
        afterAnswer(log, 'password reset mail not sent', async () => {
          const words = messages(await recipientLanguage(db, user.id, request));
          await mailer.send(
            actionMail({
              to: user.email,
              subject: words.resetSubject(appName),
              intro: words.resetIntro(appName),
              action: words.resetAction,
              link: url,
              outro: words.resetOutro,
            }),
          );
        });
        return Promise.resolve();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail({ user, url }, request) {
        afterAnswer(log, 'confirmation mail not sent', async () => {
          const words = messages(await recipientLanguage(db, user.id, request));
          await mailer.send(
            actionMail({
              to: user.email,
              subject: words.confirmSubject(appName),
              intro: words.confirmIntro(appName),
              action: words.confirmAction,
              link: url,
              outro: words.confirmOutro,
            }),
          );
        });
        return Promise.resolve();
      },
      async afterEmailVerification(user) {
        if (config.adminEmail && user.email.toLowerCase() === config.adminEmail) {
          await db.update(schema.profiles).set({ isAdmin: true }).where(eq(schema.profiles.id, user.id));
        }
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    hooks: {
      // The requested nickname is checked before better-auth looks the address up, so a taken or malformed one
      // is refused alike whether or not the address has an account (the user hook below runs only for new ones).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const requested = (ctx.body as { name?: unknown } | undefined)?.name;
        const nickname = typeof requested === 'string' ? requested.trim() : '';
        if (nickname) await checkRequestedNickname(nickname, profiles);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up's `name` field carries the requested nickname (empty when the fan left it out).
          async before(user) {
            const nickname = (user.name ?? '').trim();
            // Checked again: the hook above ran before another sign-up may have taken it.
            if (nickname) await checkRequestedNickname(nickname, profiles);
            return { data: { ...user, name: nickname } };
          },
          async after(user, context) {
            const nickname = await profiles.create({
              userId: user.id,
              requestedNickname: user.name || null,
              fallback: user.email.split('@')[0] ?? 'fan',
              // The account starts in the language the fan signed up in.
              language: requestLanguage(context?.headers ?? context?.request?.headers),
            });
            if (nickname !== user.name) {
              await db.update(schema.user).set({ name: nickname }).where(eq(schema.user.id, user.id));
            }
          },
        },
        // A changed address is part of the remembered viewer.
        update: { after: (user) => forgetViewer(db, user.id) },
      },
      // Sign-out, revoked sessions and a password reset end sessions here: every instance forgets the user.
      session: { delete: { after: (session) => forgetViewer(db, session.userId) } },
    },
    rateLimit: {
      enabled: config.rateLimits,
      storage: 'database',
      ...(rateLimitStorage ? { customStorage: rateLimitStorage } : {}),
      ...rule(RATE_LIMITS.authSession),
      customRules: AUTH_RATE_RULES,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
