import { errorCodes } from '@burti/shared';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (about 49,000 from public breach corpora, shipped by @zxcvbn-ts/language-common),
 * compared without case: "Password" is as guessable as "password".
 */
const COMMON = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE = errorCodes.PASSWORD_TOO_COMMON.message;

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
