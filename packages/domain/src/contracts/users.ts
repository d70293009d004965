import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../constants';
import { roleSchema } from '../entities/user';
import { signatureModeSchema } from '../entities/user-account';
import { newPasswordSchema } from '../validators/password';
import { SIP_USERNAME_PATTERN } from '../validators/sip';

/** `:id` of a user route. */
export const userIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A SIP user name: E.164 or letters, digits, `.`, `_`, `-` (the associated phone line). */
export const sipUsernameSchema = z.string().regex(SIP_USERNAME_PATTERN);

/**
 * A user's e-mail signature (docs/behaviour/email.md, "Replying"): its mode, and the text a
 * `personalized-signature` uses (kept whatever the mode, at most 5,000 characters).
 */
export const userSignatureSchema = z.strictObject({
  mode: signatureModeSchema,
  content: z.string().max(5000),
});
export type UserSignature = z.infer<typeof userSignatureSchema>;

const name = z.string().trim().min(1).max(100);
const fields = {
  username: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._@-]+$/),
  email: z.email().max(254),
  displayName: name,
  firstName: name,
  lastName: name,
  role: roleSchema,
  locale: z.enum(SUPPORTED_LOCALES),
  profession: z.string().trim().max(100),
  languages: z.array(z.string().trim().min(2).max(35)).max(20),
  defaultTeamId: z.uuid().nullable(),
  signature: userSignatureSchema,
  phoneLine: sipUsernameSchema.nullable(),
};

/**
 * POST /api/users: a new user of the organisation. `mode` `create` sets the password now
 * (it must follow the password rules); `invite` creates the account without a usable password,
 * and the caller then mails the invitation (`POST /api/users/:id/invitation`, a link to choose it).
 * `teams`: the teams they join, with the administrator flag; `defaultTeamId` must be one of them.
 */
export const createUserRequestSchema = z.strictObject({
  mode: z.enum(['create', 'invite']).default('create'),
  password: newPasswordSchema.optional(),
  username: fields.username,
  email: fields.email,
  displayName: fields.displayName,
  firstName: fields.firstName,
  lastName: fields.lastName,
  role: fields.role.default('user'),
  locale: fields.locale.default('fr-CA'),
  profession: fields.profession.default(''),
  languages: fields.languages.default([]),
  teams: z
    .array(z.strictObject({ teamId: z.uuid(), administrator: z.boolean() }))
    .max(200)
    .default([]),
  defaultTeamId: fields.defaultTeamId.default(null),
  signature: fields.signature.default({ mode: 'no-signature', content: '' }),
  phoneLine: fields.phoneLine.default(null),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** PUT /api/users/:id: the fields to change (teams change through the team membership routes). */
export const updateUserRequestSchema = z.strictObject({
  username: fields.username.optional(),
  email: fields.email.optional(),
  displayName: fields.displayName.optional(),
  firstName: fields.firstName.optional(),
  lastName: fields.lastName.optional(),
  role: fields.role.optional(),
  locale: fields.locale.optional(),
  profession: fields.profession.optional(),
  languages: fields.languages.optional(),
  defaultTeamId: fields.defaultTeamId.optional(),
  signature: fields.signature.optional(),
  phoneLine: fields.phoneLine.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** PUT /api/sips/v1/users/assign/:id `{ userId? }`: the line `:id` goes to `userId` (an administrator's choice) or to the caller. */
export const assignSipRequestSchema = z.strictObject({ userId: z.uuid().optional() }).nullish();
/** `:id` of the assign route: the SIP user name. */
export const sipIdParamsSchema = z.strictObject({ id: sipUsernameSchema });
/** PUT /api/sips/v1/users/unassign `{ userId? }`: frees the line of `userId` (an administrator's choice) or the caller's. */
export const unassignSipRequestSchema = z.strictObject({ userId: z.uuid().optional() }).nullish();
/** The assigned line: `{ sipUsername }`, null when none. */
export const sipAssignmentSchema = z.object({ userId: z.uuid(), sipUsername: z.string().nullable() });
export type SipAssignment = z.infer<typeof sipAssignmentSchema>;
