import type { DomainEventPayload } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { domainEvents, eventDeliveries } from '../../db/schema/domain-events';
import { withOrganization } from '../../db/tenant-scope';
import { deliverEvent } from '../../events/deliver-event';
import { recordEvent, type NewDomainEvent } from '../../events/record-event';
import { buildAdmin } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { AUDITED_EVENT_NAMES, type AuditedEventName } from './audit-entries';
import { auditSubscriber } from './audit-subscriber';

/*
 * Each audited domain event gives the audit entry its use case wrote directly before it became
 * an event (action, target, details), with the event's actor, instant, address and user agent;
 * once, however often the event is delivered.
 */

const t = useTestApp();

const ID = ['a', 'b', 'c', 'd'].map(
  (c) => `${c.repeat(8)}-${c.repeat(4)}-4${c.repeat(3)}-8${c.repeat(3)}-${c.repeat(12)}`,
);
const [A, B, C, D] = ID as [string, string, string, string];

type Case<N extends AuditedEventName> = {
  payload: DomainEventPayload<N>;
  entry: {
    action: string;
    targetType: string | null;
    targetId: string | null;
    details: Record<string, unknown>;
  };
};

/** A service status set for a planned maintenance. */
const maintenance = {
  status: 'under_maintenance' as const,
  enabled: true,
  banner: true,
  overlay: false,
  nextWindowAt: '2026-12-05T12:00:00.000Z',
  plannedDurationMinutes: 90,
};

/** A team's greeting of the closed period. */
const teamGreeting = { kind: 'CLOSE' as const, teamId: B };

/** The entry expected: action, target and details. */
const entry = (
  action: string,
  targetType: string | null,
  targetId: string | null,
  details: Record<string, unknown>,
): Case<AuditedEventName>['entry'] => ({ action, targetType, targetId, details });

