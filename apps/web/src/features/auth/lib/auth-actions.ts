// What the auth form needs only once it is submitted: the shared zod schemas and the better-auth client
// (about 35 KB gzipped together). The form loads this module when it appears, without holding up its first paint.
export { forgotPasswordInput, resetPasswordInput, signInInput, signUpInput } from '@burti/shared';
export { authClient, authErrorMessage } from '../../../lib/auth-client';
