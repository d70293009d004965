import { z } from 'zod';

/** An organisation holds at most this many labels (docs/behaviour/labels.md). */
export const LABELS_MAX_PER_ORGANIZATION = 100;
/** A conversation carries at most this many labels. */
export const LABELS_MAX_PER_CONVERSATION = 10;
/** A label's name: 1 to this many characters once trimmed. */
export const LABEL_NAME_MAX_CHARS = 40;

/**
 * The colours a label may take: Mantine palette names, a closed list (the web shows each as a
 * light badge whose text keeps AA contrast; docs/behaviour/labels.md).
 */
export const LABEL_COLORS = [
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'gray',
] as const;
export const labelColorSchema = z.enum(LABEL_COLORS);
export type LabelColor = z.infer<typeof labelColorSchema>;

/** A label's name: trimmed, 1–`LABEL_NAME_MAX_CHARS` characters (unique per organisation, case ignored: 409 `label-name-taken`). */
export const labelNameSchema = z.string().trim().min(1).max(LABEL_NAME_MAX_CHARS);

/** A label of the organisation, as conversations carry it and Configuration lists it. */
export const labelSchema = z.object({ id: z.uuid(), name: z.string(), color: labelColorSchema });
export type Label = z.infer<typeof labelSchema>;

/** POST /api/labels `{ name, color }` (administrators). */
export const createLabelRequestSchema = z.strictObject({ name: labelNameSchema, color: labelColorSchema });
export type CreateLabelRequest = z.infer<typeof createLabelRequestSchema>;

/** PUT /api/labels/:id: renames and/or recolours (administrators); at least one field. */
export const updateLabelRequestSchema = z
  .strictObject({ name: labelNameSchema.optional(), color: labelColorSchema.optional() })
  .refine((b) => b.name !== undefined || b.color !== undefined, { message: 'Nothing to change' });
export type UpdateLabelRequest = z.infer<typeof updateLabelRequestSchema>;

/** `:id` of a label. */
export const labelIdParamsSchema = z.strictObject({ id: z.uuid() });

/**
 * PUT /api/conversations/:id/labels `{ labelIds }`: the conversation's whole set of labels (at
 * most `LABELS_MAX_PER_CONVERSATION`, no repeats); an id that is not one of the organisation's
 * labels answers 422 `label-not-found`.
 */
export const setConversationLabelsRequestSchema = z.strictObject({
  labelIds: z
    .array(z.uuid())
    .max(LABELS_MAX_PER_CONVERSATION)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'A label appears once' }),
});
export type SetConversationLabelsRequest = z.infer<typeof setConversationLabelsRequestSchema>;

/**
 * GET /api/teams/unread-counts: for each team of the signed-in user, how many of its active
 * conversations (not snoozed) are unread, `{ [teamId]: count }`.
 */
export const teamUnreadCountsSchema = z.record(z.uuid(), z.number().int().min(0));
export type TeamUnreadCounts = z.infer<typeof teamUnreadCountsSchema>;
