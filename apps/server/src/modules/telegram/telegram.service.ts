import { randomBytes } from 'node:crypto';
import { cleanNickname, codeFromStartParam, languageOf } from '@burti/shared';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, type Db, type Executor } from '../../db/client.js';
import type { Auth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { telegramPlaceholderEmail } from '../../lib/telegram-account.js';
import type { TelegramConfig } from '../../lib/telegram-config.js';
import { InitDataError, verifyInitData, type TelegramInitUser } from '../../lib/telegram-init-data.js';
import { recordReferral } from '../goal/goal.service.js';
import { createProfileFor, nicknameTaken } from '../profiles/profiles.service.js';
import * as q from './telegram.queries.js';
import type { TelegramAccount } from './telegram.queries.js';
import { issueSession } from './telegram.session.js';

export type TelegramSignInInput = {
  /** The raw init data query string (`Telegram.WebApp.initData`). */
  initData: string;
  /**
   * The `startapp` of the page address, for Mini Apps opened from the bot's web_app button (Telegram signs a
   * start parameter only for direct links). Used only when the init data has none; it can record nothing
   * that POST /api/goal/referrals could not.
   */
  startParam?: string;
};

export type TelegramSignInResult = {
  token: string;
  cookie: string;
  account: TelegramAccount;
  created: boolean;
  referralRecorded: boolean;
};

/**
 * Mini App sign-in: verifies the init data with the bot token (401 with the reason otherwise, nothing
 * written), finds or creates the fan's account by Telegram id, records a `ref_` referral with source
 * 'telegram', and starts a better-auth session.
 */
export async function signInWithTelegram({
  db,
  auth,
  telegram,
  input,
  client,
  log,
}: {
  db: Db;
  auth: Auth;
  telegram: TelegramConfig | undefined;
  input: TelegramSignInInput;
  client: { ipAddress: string; userAgent: string };
  log: FastifyBaseLogger;
}): Promise<TelegramSignInResult> {
  if (!telegram?.botToken) throw new AppError('NOT_FOUND', 'Telegram sign-in is not set up on this server.');
  let verified;
  try {
    verified = verifyInitData(input.initData, telegram.botToken, { maxAgeSeconds: telegram.authMaxAgeSeconds });
  } catch (error) {
    if (error instanceof InitDataError) {
      log.info({ problem: error.problem }, 'telegram sign-in refused');
      throw new AppError('UNAUTHENTICATED', `Telegram sign-in failed: ${error.message}`);
    }
    throw error;
  }

  const { account, created } = await findOrCreateTelegramAccount(db, verified.user);
  const referralRecorded = await recordTelegramReferral(db, account, verified.startParam ?? input.startParam, log);
  const session = await issueSession(auth, account.id, client);
  return { ...session, account, created, referralRecorded };
}

/** A referral failure never stops the sign-in (spec: logged only). */
async function recordTelegramReferral(
  db: Db,
  account: TelegramAccount,
  startParam: string | undefined,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!startParam || !codeFromStartParam(startParam)) return false;
  try {
    return await recordReferral({
      db,
      viewer: { ...account, sessionId: '' },
      input: { source: 'telegram', startParam: startParam.slice(0, 128) },
    });
  } catch (error) {
    log.warn({ err: error }, 'telegram referral not recorded');
    return false;
  }
}

/** What a nickname is made from: the Telegram username, else the first and last name, else the id. */
export function nicknameSource(tgUser: TelegramInitUser): string {
  const name = [tgUser.first_name, tgUser.last_name].filter(Boolean).join(' ');
  return tgUser.username ?? (name || `tg${tgUser.id}`);
}

/** A nickname that fits the rules and is free right now (createProfile still settles a race). */
async function freeNickname(db: Executor, source: string): Promise<string> {
  const base = cleanNickname(source);
  if (!(await nicknameTaken(db, base))) return base;
  for (let n = 2; n < 50; n++) {
    const candidate = `${[...base].slice(0, 30 - String(n).length).join('')}${n}`;
    if (!(await nicknameTaken(db, candidate))) return candidate;
  }
  return base;
}

function pgErrorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: string }).code;
}

function httpsUrl(value: string | undefined): string | null {
  if (!value || value.length > 2048) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Finds the account of a Telegram user, or creates it (user row, a `telegram` account link and the profile)
 * in one transaction: a failure leaves nothing behind. Two first sign-ins at once end with one account.
 */
async function findOrCreateTelegramAccount(
  db: Db,
  tgUser: TelegramInitUser,
): Promise<{ account: q.TelegramAccount; created: boolean }> {
  const existing = await q.findByTelegramId(db, tgUser.id);
  if (existing) return { account: existing, created: false };

  const avatarUrl = httpsUrl(tgUser.photo_url);
  let email = telegramPlaceholderEmail(tgUser.id);
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        await q.insertTelegramUser(tx, { id, email, avatarUrl });
        const nickname = await createProfileFor(tx, {
          userId: id,
          requestedNickname: await freeNickname(tx, nicknameSource(tgUser)),
          fallback: nicknameSource(tgUser),
          telegramId: tgUser.id,
          avatarUrl,
          language: languageOf(tgUser.language_code) ?? undefined,
        });
        await q.setUserName(tx, id, nickname);
        await q.linkTelegramAccount(tx, id, tgUser.id);
        return { id, nickname, email, isAdmin: false, isBlocked: false };
      });
      return { account: created, created: true };
    } catch (error) {
      // The same fan signing in twice at once: the other request created the account.
      if (isUniqueViolation(error, 'profiles_telegram_id_unique') || isUniqueViolation(error, 'user_email_unique')) {
        const found = await q.findByTelegramId(db, tgUser.id);
        if (found) return { account: found, created: false };
        // Someone registered the placeholder address by hand: this account gets a unique one instead.
        email = telegramPlaceholderEmail(tgUser.id).replace('@', `.${randomBytes(4).toString('hex')}@`);
      }
      // A nickname (or referral code) taken between the check and the insert aborts the transaction, even
      // though createProfile catches it: try again from the start.
      const code = pgErrorCode(error);
      if ((code !== '23505' && code !== '25P02') || attempt >= 4) throw error;
    }
  }
}
