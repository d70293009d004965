import { z } from 'zod';
import { ADMINISTRATION_EVENT_PAYLOADS } from './administration-events';

/**
 * The domain events: what happened in an organisation, recorded in the same transaction as the
 * change (the server's outbox, `domain_events`) and handed to subscribers afterwards, at least
 * once (docs/behaviour/events.md). A closed set: each name has its payload schema (the subject's
 * ids, and only the facts of the change that a subscriber could not read from the subject
 * afterwards). Names are `<subject>.<verb in the
 * past>`, stable across releases (stored rows carry them).
 */
export const DOMAIN_EVENT_PAYLOADS = {
  /** A contact's text was stored (not a carrier's retry of one already stored). */
  'message.received': z.object({ conversationId: z.uuid(), messageId: z.uuid() }).strict(),
  /** An inbound call ended without anyone answering it (rang out, hung up, voicemail); not a callback request. */
  'call.missed': z.object({ callId: z.uuid(), conversationId: z.uuid() }).strict(),
  /** A conversation was archived by a user. */
  'conversation.archived': z.object({ conversationId: z.uuid() }).strict(),
  /**
   * A member of the team wrote an internal note in a conversation (docs/behaviour/notes-and-presence.md);
   * `mentions`: the users it mentions (members of the conversation's team), each notified.
   */
  'note.created': z
    .object({
      conversationId: z.uuid(),
      teamId: z.uuid(),
      messageId: z.uuid(),
      mentions: z.array(z.uuid()),
    })
    .strict(),
  /**
   * A conversation's assignee changed (docs/behaviour/assignment.md): `from` and `to` are users
   * or null (unassigned); the actor is who assigned (null when the system unassigned a member
   * who left the team). `reason`: `assigned` (a user chose), `auto` (the first reply in a team
   * that auto-assigns), `left-team` (the assignee left the conversation's team).
   */
  'conversation.assigned': z
    .object({
      conversationId: z.uuid(),
      teamId: z.uuid(),
      from: z.uuid().nullable(),
      to: z.uuid().nullable(),
      reason: z.enum(['assigned', 'auto', 'left-team']),
    })
    .strict(),
  /**
   * A member of the team snoozed a conversation until `until` (ISO instant;
   * docs/behaviour/snooze.md). Snoozing again records a new one.
   */
  'conversation.snoozed': z
    .object({ conversationId: z.uuid(), teamId: z.uuid(), until: z.iso.datetime() })
    .strict(),
  /**
   * A conversation's snooze ended before a contact wrote: `unsnoozed` by a member (the actor),
   * or `time` (its instant came: no actor; its assignee is notified).
   */
  'conversation.unsnoozed': z
    .object({ conversationId: z.uuid(), teamId: z.uuid(), reason: z.enum(['unsnoozed', 'time']) })
    .strict(),
  /**
   * A member of the team changed a conversation's labels (docs/behaviour/labels.md): the ids
   * `added` and `removed` (neither empty at once).
   */
  'conversation.labelled': z
    .object({
      conversationId: z.uuid(),
      teamId: z.uuid(),
      added: z.array(z.uuid()),
      removed: z.array(z.uuid()),
    })
    .strict(),
  /** An administrator created a label of the organisation. */
  'label.created': z.object({ labelId: z.uuid(), name: z.string() }).strict(),
  /** An administrator renamed or recoloured a label: the fields that changed. */
  'label.changed': z
    .object({ labelId: z.uuid(), fields: z.array(z.enum(['name', 'color'])).min(1) })
    .strict(),
  /** An administrator deleted a label (`name`: the name it had); it left `conversations` conversations. */
  'label.deleted': z
    .object({ labelId: z.uuid(), name: z.string(), conversations: z.number().int().min(0) })
    .strict(),
  /**
   * A user account was disabled (signed out everywhere); `sessionIds`: the sessions of theirs it
   * ended, a fact of the change that the subject no longer shows (their tabs are told why, the
   * audit log counts them).
   */
  'user.disabled': z.object({ userId: z.uuid(), sessionIds: z.array(z.uuid()) }).strict(),
  /** A secure file, or a request for one, was mailed to a contact (docs/behaviour/secure-files.md). */
  'secure-file.sent': z
    .object({
      secureFileId: z.uuid(),
      conversationId: z.uuid(),
      messageId: z.uuid(),
      kind: z.enum(['file', 'request']),
    })
    .strict(),
  /** A contact released a secure file with its code (each download). */
  'secure-file.downloaded': z.object({ secureFileId: z.uuid(), conversationId: z.uuid() }).strict(),
  /** A secure file took its last wrong code and locked. */
  'secure-file.locked': z
    .object({ secureFileId: z.uuid(), conversationId: z.uuid(), wrongCodes: z.number().int() })
    .strict(),
  /** A contact sent the file a secure file request asked for; `messageId`: the inbound message holding it. */
  'secure-file.received': z
    .object({ secureFileId: z.uuid(), conversationId: z.uuid(), messageId: z.uuid() })
    .strict(),
  ...ADMINISTRATION_EVENT_PAYLOADS,
} as const;

/** The name of a domain event. */
export type DomainEventName = keyof typeof DOMAIN_EVENT_PAYLOADS;

/** Every domain event name, in the order above. */
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENT_PAYLOADS) as DomainEventName[];

/** The payload of event `N`. */
export type DomainEventPayload<N extends DomainEventName> = z.output<(typeof DOMAIN_EVENT_PAYLOADS)[N]>;

/**
 * One domain event as recorded: its name and payload, the organisation it happened in, who did
 * it (`actorUserId`: a user, or null for the system, a carrier or a contact), when, and where
 * the change was asked from (`ip`, `userAgent` of its request; null outside a request).
 */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: {
    name: K;
    organizationId: string;
    actorUserId: string | null;
    payload: DomainEventPayload<K>;
    occurredAt: Date;
    ip: string | null;
    userAgent: string | null;
  };
}[N];

/**
 * Checks a stored event's name and payload.
 * @throws Error for a name outside the set; ZodError for a payload its schema refuses.
 */
export function parseDomainEvent(raw: {
  name: string;
  organizationId: string;
  actorUserId: string | null;
  payload: unknown;
  occurredAt: Date;
  ip: string | null;
  userAgent: string | null;
}): DomainEvent {
  if (!Object.hasOwn(DOMAIN_EVENT_PAYLOADS, raw.name)) throw new Error(`Unknown domain event: ${raw.name}`);
  const name = raw.name as DomainEventName;
  return { ...raw, name, payload: DOMAIN_EVENT_PAYLOADS[name].parse(raw.payload) } as DomainEvent;
}
