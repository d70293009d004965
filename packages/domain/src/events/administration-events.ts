import { z } from 'zod';
import { automaticReplyKindSchema } from '../communication/automatic-replies';
import { greetingSourceSchema, voicemailKindSchema } from '../contracts/phone-settings';
import { roleSchema } from '../entities/user';
import { SERVICE_STATUSES } from '../service-status/service-status';

/** An instant as recorded in a payload: ISO 8601 (`toISOString()`). */
const instant = z.iso.datetime({ offset: true });

/**
 * The domain events of what users and administrators change in an organisation (sign-ins,
 * accounts, teams, settings, conversations' deletion), part of `DOMAIN_EVENT_PAYLOADS`. The audit
 * log writes one entry per event (docs/behaviour/security.md, "Audit log"). Each payload holds
 * the subject's ids and the facts of the change its subject no longer shows (a name before a
 * deletion, the fields that changed, how many sessions ended) — never a secret.
 */
export const ADMINISTRATION_EVENT_PAYLOADS = {
  /** A user signed in (`sessionId`: the session it opened) with a password or a passkey. */
  'user.signed-in': z
    .object({ userId: z.uuid(), sessionId: z.uuid(), method: z.enum(['password', 'passkey']) })
    .strict(),
  /** A user signed out of every device: `sessionsEnded` sessions of theirs ended. */
  'user.signed-out-everywhere': z
    .object({ userId: z.uuid(), sessionsEnded: z.number().int().min(0) })
    .strict(),
  /**
   * An administrator ended every session of a user (forced sign-out); `sessionIds`: the sessions
   * it ended (their tabs are told why).
   */
  'user.disconnected': z.object({ userId: z.uuid(), sessionIds: z.array(z.uuid()) }).strict(),
  /** A disabled user account was enabled again. */
  'user.enabled': z.object({ userId: z.uuid() }).strict(),
  /** A user's role changed from `from` to `to`. */
  'user.role-changed': z.object({ userId: z.uuid(), from: roleSchema, to: roleSchema }).strict(),
  /** A user joined a team, as one of its administrators or not. */
  'team-member.added': z.object({ teamId: z.uuid(), userId: z.uuid(), administrator: z.boolean() }).strict(),
  /** A team member became, or stopped being, one of its administrators. */
  'team-member.administrator-changed': z
    .object({ teamId: z.uuid(), userId: z.uuid(), administrator: z.boolean() })
    .strict(),
  /** A user left a team. */
  'team-member.removed': z.object({ teamId: z.uuid(), userId: z.uuid() }).strict(),
  /** A passkey was registered (`aaguid`: its authenticator's model). */
  'passkey.added': z.object({ passkeyId: z.uuid(), aaguid: z.string() }).strict(),
  /** A passkey was removed. */
  'passkey.removed': z.object({ passkeyId: z.uuid() }).strict(),
  /** A machine joined the allowlist at a sign-in in setup mode, with the user agent it had then. */
  'machine.allowed': z.object({ machineId: z.uuid(), userAgent: z.string().nullable() }).strict(),
  /** An administrator revoked an allowed machine (`name`: the name it had). */
  'machine.revoked': z.object({ machineId: z.uuid(), name: z.string() }).strict(),
  /**
   * The organisation's settings changed: the names of the fields that changed (`website`,
   * `logo`, `schedule`, `machineMode`, …), never their values.
   */
  'organization.settings-changed': z.object({ fields: z.array(z.string()).min(1) }).strict(),
  /** A team's schedule changed: its own set (`own`), or back to following the organisation's. */
  'team.schedule-changed': z.object({ teamId: z.uuid(), follows: z.enum(['organization', 'own']) }).strict(),
  /** The phone settings changed: the names of the fields that changed, never their values. */
  'phone-settings.changed': z.object({ fields: z.array(z.string()).min(1) }).strict(),
  /** A voicemail greeting (the organisation's, or a team's) was set. */
  'voicemail-greeting.changed': z
    .object({
      greetingId: z.uuid(),
      kind: voicemailKindSchema,
      teamId: z.uuid().nullable(),
      enabled: z.boolean(),
      source: greetingSourceSchema,
    })
    .strict(),
  /** A voicemail greeting's audio was uploaded or recorded (`source`: which). */
  'voicemail-greeting.audio-uploaded': z
    .object({
      greetingId: z.uuid(),
      kind: voicemailKindSchema,
      teamId: z.uuid().nullable(),
      source: greetingSourceSchema,
    })
    .strict(),
  /** A voicemail greeting was removed. */
  'voicemail-greeting.removed': z
    .object({ greetingId: z.uuid(), kind: voicemailKindSchema, teamId: z.uuid().nullable() })
    .strict(),
  /** An automatic reply (the organisation's, or a team's own) was set, on or off. */
  'automatic-reply.changed': z
    .object({
      automaticReplyId: z.uuid(),
      kind: automaticReplyKindSchema,
      teamId: z.uuid().nullable(),
      enabled: z.boolean(),
    })
    .strict(),
  /** A team's own automatic reply was removed (the team follows the organisation's again). */
  'automatic-reply.removed': z
    .object({ automaticReplyId: z.uuid(), kind: automaticReplyKindSchema, teamId: z.uuid().nullable() })
    .strict(),
  /** A conversation was deleted (kept 30 days, restorable). */
  'conversation.deleted': z.object({ conversationId: z.uuid(), teamId: z.uuid() }).strict(),
  /** A deleted conversation was restored. */
  'conversation.restored': z.object({ conversationId: z.uuid(), teamId: z.uuid() }).strict(),
  /** A conversation deleted long enough ago was purged for good (`deletedAt`: when it had been deleted). */
  'conversation.purged': z
    .object({ conversationId: z.uuid(), teamId: z.uuid(), deletedAt: instant.nullable() })
    .strict(),
  /**
   * A devops user set the installation's service status (recorded in their organisation: the
   * installation has no log of its own): the status, what shows and the planned window.
   */
  'service-status.changed': z
    .object({
      status: z.enum(SERVICE_STATUSES),
      enabled: z.boolean(),
      banner: z.boolean(),
      overlay: z.boolean(),
      nextWindowAt: instant.nullable(),
      plannedDurationMinutes: z.number().int().nullable(),
    })
    .strict(),
  /**
   * A devops user ran a synchronization (recorded in their organisation): what it reconciled, how
   * many rows it looked at and corrected.
   */
  'operations.synchronized': z
    .object({
      kind: z.enum(['conversations', 'flows', 'voice']),
      checked: z.number().int(),
      fixed: z.number().int(),
      unresolved: z.number().int(),
    })
    .strict(),
  /** A recipient of the weekly statistics report was added (`email`: its address). */
  'statistics-recipient.added': z.object({ recipientId: z.uuid(), email: z.email() }).strict(),
  /** A recipient of the weekly statistics report was removed (`email`: the address it had). */
  'statistics-recipient.removed': z.object({ recipientId: z.uuid(), email: z.email() }).strict(),
  /** An invitation code was created (never the code itself). */
  'invitation-code.created': z
    .object({ invitationCodeId: z.uuid(), label: z.string().nullable(), expiresAt: instant })
    .strict(),
  /** An open invitation code was revoked. */
  'invitation-code.revoked': z.object({ invitationCodeId: z.uuid(), label: z.string().nullable() }).strict(),
  /**
   * An organisation was created from an invitation code, with its first teams and users (its
   * first event; `name`: the name it was given).
   */
  'organization.onboarded': z
    .object({
      invitationCodeId: z.uuid(),
      name: z.string(),
      teams: z.number().int().min(0),
      users: z.number().int().min(0),
    })
    .strict(),
} as const;
