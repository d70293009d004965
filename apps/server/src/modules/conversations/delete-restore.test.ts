import type { Conversation, ConversationPage, DeletedConversation } from '@accueil/domain';
import { DELETED_CONVERSATION_RETENTION_MS } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import { buildConversation, buildInbox, inboundText } from '../../test/conversation-factories';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { authHeader, buildAdmin, buildTeam } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { recordInboundText } from '../messages/index';
import { inJobScope } from '../../jobs/job-definition';
import { purgeDeletedConversationsJob } from './purge-deleted-conversations.job';

const t = useTestApp();

/** An inbox (its member is a plain user) plus an administrator of the same team. */
async function inboxWithAdmin() {
  const inbox = await buildInbox();
  const admin = await buildAdmin({ organizationId: inbox.org.id, teamIds: [inbox.team.id] });
  return { ...inbox, admin, adminHeaders: authHeader(await accessTokenFor(admin)) };
}

const del = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: `/api/conversations/${id}`, headers });
const listDeleted = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/conversations/deleted', headers });
const restore = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/restore`, headers });

describe('DELETE /api/conversations/:id (soft delete, administrators)', () => {
  it('refuses a user who is not an administrator (403) and keeps the conversation', async () => {
    const { org, team, headers } = await inboxWithAdmin();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id, messageBodies: ['a'] });
    const res = await del(conv.id, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers })).statusCode,
    ).toBe(200);
  });

  it('lets an administrator delete: gone from the inbox (404), messages kept, announced, listed as restorable for 30 days', async () => {
    const { org, team, headers, admin, adminHeaders } = await inboxWithAdmin();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      messageBodies: ['a', 'b'],
    });
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const before = Date.now();
    expect((await del(conv.id, adminHeaders)).statusCode).toBe(204);
    expect(publish).toHaveBeenCalledWith(`team:${team.id}`, 'conversation:removed', {
      id: conv.id,
      userGroupId: team.id,
      version: 2,
    });
    publish.mockRestore();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers })).statusCode,
    ).toBe(404);
    expect((await del(conv.id, adminHeaders)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations?status=all', headers });
    expect(list.json<ConversationPage>().items.map((c) => c.id)).not.toContain(conv.id);
    expect(await t.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id))).toHaveLength(
      2,
    );

    const deleted = (await listDeleted(adminHeaders)).json<{ items: DeletedConversation[] }>().items;
    expect(deleted).toHaveLength(1);
    const [item] = deleted;
    expect(item).toMatchObject({
      id: conv.id,
      friendlyName: conv.address,
      userGroup: { id: team.id, label: team.label },
      deletedBy: { id: admin.id, name: `Test ${admin.username}` },
    });
    expect(new Date(item!.restorableUntil).getTime() - new Date(item!.deletedAt).getTime()).toBe(
      DELETED_CONVERSATION_RETENTION_MS,
    );
    expect(new Date(item!.deletedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('restores it as it was (administrators only), announced to its team', async () => {
    const { org, team, headers, adminHeaders } = await inboxWithAdmin();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      messageBodies: ['a'],
      attributes: { pinned: true },
    });
    await del(conv.id, adminHeaders);
    expect((await listDeleted(headers)).statusCode).toBe(403);
    expect((await restore(conv.id, headers)).statusCode).toBe(403);
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const res = await restore(conv.id, adminHeaders);
    expect(res.statusCode).toBe(200);
    const restored = res.json<Conversation>();
    expect(restored).toMatchObject({ id: conv.id, attributes: { pinned: true }, version: 3 });
    expect(publish).toHaveBeenCalledWith(`team:${team.id}`, 'conversation:updated', {
      conversation: restored,
    });
    publish.mockRestore();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers })).statusCode,
    ).toBe(200);
    expect((await listDeleted(adminHeaders)).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await restore(conv.id, adminHeaders)).statusCode).toBe(404);
    // Both recorded in the organisation's audit log, by the administrator.
    await deliverRecordedEvents(t.deps, org.id);
    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.id));
    expect(events.map((e) => [e.action, e.targetId])).toEqual([
      ['conversation.deleted', conv.id],
      ['conversation.restored', conv.id],
    ]);
  });

  it('starts a new conversation when the number texts again; restoring the old one then answers 409', async () => {
    const { org, team, adminHeaders } = await inboxWithAdmin();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id, messageBodies: ['old'] });
    await del(conv.id, adminHeaders);
    const result = await recordInboundText(
      t.deps,
      inboundText({ to: team.phoneNumber!, from: conv.address, body: 'new text' }),
    );
    expect(result).not.toBeNull();
    const [fresh] = await t.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.address, conv.address));
    const rows = await t.deps.db.select().from(conversations).where(eq(conversations.address, conv.address));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.deletedAt === null).map((r) => r.id)).not.toContain(conv.id);
    expect(fresh).toBeDefined();
    const res = await restore(conv.id, adminHeaders);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conversation-exists' });
    // Starting a conversation with that number finds the new one, not the deleted one.
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: adminHeaders,
      payload: { to: conv.address },
    });
    expect(start.statusCode).toBe(409);
    expect(start.json<{ details: { conversationId: string } }>().details.conversationId).not.toBe(conv.id);
  });

  it("never lists nor restores another organisation's deleted conversation (404)", async () => {
    const mine = await inboxWithAdmin();
    const other = await inboxWithAdmin();
    const foreign = await buildConversation({ organizationId: other.org.id, teamId: other.team.id });
    await del(foreign.id, other.adminHeaders);
    expect((await listDeleted(mine.adminHeaders)).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await restore(foreign.id, mine.adminHeaders)).statusCode).toBe(404);
    expect(
      (await listDeleted(other.adminHeaders)).json<{ items: { id: string }[] }>().items.map((i) => i.id),
    ).toEqual([foreign.id]);
  });

  it('lists the deleted conversations of every team of the organisation', async () => {
    const { org, team, admin, adminHeaders } = await inboxWithAdmin();
    const second = await buildTeam({ organizationId: org.id });
    const other = await buildConversation({ organizationId: org.id, teamId: second.id });
    const here = await buildConversation({ organizationId: org.id, teamId: team.id });
    await del(here.id, adminHeaders);
    // Deleted from the second team's inbox by an administrator working there.
    const admin2 = authHeader(
      await accessTokenFor({
        ...admin,
        id: (await buildAdmin({ organizationId: org.id, teamIds: [second.id] })).id,
      }),
    );
    expect((await del(other.id, admin2)).statusCode).toBe(204);
    const ids = (await listDeleted(adminHeaders)).json<{ items: { id: string }[] }>().items.map((i) => i.id);
    expect(ids.sort()).toEqual([here.id, other.id].sort());
  });
});

describe('purgeDeletedConversations', () => {
  it('removes conversations deleted more than 30 days ago with their messages, and keeps the others; each purge is in its audit log', async () => {
    const { org, team } = await buildInbox();
    const now = new Date();
    const old = await buildConversation({ organizationId: org.id, teamId: team.id, messageBodies: ['x'] });
    const recent = await buildConversation({ organizationId: org.id, teamId: team.id, messageBodies: ['y'] });
    const live = await buildConversation({ organizationId: org.id, teamId: team.id });
    await t.deps.db
      .update(conversations)
      .set({ deletedAt: new Date(now.getTime() - DELETED_CONVERSATION_RETENTION_MS - 1000) })
      .where(eq(conversations.id, old.id));
    await t.deps.db
      .update(conversations)
      .set({ deletedAt: new Date(now.getTime() - DELETED_CONVERSATION_RETENTION_MS + 60_000) })
      .where(eq(conversations.id, recent.id));
    // In the job's own scope (every organisation, `maintenance-job`), as the worker runs it.
    const output = await inJobScope(purgeDeletedConversationsJob, {}, () =>
      purgeDeletedConversationsJob.handler(t.deps, {}),
    );
    expect(output?.removed).toBeGreaterThanOrEqual(1);
    const left = await t.deps.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.organizationId, org.id));
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, live.id].sort());
    expect(await t.deps.db.select().from(messages).where(eq(messages.conversationId, old.id))).toEqual([]);
    await deliverRecordedEvents(t.deps, org.id);
    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.id));
    expect(events.map((e) => [e.action, e.targetId, e.actorUserId])).toEqual([
      ['conversation.purged', old.id, null],
    ]);
  });
});
