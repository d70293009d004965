import { z } from 'zod';
import { MESSAGE_BODY_MAX_CHARS, SUPPORTED_LOCALES } from '../constants';

/** Longest quick-message title (characters). */
export const TEXT_BLOCK_TITLE_MAX_CHARS = 120;
/** Most quick messages one organisation keeps in one locale. */
export const TEXT_BLOCKS_MAX_PER_LOCALE = 500;

/** An interface locale a quick message is written for: fr-CA, en-CA or fr-FR. */
export const contentLocaleSchema = z.enum(SUPPORTED_LOCALES);
export type ContentLocale = z.infer<typeof contentLocaleSchema>;

/**
 * Quick message (text block) of an organisation, in one locale. `body` may hold tokens
 * (`{{first_name}}`…), filled for the contact when sent. `pinned` ones come first in the list
 * and the picker. `template`: a model to start a text from — the composer puts it in the text
 * field to be edited; a quick message that is not a template is sent as written, alone
 * (docs/behaviour/quick-messages.md).
 */
export const textBlockSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  locale: contentLocaleSchema,
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  template: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TextBlock = z.infer<typeof textBlockSchema>;

/** Text that is required: trimmed, not blank. */
const required = (max: number) => z.string().trim().min(1, 'required').max(max, 'max-length');

/** POST …/text-blocks: a new quick message (locale defaults to the organisation's). */
export const createTextBlockRequestSchema = z.strictObject({
  locale: contentLocaleSchema.optional(),
  title: required(TEXT_BLOCK_TITLE_MAX_CHARS),
  body: required(MESSAGE_BODY_MAX_CHARS),
  pinned: z.boolean().default(false),
  template: z.boolean().default(false),
});
export type CreateTextBlockRequest = z.infer<typeof createTextBlockRequestSchema>;

/** PUT …/text-blocks/:blockId: the fields to change. */
export const updateTextBlockRequestSchema = z.strictObject({
  title: required(TEXT_BLOCK_TITLE_MAX_CHARS).optional(),
  body: required(MESSAGE_BODY_MAX_CHARS).optional(),
  pinned: z.boolean().optional(),
  template: z.boolean().optional(),
});
export type UpdateTextBlockRequest = z.infer<typeof updateTextBlockRequestSchema>;

/** `:id` (the organisation) of the quick-message routes. */
export const organizationTextBlocksParamsSchema = z.strictObject({ id: z.uuid() });
/** `:id/text-blocks/:blockId`. */
export const textBlockParamsSchema = z.strictObject({ id: z.uuid(), blockId: z.uuid() });
/** `?locale=`: one locale's quick messages (all locales when absent). */
export const textBlocksQuerySchema = z.strictObject({ locale: contentLocaleSchema.optional() });
/** Whether the organisation has written quick messages of its own (in the locale asked, or any). */
export const hasOwnTextBlocksSchema = z.object({ hasOwn: z.boolean() });