/** One event of each audited name, and the entry it must give (`ORG`: the event's organisation). */
const CASES: { [N in AuditedEventName]: Case<N> | ((org: string) => Case<N>) } = {
  'user.signed-in': {
    payload: { userId: A, sessionId: B, method: 'passkey' },
    entry: entry('sign-in.succeeded', 'session', B, { method: 'passkey' }),
  },
  'user.signed-out-everywhere': {
    payload: { userId: A, sessionsEnded: 3 },
    entry: entry('session.signed-out-everywhere', 'user', A, { sessions: 3 }),
  },
  'user.disconnected': {
    payload: { userId: A, sessionIds: [B, C] },
    entry: entry('session.forced-disconnect', 'user', A, { sessionsEnded: 2 }),
  },
  'user.disabled': {
    payload: { userId: A, sessionIds: [B] },
    entry: entry('user.disabled', 'user', A, { sessionsEnded: 1 }),
  },
  'user.enabled': {
    payload: { userId: A },
    entry: entry('user.enabled', 'user', A, {}),
  },
  'user.role-changed': {
    payload: { userId: A, from: 'user', to: 'admin' },
    entry: entry('user.role-changed', 'user', A, { from: 'user', to: 'admin' }),
  },
  'team-member.added': {
    payload: { teamId: B, userId: A, administrator: false },
    entry: entry('user.teams-changed', 'user', A, { teamId: B, change: 'added', administrator: false }),
  },
  'team-member.administrator-changed': {
    payload: { teamId: B, userId: A, administrator: true },
    entry: entry('user.teams-changed', 'user', A, {
      teamId: B,
      change: 'administrator',
      administrator: true,
    }),
  },
  'team-member.removed': {
    payload: { teamId: B, userId: A },
    entry: entry('user.teams-changed', 'user', A, { teamId: B, change: 'removed' }),
  },
  'passkey.added': {
    payload: { passkeyId: A, aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' },
    entry: entry('passkey.added', 'passkey', A, { aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' }),
  },
  'passkey.removed': {
    payload: { passkeyId: A },
    entry: entry('passkey.removed', 'passkey', A, {}),
  },
  'machine.allowed': {
    payload: { machineId: A, userAgent: 'Poste accueil' },
    entry: entry('machine.allowed', 'machine', A, { userAgent: 'Poste accueil' }),
  },
  'machine.revoked': {
    payload: { machineId: A, name: 'Accueil 1' },
    entry: entry('machine.revoked', 'machine', A, { name: 'Accueil 1' }),
  },
  'organization.settings-changed': (org) => ({
    payload: { fields: ['website', 'logo'] },
    entry: entry('organization.settings-changed', 'organization', org, { fields: ['website', 'logo'] }),
  }),
  'team.schedule-changed': {
    payload: { teamId: B, follows: 'own' },
    entry: entry('team.schedule-changed', 'team', B, { follows: 'own' }),
  },
  'phone-settings.changed': {
    payload: { fields: ['parkSlots'] },
    entry: entry('phone-settings.changed', null, null, { fields: ['parkSlots'] }),
  },
  'voicemail-greeting.changed': {
    payload: { greetingId: A, kind: 'CLOSE', teamId: null, enabled: true, source: 'TTS' },
    entry: entry('phone-settings.changed', 'voicemail-greeting', A, {
      kind: 'CLOSE',
      teamId: null,
      enabled: true,
      source: 'TTS',
    }),
  },
  'voicemail-greeting.audio-uploaded': {
    payload: { greetingId: A, ...teamGreeting, source: 'FILE' },
    entry: entry('phone-settings.changed', 'voicemail-greeting', A, {
      ...teamGreeting,
      source: 'FILE',
      audio: true,
    }),
  },
  'voicemail-greeting.removed': {
    payload: { greetingId: A, ...teamGreeting },
    entry: entry('phone-settings.changed', 'voicemail-greeting', A, { ...teamGreeting, removed: true }),
  },
  'automatic-reply.changed': {
    payload: { automaticReplyId: A, kind: 'vacation', teamId: null, enabled: false },
    entry: entry('automatic-reply.changed', 'automatic-reply', A, {
      kind: 'vacation',
      teamId: null,
      enabled: false,
    }),
  },
  'automatic-reply.removed': {
    payload: { automaticReplyId: A, kind: 'missed-call', teamId: B },
    entry: entry('automatic-reply.changed', 'automatic-reply', A, {
      kind: 'missed-call',
      teamId: B,
      removed: true,
    }),
  },
  'conversation.deleted': {
    payload: { conversationId: A, teamId: B },
    entry: entry('conversation.deleted', 'conversation', A, { teamId: B }),
  },
  'conversation.restored': {
    payload: { conversationId: A, teamId: B },
    entry: entry('conversation.restored', 'conversation', A, { teamId: B }),
  },
  'conversation.purged': {
    payload: { conversationId: A, teamId: B, deletedAt: '2026-10-01T08:00:00.000Z' },
    entry: entry('conversation.purged', 'conversation', A, {
      teamId: B,
      deletedAt: '2026-10-01T08:00:00.000Z',
    }),
  },
  'secure-file.sent': {
    payload: { secureFileId: A, conversationId: B, messageId: C, kind: 'file' },
    entry: entry('secure-file.sent', 'secure-file', A, { conversationId: B, messageId: C, kind: 'file' }),
  },
  'secure-file.downloaded': {
    payload: { secureFileId: A, conversationId: B },
    entry: entry('secure-file.downloaded', 'secure-file', A, { conversationId: B }),
  },
  'secure-file.locked': {
    payload: { secureFileId: A, conversationId: B, wrongCodes: 5 },
    entry: entry('secure-file.locked', 'secure-file', A, { conversationId: B, wrongCodes: 5 }),
  },
  'secure-file.received': {
    payload: { secureFileId: A, conversationId: B, messageId: C },
    entry: entry('secure-file.received', 'secure-file', A, { conversationId: B, messageId: C }),
  },
  'service-status.changed': {
    payload: maintenance,
    entry: entry('service-status.changed', null, null, maintenance),
  },
  'operations.synchronized': {
    payload: { kind: 'voice', checked: 3, fixed: 1, unresolved: 0 },
    entry: entry('operations.synchronized', null, null, {
      kind: 'voice',
      checked: 3,
      fixed: 1,
      unresolved: 0,
    }),
  },
  'statistics-recipient.added': {
    payload: { recipientId: C, email: 'rapport@clinique.example' },
    entry: entry('statistics-recipients.changed', 'statistics-recipient', C, {
      email: 'rapport@clinique.example',
      change: 'added',
    }),
  },
  'statistics-recipient.removed': {
    payload: { recipientId: C, email: 'rapport@clinique.example' },
    entry: entry('statistics-recipients.changed', 'statistics-recipient', C, {
      email: 'rapport@clinique.example',
      change: 'removed',
    }),
  },
  'invitation-code.created': {
    payload: { invitationCodeId: C, label: 'Clinique', expiresAt: '2026-12-13T08:00:00.000Z' },
    entry: entry('invitation-code.created', 'invitation-code', C, {
      label: 'Clinique',
      expiresAt: '2026-12-13T08:00:00.000Z',
    }),
  },
  'invitation-code.revoked': {
    payload: { invitationCodeId: C, label: null },
    entry: entry('invitation-code.revoked', 'invitation-code', C, { label: null }),
  },
  'organization.onboarded': (org) => ({
    payload: { invitationCodeId: D, name: 'Clinique du Parc', teams: 2, users: 3 },
    entry: entry('organization.onboarded', 'organization', org, {
      invitationCodeId: D,
      name: 'Clinique du Parc',
      teams: 2,
      users: 3,
    }),
  }),
};

it('has a case for every audited event', () => {
  expect(Object.keys(CASES).sort()).toEqual([...AUDITED_EVENT_NAMES].sort());
});

describe('audit.record', () => {
  it.each(AUDITED_EVENT_NAMES)('writes the entry of %s once, even delivered twice', async (name) => {
    const admin = await buildAdmin({ firstName: 'Alice', lastName: 'Admin' });
    const org = admin.organizationId;
    const spec = CASES[name];
    const { payload, entry } = typeof spec === 'function' ? spec(org) : spec;
    const occurredAt = new Date(Date.UTC(2026, 10, 20, 14, 30, 15, 123));
    const recorded = await t.deps.db.transaction((tx) =>
      recordEvent(tx, {
        name,
        organizationId: org,
        actorUserId: admin.id,
        payload,
        occurredAt,
        source: { ip: '203.0.113.7', userAgent: 'Poste accueil' },
      } as NewDomainEvent),
    );
    const deliver = () => withOrganization(org, () => deliverEvent(t.deps, [auditSubscriber], recorded.id));
    const entries = () => t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org));

    expect(await deliver()).toEqual({ delivered: 1, skipped: 0, failed: 0 });
    // As if the process had died between the entry and its delivery row: delivered again.
    await t.deps.db.delete(eventDeliveries).where(eq(eventDeliveries.eventId, recorded.id));
    await t.deps.db.update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.id, recorded.id));
    expect(await deliver()).toEqual({ delivered: 1, skipped: 0, failed: 0 });

    expect(await entries()).toEqual([
      expect.objectContaining({
        ...entry,
        seq: 1,
        actorUserId: admin.id,
        actorName: 'Alice Admin',
        ip: '203.0.113.7',
        userAgent: 'Poste accueil',
        createdAt: occurredAt,
        eventId: recorded.id,
      }),
    ]);
  });
});
