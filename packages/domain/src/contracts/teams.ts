import { z } from 'zod';
import { teamInboxSchema } from '../entities/team-config';

/** `:id` of a team route. */
export const teamIdParamsSchema = z.strictObject({ id: z.uuid() });
/** `:id/members/:userId` of a membership route. */
export const teamMemberParamsSchema = z.strictObject({ id: z.uuid(), userId: z.uuid() });

const label = z.string().trim().min(1).max(100);
/** A team's e-mail: an address, or null for none (the rules of uniqueness are the server's). */
const teamEmail = z.email().max(254).nullable();
/** A team's phone number in E.164, or null. */
const teamPhone = z
  .string()
  .regex(/^\+[1-9]\d{10,14}$/)
  .nullable();

/**
 * POST /api/teams: a new team. `members` must hold at least one administrator (a team always
 * has at least one administrator and one user); each user joins with their `administrator` flag.
 */
export const createTeamRequestSchema = z.strictObject({
  label,
  email: teamEmail.default(null),
  phoneNumber: teamPhone.default(null),
  defaultInbox: teamInboxSchema.default('sms'),
  members: z
    .array(z.strictObject({ userId: z.uuid(), administrator: z.boolean() }))
    .min(1)
    .max(500),
});
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;

/** PUT /api/teams/:id: the fields to change (members change through the membership routes). */
export const updateTeamRequestSchema = z.strictObject({
  label: label.optional(),
  email: teamEmail.optional(),
  phoneNumber: teamPhone.optional(),
  defaultInbox: teamInboxSchema.optional(),
  /** Auto-assign: the first member who replies in an unassigned conversation becomes its assignee (docs/behaviour/assignment.md). */
  autoAssign: z.boolean().optional(),
});
export type UpdateTeamRequest = z.infer<typeof updateTeamRequestSchema>;

/** PUT /api/teams/:id/members/:userId: adds the user to the team, or changes their administrator flag. */
export const putTeamMemberRequestSchema = z.strictObject({ administrator: z.boolean().default(false) });
export type PutTeamMemberRequest = z.infer<typeof putTeamMemberRequestSchema>;
