// What the auth form needs only once it is used: the shared zod schemas and the better-auth client
// (about 35 KB gzipped together). The form loads this module when it appears, without holding up its first paint.
import { forgotPasswordInput, resetPasswordInput, signInInput, signUpInput } from '@burti/shared';

/** Each mode of the card and the shared schema its form is validated with (the form's resolver). */
export const schemas = {
  signUp: signUpInput,
  signIn: signInInput,
  forgot: forgotPasswordInput,
  reset: resetPasswordInput,
};
export { authClient, authErrorMessage } from '../../../lib/auth-client';
