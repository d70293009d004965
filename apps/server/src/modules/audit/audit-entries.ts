import type { AuditAction, DomainEvent, DomainEventName } from '@accueil/domain';

/** What an audit entry says of a domain event: its action, its target, its details. */
export type AuditEntryContent = {
  action: AuditAction;
  target: { type: string; id: string } | null;
  details?: Record<string, unknown>;
};

type EntryOf<N extends DomainEventName> = (event: DomainEvent<N>) => AuditEntryContent;

/**
 * The entry `action` on the subject `type` whose id is the payload's `idKey`, the rest of the
 * payload as its details, with `extra` details.
 */
function onSubject(action: AuditAction, type: string, idKey: string, extra: Record<string, unknown> = {}) {
  return ({ payload }: { payload: object }): AuditEntryContent => {
    const { [idKey]: id, ...details } = payload as Record<string, unknown>;
    return { action, target: { type, id: id as string }, details: { ...details, ...extra } };
  };
}

const user = (id: string) => ({ type: 'user', id });
const organization = (event: { organizationId: string }) => ({
  type: 'organization',
  id: event.organizationId,
});

/**
 * The audit entry of each domain event the audit log records (docs/behaviour/security.md, "Audit
 * log"), one row per event name: the subscriber `audit.record` writes it with the event's actor,
 * instant, address and user agent. Each gives the entry the use case's own call wrote before it
 * became an event (same action, target and details: the log's content does not depend on how it
 * was written). An event not listed here is not audited.
 */
export const AUDIT_ENTRIES = {
  'user.signed-in': (e) => ({
    action: 'sign-in.succeeded',
    target: { type: 'session', id: e.payload.sessionId },
    details: { method: e.payload.method },
  }),
  'user.signed-out-everywhere': (e) => ({
    action: 'session.signed-out-everywhere',
    target: user(e.payload.userId),
    details: { sessions: e.payload.sessionsEnded },
  }),
  'user.disconnected': (e) => ({
    action: 'session.forced-disconnect',
    target: user(e.payload.userId),
    details: { sessionsEnded: e.payload.sessionIds.length },
  }),
  'user.disabled': (e) => ({
    action: 'user.disabled',
    target: user(e.payload.userId),
    details: { sessionsEnded: e.payload.sessionIds.length },
  }),
  'user.enabled': onSubject('user.enabled', 'user', 'userId'),
  'user.role-changed': onSubject('user.role-changed', 'user', 'userId'),
  'team-member.added': onSubject('user.teams-changed', 'user', 'userId', { change: 'added' }),
  'team-member.administrator-changed': onSubject('user.teams-changed', 'user', 'userId', {
    change: 'administrator',
  }),
  'team-member.removed': onSubject('user.teams-changed', 'user', 'userId', { change: 'removed' }),
  'passkey.added': onSubject('passkey.added', 'passkey', 'passkeyId'),
  'passkey.removed': onSubject('passkey.removed', 'passkey', 'passkeyId'),
  'machine.allowed': onSubject('machine.allowed', 'machine', 'machineId'),
  'machine.revoked': onSubject('machine.revoked', 'machine', 'machineId'),
  'organization.settings-changed': (e) => ({
    action: 'organization.settings-changed',
    target: organization(e),
    details: { fields: e.payload.fields },
  }),
  'team.schedule-changed': onSubject('team.schedule-changed', 'team', 'teamId'),
  'phone-settings.changed': (e) => ({ action: 'phone-settings.changed', target: null, details: e.payload }),
  'voicemail-greeting.changed': onSubject('phone-settings.changed', 'voicemail-greeting', 'greetingId'),
  'voicemail-greeting.audio-uploaded': onSubject(
    'phone-settings.changed',
    'voicemail-greeting',
    'greetingId',
    {
      audio: true,
    },
  ),
  'voicemail-greeting.removed': onSubject('phone-settings.changed', 'voicemail-greeting', 'greetingId', {
    removed: true,
  }),
  'automatic-reply.changed': onSubject('automatic-reply.changed', 'automatic-reply', 'automaticReplyId'),
  'automatic-reply.removed': onSubject('automatic-reply.changed', 'automatic-reply', 'automaticReplyId', {
    removed: true,
  }),
  'conversation.deleted': onSubject('conversation.deleted', 'conversation', 'conversationId'),
  'conversation.restored': onSubject('conversation.restored', 'conversation', 'conversationId'),
  'conversation.purged': onSubject('conversation.purged', 'conversation', 'conversationId'),
  'service-status.changed': (e) => ({ action: 'service-status.changed', target: null, details: e.payload }),
  'operations.synchronized': (e) => ({ action: 'operations.synchronized', target: null, details: e.payload }),
  'statistics-recipient.added': onSubject(
    'statistics-recipients.changed',
    'statistics-recipient',
    'recipientId',
    { change: 'added' },
  ),
  'statistics-recipient.removed': onSubject(
    'statistics-recipients.changed',
    'statistics-recipient',
    'recipientId',
    { change: 'removed' },
  ),
  'invitation-code.created': onSubject('invitation-code.created', 'invitation-code', 'invitationCodeId'),
  'invitation-code.revoked': onSubject('invitation-code.revoked', 'invitation-code', 'invitationCodeId'),
  'organization.onboarded': (e) => ({
    action: 'organization.onboarded',
    target: organization(e),
    details: e.payload,
  }),
  'secure-file.sent': onSubject('secure-file.sent', 'secure-file', 'secureFileId'),
  'secure-file.downloaded': onSubject('secure-file.downloaded', 'secure-file', 'secureFileId'),
  'secure-file.locked': onSubject('secure-file.locked', 'secure-file', 'secureFileId'),
  'secure-file.received': onSubject('secure-file.received', 'secure-file', 'secureFileId'),
} satisfies { [N in DomainEventName]?: EntryOf<N> };

/** The domain events the audit log records. */
export type AuditedEventName = keyof typeof AUDIT_ENTRIES;

/** Every audited event name (the audit subscriber's `events`). */
export const AUDITED_EVENT_NAMES = Object.keys(AUDIT_ENTRIES) as AuditedEventName[];

/** The audit entry of `event` (an audited one). */
export function auditEntryOf(event: DomainEvent<AuditedEventName>): AuditEntryContent {
  return (AUDIT_ENTRIES[event.name] as EntryOf<AuditedEventName>)(event);
}
