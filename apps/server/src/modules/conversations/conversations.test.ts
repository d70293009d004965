import type { Conversation, ConversationPage } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { authHeader, buildContact, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { buildInbox, buildConversation } from '../../test/conversation-factories';

const t = useTestApp();

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));

async function listAll(
  headers: Record<string, string>,
  query: string,
  limit: number,
): Promise<{ pages: Conversation[][] }> {
  const pages: Conversation[][] = [];
  let cursor: string | null = null;
  do {
    const res: { statusCode: number; json: <T>() => T } = await t.app.inject({
      method: 'GET',
      url: `/api/conversations?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const page: ConversationPage = res.json<ConversationPage>();
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return { pages };
}

describe('GET /api/conversations', () => {
  it('lists active conversations pinned first, then by latest update, across pages without gaps or duplicates', async () => {
    const { org, team, headers } = await buildInbox();
    const scope = { organizationId: org.id, teamId: team.id };
    const old = await buildConversation({ ...scope, updatedAt: at(1) });
    const pinnedOld = await buildConversation({ ...scope, updatedAt: at(2), attributes: { pinned: true } });
    const recent = await buildConversation({ ...scope, updatedAt: at(5) });
    const pinnedRecent = await buildConversation({
      ...scope,
      updatedAt: at(4),
      attributes: { pinned: true },
    });
    // Same updatedAt: the id breaks the tie, so the keyset never skips one of them.
    const tieA = await buildConversation({ ...scope, updatedAt: at(3) });
    const tieB = await buildConversation({ ...scope, updatedAt: at(3) });
    await buildConversation({ ...scope, updatedAt: at(9), status: 'inactive' });

    const ties = [tieA, tieB].sort((a, b) => (a.id < b.id ? 1 : -1)).map((c) => c.id);
    const expected = [pinnedRecent.id, pinnedOld.id, recent.id, ...ties, old.id];
    const { pages } = await listAll(headers, 'status=active', 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(pages.flat().map((c) => c.id)).toEqual(expected);

    const single = await listAll(headers, 'status=active', 50);
    expect(single.pages).toHaveLength(1);
    expect(single.pages[0]!.map((c) => c.id)).toEqual(expected);
  });

  it('lists inactive conversations by latest update only', async () => {
    const { org, team, headers } = await buildInbox();
    const scope = { organizationId: org.id, teamId: team.id, status: 'inactive' as const };
    const a = await buildConversation({ ...scope, updatedAt: at(1), attributes: { pinned: true } });
    const b = await buildConversation({ ...scope, updatedAt: at(3) });
    const c = await buildConversation({ ...scope, updatedAt: at(2) });
    const { pages } = await listAll(headers, 'status=inactive', 1);
    expect(pages.flat().map((x) => x.id)).toEqual([b.id, c.id, a.id]);
  });

  it('presents the contact and the last message', async () => {
    const { org, team, headers } = await buildInbox();
    const contact = await buildContact({ organizationId: org.id, firstName: 'Jean', lastName: 'Gagnon' });
    await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: contact.phone!,
      contactId: contact.id,
      messageBodies: ['un', 'deux'],
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations', headers });
    const [item] = res.json<ConversationPage>().items;
    expect(item!.contact).toMatchObject({ id: contact.id, fullname: 'Jean Gagnon', phone: contact.phone });
    expect(item!.lastMessage).toMatchObject({ body: 'deux', seq: 2, direction: 'inbound' });
    expect(item!.lastSeq).toBe(2);
  });

  it('refuses a malformed cursor', async () => {
    const { headers } = await buildInbox();
    for (const cursor of ['garbage', Buffer.from('{"u":"x","i":"y"}').toString('base64url')]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/conversations?cursor=${cursor}`, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
  });

  it('searches by contact name, phone digits and message text; needs 3 characters', async () => {
    const { org, team, headers } = await buildInbox();
    const scope = { organizationId: org.id, teamId: team.id };
    const contact = await buildContact({
      organizationId: org.id,
      firstName: 'Élodie',
      lastName: 'Bouchard',
      phone: '+14385550111',
    });
    const byName = await buildConversation({ ...scope, address: contact.phone!, contactId: contact.id });
    const byPhone = await buildConversation({ ...scope, address: '+18195551234' });
    const byText = await buildConversation({ ...scope, messageBodies: ['Rendez-vous mardi 100% confirmé'] });
    const search = async (term: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/conversations?search=${encodeURIComponent(term)}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<ConversationPage>().items.map((c) => c.id);
    };
    expect(await search('bouch')).toEqual([byName.id]);
    expect(await search('odie bou')).toEqual([byName.id]);
    expect(await search('819 555 12')).toEqual([byPhone.id]);
    expect(await search('(819) 555-1234')).toEqual([byPhone.id]);
    expect(await search('8195551')).toEqual([byPhone.id]);
    expect(await search('MARDI')).toEqual([byText.id]);
    expect(await search('100%')).toEqual([byText.id]);
    expect(await search('0%_')).toEqual([]);
    const short = await t.app.inject({ method: 'GET', url: '/api/conversations?search=ab', headers });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'search-too-short' });
  });

  it('is empty for a user without a team, and counts unread per status', async () => {
    const { org, team, headers } = await buildInbox();
    await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      attributes: { hasNotification: true },
    });
    await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      attributes: { hasNotification: false },
    });
    await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      status: 'inactive',
      attributes: { hasNotification: true },
    });
    const counts = await t.app.inject({ method: 'GET', url: '/api/conversations/unread-counts', headers });
    expect(counts.json()).toEqual({ active: 1, inactive: 1 });

    const loner = await buildUser({ organizationId: org.id });
    const jwt = await accessTokenFor(loner);
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: authHeader(jwt) });
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });
});

describe('cross-tenant', () => {
  it("answers 404 for another organisation's or another team's conversation", async () => {
    const mine = await buildInbox();
    const other = await buildInbox();
    const otherTeam = await buildTeam({ organizationId: mine.org.id });
    const foreign = await buildConversation({
      organizationId: other.org.id,
      teamId: other.team.id,
      messageBodies: ['x'],
    });
    const sibling = await buildConversation({
      organizationId: mine.org.id,
      teamId: otherTeam.id,
      messageBodies: ['x'],
    });
    for (const conv of [foreign, sibling]) {
      const calls = [
        { method: 'GET' as const, url: `/api/conversations/${conv.id}` },
        { method: 'PUT' as const, url: `/api/conversations/${conv.id}`, payload: { status: 'inactive' } },
        { method: 'DELETE' as const, url: `/api/conversations/${conv.id}` },
        { method: 'GET' as const, url: `/api/conversations/${conv.id}/messages` },
        { method: 'POST' as const, url: `/api/conversations/${conv.id}/messages`, payload: { body: 'hi' } },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: mine.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not-found' });
      }
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: mine.headers });
    expect(list.json<ConversationPage>().items).toEqual([]);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${foreign.id}`,
      headers: other.headers,
    });
    expect(still.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/not-a-uuid',
      headers: mine.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
