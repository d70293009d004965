import {
  ROLES,
  SIGNATURE_MODES,
  SIP_USERNAME_PATTERN,
  SUPPORTED_LOCALES,
  passwordIssues,
  type UserAccount,
} from '@accueil/domain';
import { z } from 'zod';

const required = 'teamsUsers.form.required';

/**
 * The user form's rules; each failure's message is the id of its text. A new user gets either a
 * password now (`access: 'password'`: it follows the password rules, `passwordIssues`, each
 * broken rule its own text, and its confirmation) or an invitation by e-mail (`access:
 * 'invite'`: no password here); the default team is one of the chosen teams.
 */
export function userFormSchema(isNew: boolean) {
  return z
    .object({
      displayName: z.string().trim().min(1, required).max(100, 'teamsUsers.form.tooLong'),
      firstName: z.string().trim().min(1, required).max(100, 'teamsUsers.form.tooLong'),
      lastName: z.string().trim().min(1, required).max(100, 'teamsUsers.form.tooLong'),
      username: z
        .string()
        .trim()
        .min(1, required)
        .max(100, 'teamsUsers.form.tooLong')
        .regex(/^[A-Za-z0-9._@-]+$/, 'teamsUsers.form.usernameInvalid'),
      email: z.email('teamsUsers.form.emailInvalid'),
      access: z.enum(['password', 'invite']),
      password: z.string(),
      confirmPassword: z.string(),
      role: z.enum(ROLES),
      locale: z.enum(SUPPORTED_LOCALES),
      profession: z.string().trim().max(100, 'teamsUsers.form.tooLong'),
      languages: z.array(z.string()),
      teamIds: z.array(z.string()),
      defaultTeamId: z.string().nullable(),
      signatureMode: z.enum(SIGNATURE_MODES),
      signature: z.string().max(5000, 'teamsUsers.form.tooLong'),
      phoneLine: z.union([
        z.literal(''),
        z.string().regex(SIP_USERNAME_PATTERN, 'teamsUsers.form.sipInvalid'),
      ]),
    })
    .superRefine((v, ctx) => {
      if (isNew && v.access === 'password') {
        const issue = passwordIssues(v.password)[0];
        if (issue)
          ctx.addIssue({ code: 'custom', path: ['password'], message: `teamsUsers.password.${issue}` });
        else if (v.confirmPassword !== v.password)
          ctx.addIssue({
            code: 'custom',
            path: ['confirmPassword'],
            message: 'teamsUsers.password.password-does-not-match',
          });
      }
      if (v.defaultTeamId && !v.teamIds.includes(v.defaultTeamId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['defaultTeamId'],
          message: 'teamsUsers.form.defaultTeamNotMember',
        });
      }
      if (v.signatureMode === 'personalized-signature' && v.signature.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['signature'], message: required });
      }
    });
}
export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;

/** The form's starting values: an account's, or a new user's (French (Canada), no signature). */
export function userFormDefaults(account: UserAccount | null): UserFormValues {
  return {
    displayName: account?.displayName ?? '',
    firstName: account?.name.first ?? '',
    lastName: account?.name.last ?? '',
    username: account?.username ?? '',
    email: account?.email ?? '',
    access: 'password',
    password: '',
    confirmPassword: '',
    role: account?.role ?? 'user',
    locale: (SUPPORTED_LOCALES as readonly string[]).includes(account?.locale ?? '')
      ? (account!.locale as UserFormValues['locale'])
      : 'fr-CA',
    profession: account?.profession ?? '',
    languages: account?.languages ?? [],
    teamIds: account?.teams.map((t) => t.teamId) ?? [],
    defaultTeamId: account?.defaultTeamId ?? null,
    signatureMode: account?.signature.mode ?? 'no-signature',
    signature: account?.signature.content ?? '',
    phoneLine: account?.phoneLine ?? '',
  };
}

/**
 * The text a signature template starts from: the clinic's (organisation name) or the user's
 * own (display name, profession, organisation). Choosing one replaces what the field holds.
 */
export function signatureTemplate(
  kind: 'clinic' | 'user',
  input: { organization: string; displayName: string; profession: string; email: string },
): string {
  if (kind === 'clinic') return `${input.organization}\n${input.email}`.trim();
  return [input.displayName, input.profession, input.organization, input.email]
    .filter((l) => l.trim() !== '')
    .join('\n');
}
