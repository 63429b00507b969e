import { codeFromStartParam } from '@burti/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import type { TelegramConfig } from '../../lib/telegram-config.js';
import { InitDataError, verifyInitData } from '../../lib/telegram-init-data.js';
import { recordReferral } from '../goal/goal.service.js';
import { findOrCreateTelegramAccount, type TelegramAccount } from './telegram.queries.js';
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
