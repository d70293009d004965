import { z } from 'zod';

/** User group (team): a shared inbox with its own phone number. */
export const teamSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  label: z.string(),
  phoneNumber: z.string().nullable(),
  main: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;
