import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';
import { nicknameProblem } from '../nickname.js';

export const emailField = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.'));
export const passwordField = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const nicknameField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = nicknameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Sign-up form: the nickname may be left empty (it then defaults to the email's local part). */
export const signUpInput = z.object({
  nickname: z.union([z.literal(''), nicknameField]).optional(),
  email: emailField,
  password: passwordField,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: emailField,
  password: z.string().min(1, 'Please enter your password.'),
});
export type SignInInput = z.infer<typeof signInInput>;

export const forgotPasswordInput = z.object({ email: emailField });
export const resetPasswordInput = z.object({ password: passwordField });
