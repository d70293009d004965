import { z } from 'zod';

/** Roles. */
export const ROLES = ['user', 'admin', 'super-admin', 'devops', 'marketing'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Presence. */
export const PRESENCE_STATUSES = ['online', 'offline', 'away', 'busy'] as const;
export const presenceStatusSchema = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

/** User profile, as the API presents it (never the password hash). */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  role: roleSchema,
  locale: z.string(),
  organizationId: z.uuid(),
  groups: z.array(z.uuid()),
  currentGroupId: z.uuid().nullable(),
  status: presenceStatusSchema,
  settings: z.object({
    phoneNumber: z.string().nullable(),
    allowIncomingCalls: z.boolean(),
  }),
});
export type User = z.infer<typeof userSchema>;
