import { z } from 'zod';

/** An organisation as the devops panel lists it (to impersonate it). */
export const devopsOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  country: z.string(),
  createdAt: z.iso.datetime(),
  userCount: z.number().int(),
});
export type DevopsOrganization = z.infer<typeof devopsOrganizationSchema>;
export const devopsOrganizationListSchema = z.object({ items: z.array(devopsOrganizationSchema) });

/** POST /api/devops/impersonations `{ organizationId }`: act in that organisation for a limited time. */
export const startImpersonationRequestSchema = z.strictObject({ organizationId: z.uuid() });
