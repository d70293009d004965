import { z } from 'zod';
import { roleSchema } from './user';

/**
 * How a user's outgoing e-mail is signed: no signature, the clinic's, one built from the user's
 * own details, or a text the user writes (`personalized-signature`, kept in `signature.content`).
 */
export const SIGNATURE_MODES = ['no-signature', 'clinic', 'user', 'personalized-signature'] as const;
export const signatureModeSchema = z.enum(SIGNATURE_MODES);
export type SignatureMode = z.infer<typeof signatureModeSchema>;

/** A team the user belongs to, and whether they administer it. */
export const userTeamSchema = z.object({ teamId: z.uuid(), administrator: z.boolean() });
export type UserTeam = z.infer<typeof userTeamSchema>;

/**
 * A user account as administrators see and edit it (configuration, Users). `phoneLine` is the
 * associated phone line (a SIP user name), `disabledAt` the ISO instant an administrator
 * disabled the account (null while it is active). Never the password hash.
 */
export const userAccountSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  role: roleSchema,
  locale: z.string(),
  profession: z.string(),
  languages: z.array(z.string()),
  teams: z.array(userTeamSchema),
  defaultTeamId: z.uuid().nullable(),
  signature: z.object({ mode: signatureModeSchema, content: z.string() }),
  phoneLine: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

/** One entry of the organisation's user directory (every signed-in user reads it: transfers, team members). */
export const userDirectoryEntrySchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  settings: z.object({ phoneNumber: z.string().nullable() }),
  disabled: z.boolean(),
});
export type UserDirectoryEntry = z.infer<typeof userDirectoryEntrySchema>;
