import { pickLanguage, type Language } from '@burti/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

/** The language a request asks for: its Accept-Language header (the web app sends the one on screen). */
export function requestLanguage(headers: Headers | null | undefined): Language {
  return pickLanguage(headers?.get('accept-language'));
}

/**
 * The language to write to an account in: the one saved on its profile, or (no profile yet) the one of the
 * request that caused the message.
 */
export async function recipientLanguage(db: Executor, userId: string, request?: Request | null): Promise<Language> {
  const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row?.language ?? requestLanguage(request?.headers);
}
