import { z } from 'zod';
import { localeSchema } from './auth';
import { newPasswordSchema } from '../validators/password';

/** Longest password accepted (characters): a longer one is refused before it is hashed. */
export const PASSWORD_MAX_LENGTH = 500;

/** The secret of a set-password link (`/password-reset?token=`): 32 random bytes, base64url. */
export const passwordTokenSchema = z.string().min(20).max(200);

/**
 * POST /api/auth/password/forgot: `login` is a username or an e-mail address. The answer is the
 * same whether or not an account matches.
 */
export const forgotPasswordRequestSchema = z.strictObject({
  login: z.string().trim().min(1).max(320),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/password/token: what a set-password link is for, before the form is filled. */
export const passwordTokenRequestSchema = z.strictObject({ token: passwordTokenSchema });

/**
 * A usable set-password link: `reset` (password forgotten, 60 minutes) or `invitation` (a new
 * account's first password, 7 days); the account's username (to sign in with afterwards) and
 * language (the page speaks it); when the link stops working (ISO 8601).
 */
export const passwordTokenInfoSchema = z.object({
  purpose: z.enum(['reset', 'invitation']),
  username: z.string(),
  locale: localeSchema,
  expiresAt: z.iso.datetime(),
});
export type PasswordTokenInfo = z.infer<typeof passwordTokenInfoSchema>;

/**
 * POST /api/auth/password/reset: the link's token, the new password and its confirmation. Each
 * broken password rule is one issue on `password` whose message is the rule's key
 * (`PasswordIssue`); a confirmation that differs is `password-does-not-match` on `confirmation`.
 */
export const resetPasswordRequestSchema = z
  .strictObject({
    token: passwordTokenSchema,
    password: newPasswordSchema.max(PASSWORD_MAX_LENGTH),
    confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmation)
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'password-does-not-match' });
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The password was set: the account's username, to sign in with. */
export const resetPasswordResponseSchema = z.object({ username: z.string() });

/** The invited user's id in the path (`/api/users/:id/invitation`). */
export const invitationParamsSchema = z.strictObject({ id: z.uuid() });

/** An invitation was mailed: when its link stops working (ISO 8601). */
export const invitationSentSchema = z.object({ expiresAt: z.iso.datetime() });
