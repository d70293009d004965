import { z } from 'zod';

/**
 * The inbox a team's members land on when they open the team: its texts, its calls or its
 * e-mail.
 */
export const TEAM_INBOXES = ['sms', 'calls', 'email'] as const;
export const teamInboxSchema = z.enum(TEAM_INBOXES);
export type TeamInbox = z.infer<typeof teamInboxSchema>;

/** One member of a team; `administrator` marks the team's administrators (they manage its members). */
export const teamMemberSchema = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  administrator: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * A team as the configuration screen shows it: label (unique in the organisation), e-mail,
 * phone number, default inbox, members with their administrator flag. `isMember` and
 * `isAdministrator` say what the reader is in it (a user sees the other teams, which only an
 * administrator can add them to).
 */
export const teamConfigSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  label: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  main: z.boolean(),
  defaultInbox: teamInboxSchema,
  /** The first member who replies in an unassigned conversation becomes its assignee (docs/behaviour/assignment.md). */
  autoAssign: z.boolean(),
  members: z.array(teamMemberSchema),
  isMember: z.boolean(),
  isAdministrator: z.boolean(),
});
export type TeamConfig = z.infer<typeof teamConfigSchema>;
