import { z } from 'zod';

/** Contact (patient or client) as shown with a conversation. */
export const contactSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  business: z.boolean(),
  businessName: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;
