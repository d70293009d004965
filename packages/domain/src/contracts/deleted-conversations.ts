import { z } from 'zod';

/**
 * A deleted conversation as an administrator's restore list shows it: who deleted it and when,
 * and until when it can be restored (after that the purge job removes it and its messages).
 */
export const deletedConversationSchema = z.object({
  id: z.uuid(),
  friendlyName: z.string(),
  contactName: z.string().nullable(),
  userGroup: z.object({ id: z.uuid(), label: z.string() }),
  deletedAt: z.iso.datetime(),
  deletedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  restorableUntil: z.iso.datetime(),
});
export type DeletedConversation = z.infer<typeof deletedConversationSchema>;
export const deletedConversationListSchema = z.object({ items: z.array(deletedConversationSchema) });
