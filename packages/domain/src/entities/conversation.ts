import { z } from 'zod';
import { labelSchema } from '../labels/labels';
import { contactSchema } from './contact';
import { messageSchema } from './message';

/** A conversation is active or inactive (archived). */
export const CONVERSATION_STATUSES = ['active', 'inactive'] as const;
export const conversationStatusSchema = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/** Conversation attributes (the flags the product uses). */
export const conversationAttributesSchema = z.strictObject({
  hasNotification: z.boolean().optional(),
  pinned: z.boolean().optional(),
  hasIncompleteFollowup: z.boolean().optional(),
  hasUnreadSurveys: z.boolean().optional(),
  isCall: z.boolean().optional(),
  direction: z.enum(['inbound', 'outbound']).optional(),
  type: z.enum(['text', 'email']).optional(),
  fromPatient: z.boolean().optional(),
  isFlowMessage: z.boolean().optional(),
});
export type ConversationAttributes = z.infer<typeof conversationAttributesSchema>;

/**
 * The member of the conversation's team it is assigned to (docs/behaviour/assignment.md): their
 * id and display name ("First Last").
 */
export const conversationAssigneeSchema = z.object({ id: z.uuid(), name: z.string() });
export type ConversationAssignee = z.infer<typeof conversationAssigneeSchema>;

/**
 * Conversation (thread) of a team with one phone number. `friendlyName` is the contact's
 * phone number (E.164, or an anonymous/emergency marker). `version` grows with every change,
 * so a client drops a stale `conversation:updated`. `lastSeq` is the seq of its newest message.
 */
export const conversationSchema = z.object({
  id: z.uuid(),
  sid: z.string(),
  friendlyName: z.string(),
  organizationId: z.uuid(),
  userGroupId: z.uuid(),
  contact: contactSchema.nullable(),
  status: conversationStatusSchema,
  attributes: conversationAttributesSchema,
  version: z.number().int(),
  lastSeq: z.number().int(),
  /**
   * While the contact answers a survey or flow (a follow-up), sending to them is blocked until
   * this instant (at most `FLOW_LOCK_MAX_MS` after the follow-up started); null or absent: not
   * blocked (docs/behaviour/conversations.md#follow-ups-and-the-flow-lock).
   */
  flowLockedUntil: z.iso.datetime().nullable().optional(),
  lastMessage: messageSchema.nullable(),
  /**
   * The member of its team who handles it, or null: unassigned (docs/behaviour/assignment.md).
   * Optional in the schema for France's threads shape, which does not carry it.
   */
  assignee: conversationAssigneeSchema.nullable().optional(),
  /**
   * Snoozed until this instant: the conversation is out of the active list (in the Snoozed one)
   * until then, or until the contact writes or calls (docs/behaviour/snooze.md); null or absent:
   * not snoozed. Optional for France's threads shape.
   */
  snoozedUntil: z.iso.datetime().nullable().optional(),
  /**
   * The organisation's labels set on it, by name (docs/behaviour/labels.md). Optional for
   * France's threads shape.
   */
  labels: z.array(labelSchema).optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof conversationSchema>;
