import { z } from 'zod';

/** Organisation (tenant), as the API presents it. */
export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  locale: z.string(),
  country: z.string().length(2),
  timeZone: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;
