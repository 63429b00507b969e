import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (about 49,000 from public breach corpora, shipped by @zxcvbn-ts/language-common),
 * compared without case: "Password" is as guessable as "password".
 */
const COMMON = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common and easy to guess. Please choose a less predictable one.';

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
