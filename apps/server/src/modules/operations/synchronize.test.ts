import type { SynchronizationResult } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import { sandboxMessages } from '../../db/schema/sandbox';
import { buildCallOrganization, buildInboundCall, OPEN_TUESDAY_10H } from '../../test/call-factories';
import { buildConversation } from '../../test/conversation-factories';
import { domainEventsOf } from '../../test/domain-event-helpers';
import { buildAdmin, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/** The three synchronizations: real reconciliations, idempotent, audited, devops only. */
const t = useTestApp();
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function run(path: string, user: { id: string; organizationId: string }) {
  const res = await t.app.inject({ method: 'POST', url: path, headers: await signedInAs(user) });
  return { status: res.statusCode, body: res.json<SynchronizationResult>() };
}

/** An outbound text of `conversation` that the sandbox network carries (or `carrierId`, which it does not), its status written `minutesOld` ago. */
async function text(
  conversation: { id: string; organizationId: string },
  status: string,
  minutesOld: number,
  carrierId?: string,
) {
  // On the simulated network, its delivery report lost (the process that was to write it died).
  const [onPhone] = carrierId
    ? [{ id: carrierId }]
    : await t.deps.db
        .insert(sandboxMessages)
        .values({
          from: '+15145550100',
          to: '+15145551234',
          body: 'Rappel',
          direction: 'to-phone',
          status: 'sent',
        })
        .returning({ id: sandboxMessages.id });
  const sent = { carrierMessageId: onPhone!.id };
  const [conv] = await t.deps.db
    .update(conversations)
    .set({ lastSeq: 1 })
    .where(eq(conversations.id, conversation.id))
    .returning();
  const [row] = await t.deps.db
    .insert(messages)
    .values({
      organizationId: conversation.organizationId,
      conversationId: conversation.id,
      seq: conv!.lastSeq,
      author: 'Agent',
      from: '+15145550100',
      to: '+15145551234',
      body: 'Rappel',
      carrier: 'sandbox',
      carrierMessageId: sent.carrierMessageId,
      status,
      direction: 'outbound',
      updatedAt: minutesAgo(minutesOld),
    })
    .returning();
  return row!;
}

describe('POST /api/conversations/synchronize', () => {
  it('asks the carrier about texts left sent past 5 minutes, records what it says, and is idempotent', async () => {
    const devops = await buildUser({ role: 'devops' });
    const stale = await text(await buildConversation(), 'sent', 10);
    const fresh = await text(await buildConversation(), 'sent', 1);
    const lost = await text(await buildConversation(), 'unknown', 10, '5b0e8a44-0c4c-4a55-9b9a-2f0c4d1e7a10');

    const first = await run('/api/conversations/synchronize', devops);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'conversations', carrier: 'sandbox', fixed: 1 });
    expect(first.body.unresolved).toBeGreaterThanOrEqual(1);
    expect(first.body.items).toContainEqual({
      id: stale.id,
      organizationId: stale.organizationId,
      before: 'sent',
      after: 'delivered',
    });
    const statusOf = async (id: string) =>
      (await t.deps.db.select().from(messages).where(eq(messages.id, id)))[0]!;
    expect(await statusOf(stale.id)).toMatchObject({ status: 'delivered', version: 2 });
    expect((await statusOf(fresh.id)).status).toBe('sent');
    expect((await statusOf(lost.id)).status).toBe('unknown');

    const second = await run('/api/conversations/synchronize', devops);
    expect(second.body.items.map((i) => i.id)).not.toContain(stale.id);
    expect(
      (await domainEventsOf(devops.organizationId)).filter((e) => e.name === 'operations.synchronized'),
    ).toEqual([
      expect.objectContaining({
        actorUserId: devops.id,
        payload: expect.objectContaining({ kind: 'conversations', fixed: 1 }),
      }),
      expect.objectContaining({ payload: expect.objectContaining({ kind: 'conversations', fixed: 0 }) }),
    ]);
  });
});

describe('POST /api/conversations/flows/synchronize', () => {
  it('releases flow locks past their hour in every organisation, leaves live ones, and finds nothing the second time', async () => {
    const devops = await buildUser({ role: 'devops' });
    const expired = await buildConversation();
    const live = await buildConversation();
    await t.deps.db
      .update(conversations)
      .set({ flowLockedUntil: minutesAgo(5) })
      .where(eq(conversations.id, expired.id));
    const until = new Date(Date.now() + 30 * 60_000);
    await t.deps.db
      .update(conversations)
      .set({ flowLockedUntil: until })
      .where(eq(conversations.id, live.id));

    const first = await run('/api/conversations/flows/synchronize', devops);
    expect(first.status).toBe(200);
    expect(first.body.items).toContainEqual({
      id: expired.id,
      organizationId: expired.organizationId,
      before: 'flow-locked',
      after: 'released',
    });
    expect(first.body.items.map((i) => i.id)).not.toContain(live.id);
    const row = async (id: string) =>
      (await t.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;
    expect(await row(expired.id)).toMatchObject({ flowLockedUntil: null, version: expired.version + 1 });
    expect((await row(live.id)).flowLockedUntil).toEqual(until);

    const second = await run('/api/conversations/flows/synchronize', devops);
    expect(second.body).toMatchObject({ kind: 'flows', fixed: 0, items: [] });
  });
});

describe('POST /api/voice/v1/synchronize', () => {
  it('closes calls our records hold open that the carrier no longer carries', async () => {
    const devops = await buildUser({ role: 'devops' });
    const org = await buildCallOrganization();
    const team = await buildTeam({ organizationId: org.id });
    const call = (await buildInboundCall(t.deps, { to: team.phoneNumber!, at: OPEN_TUESDAY_10H }))!.call;
    await t.deps.db
      .update(calls)
      .set({ updatedAt: minutesAgo(10) })
      .where(eq(calls.id, call.id));

    const first = await run('/api/voice/v1/synchronize', devops);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'voice', carrier: 'sandbox' });
    expect(first.body.items).toContainEqual({
      id: call.id,
      organizationId: org.id,
      before: call.status,
      after: 'completed',
    });
    const [row] = await t.deps.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row!.endedAt).not.toBeNull();
    expect(row!.outcome).toBe('completed');

    const second = await run('/api/voice/v1/synchronize', devops);
    expect(second.body.items.map((i) => i.id)).not.toContain(call.id);
  });
});

describe('who may synchronize', () => {
  it('refuses administrators and agents (403) and changes nothing for them', async () => {
    const expired = await buildConversation();
    await t.deps.db
      .update(conversations)
      .set({ flowLockedUntil: minutesAgo(5) })
      .where(eq(conversations.id, expired.id));
    const admin = await buildAdmin({ organizationId: expired.organizationId });
    for (const path of [
      '/api/conversations/synchronize',
      '/api/conversations/flows/synchronize',
      '/api/voice/v1/synchronize',
    ])
      expect((await run(path, admin)).status).toBe(403);
    const agent = await buildUser({ organizationId: expired.organizationId });
    expect((await run('/api/conversations/flows/synchronize', agent)).status).toBe(403);
    const [row] = await t.deps.db.select().from(conversations).where(eq(conversations.id, expired.id));
    expect(row!.flowLockedUntil).not.toBeNull();
  });
});
