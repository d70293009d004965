import type { ConversationPage } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { buildContact, buildTeam } from '../../test/factories';
import { buildInbox, buildConversation } from '../../test/conversation-factories';

// The list and search query shapes for reads at scale (page ids first, search arms as id sets):
// same answers as before, across pages, tabs and tenants.
const t = useTestApp();

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));

async function searchAll(headers: Record<string, string>, query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res: { statusCode: number; json: <T>() => T } = await t.app.inject({
      method: 'GET',
      url: `/api/conversations?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const page: ConversationPage = res.json<ConversationPage>();
    pages.push(page.items.map((c) => c.id));
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('GET /api/conversations?search= (query shapes)', () => {
  it('pages through matches of every arm in list order, within the tab, with contact and last message', async () => {
    const { org, team, headers } = await buildInbox();
    const scope = { organizationId: org.id, teamId: team.id };
    const contact = await buildContact({
      organizationId: org.id,
      firstName: 'Rose',
      lastName: 'Quintal',
      phone: '+14385550177',
    });
    const byName = await buildConversation({
      ...scope,
      address: contact.phone!,
      contactId: contact.id,
      updatedAt: at(1),
      messageBodies: ['Bonjour'],
    });
    const byText = await buildConversation({
      ...scope,
      updatedAt: at(3),
      messageBodies: ['Dossier quintal 2', 'Merci'],
    });
    const pinned = await buildConversation({
      ...scope,
      updatedAt: at(0),
      attributes: { pinned: true },
      messageBodies: ['QUINTAL'],
    });
    await buildConversation({ ...scope, updatedAt: at(5), messageBodies: ['Rien à voir'] });
    const archived = await buildConversation({
      ...scope,
      status: 'inactive',
      updatedAt: at(4),
      messageBodies: ['quintal archivé'],
    });

    expect(await searchAll(headers, 'search=quintal')).toEqual([[pinned.id, byText.id], [byName.id]]);
    expect(await searchAll(headers, 'status=inactive&search=quintal')).toEqual([[archived.id]]);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/conversations?search=quintal&limit=1',
      headers,
    });
    const [first] = res.json<ConversationPage>().items;
    expect(first).toMatchObject({ id: pinned.id, lastMessage: { body: 'QUINTAL' } });
    const named = (
      await t.app.inject({ method: 'GET', url: '/api/conversations?search=rose%20qu', headers })
    ).json<ConversationPage>().items;
    expect(named.map((c) => [c.id, c.contact?.lastName, c.lastMessage?.body])).toEqual([
      [byName.id, 'Quintal', 'Bonjour'],
    ]);
  });

  it("never matches another organisation's or team's contacts, numbers or texts", async () => {
    const mine = await buildInbox();
    const other = await buildInbox();
    const otherScope = { organizationId: other.org.id, teamId: other.team.id };
    const theirs = await buildContact({
      organizationId: other.org.id,
      firstName: 'Zoé',
      lastName: 'Vachonnet',
      phone: '+15795550142',
    });
    await buildConversation({
      ...otherScope,
      address: theirs.phone!,
      contactId: theirs.id,
      messageBodies: ['vachonnet texte'],
    });
    const mineConv = await buildConversation({
      organizationId: mine.org.id,
      teamId: mine.team.id,
      address: '+15795550143',
    });

    expect(await searchAll(mine.headers, 'search=vachonnet')).toEqual([[]]);
    expect(await searchAll(mine.headers, `search=${encodeURIComponent('579 555 014')}`)).toEqual([
      [mineConv.id],
    ]);
    expect(await searchAll(other.headers, `search=${encodeURIComponent('579 555 014')}`)).toEqual([
      [expect.any(String)],
    ]);
  });
});

describe('GET /api/conversations?status=all&search= (both lists, with the matching message)', () => {
  type Item = ConversationPage['items'][number];
  async function searchBoth(headers: Record<string, string>, term: string): Promise<Item[][]> {
    const pages: Item[][] = [];
    let cursor: string | null = null;
    do {
      const url = `/api/conversations?status=all&search=${encodeURIComponent(term)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      const page: ConversationPage = res.json<ConversationPage>();
      pages.push(page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  }

  it('pages through the active matches (pinned first) then the archived ones, each with its newest matching message', async () => {
    const { org, team, headers } = await buildInbox();
    const scope = { organizationId: org.id, teamId: team.id };
    const contact = await buildContact({
      organizationId: org.id,
      firstName: 'Léa',
      lastName: 'Brisebois',
      phone: '+14385550178',
    });
    const byName = await buildConversation({
      ...scope,
      address: contact.phone!,
      contactId: contact.id,
      updatedAt: at(1),
      messageBodies: ['Bonjour'],
    });
    const twice = await buildConversation({
      ...scope,
      updatedAt: at(3),
      messageBodies: ['brisebois un', 'Re: BRISEBOIS deux', 'Merci'],
    });
    const pinned = await buildConversation({
      ...scope,
      updatedAt: at(0),
      attributes: { pinned: true },
      messageBodies: ['Brisebois épinglée'],
    });
    await buildConversation({ ...scope, updatedAt: at(5), messageBodies: ['Rien à voir'] });
    const archivedOld = await buildConversation({
      ...scope,
      status: 'inactive',
      updatedAt: at(2),
      messageBodies: ['vieux brisebois'],
    });
    const archivedNew = await buildConversation({
      ...scope,
      status: 'inactive',
      updatedAt: at(9),
      messageBodies: ['brisebois archivée', 'Au revoir'],
    });

    const pages = await searchBoth(headers, 'brisebois');
    expect(pages.map((p) => p.map((c) => c.id))).toEqual([
      [pinned.id, twice.id],
      [byName.id, archivedNew.id],
      [archivedOld.id],
    ]);
    const items = pages.flat();
    expect(items.map((c) => c.status)).toEqual(['active', 'active', 'active', 'inactive', 'inactive']);
    const byId = new Map(items.map((c) => [c.id, c]));
    expect(byId.get(twice.id)).toMatchObject({
      lastMessage: { body: 'Merci' },
      match: { body: 'Re: BRISEBOIS deux', messageId: expect.any(String) },
    });
    expect(byId.get(twice.id)!.match!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(byId.get(archivedNew.id)).toMatchObject({
      lastMessage: { body: 'Au revoir' },
      match: { body: 'brisebois archivée' },
    });
    expect(byId.get(byName.id)?.match).toBeNull();
  });

  it("never matches another organisation's or another team's texts", async () => {
    const mine = await buildInbox();
    const other = await buildInbox();
    const colleagues = await buildTeam({ organizationId: mine.org.id });
    await buildConversation({
      organizationId: other.org.id,
      teamId: other.team.id,
      messageBodies: ['mot-secret-xq7 ailleurs'],
    });
    await buildConversation({
      organizationId: mine.org.id,
      teamId: colleagues.id,
      messageBodies: ['mot-secret-xq7 collègues'],
    });
    await buildConversation({
      organizationId: mine.org.id,
      teamId: colleagues.id,
      status: 'inactive',
      messageBodies: ['mot-secret-xq7 archivé'],
    });
    const own = await buildConversation({
      organizationId: mine.org.id,
      teamId: mine.team.id,
      status: 'inactive',
      messageBodies: ['mot-secret-xq7 à nous'],
    });

    expect(
      (await searchBoth(mine.headers, 'mot-secret-xq7')).flat().map((c) => [c.id, c.match?.body]),
    ).toEqual([[own.id, 'mot-secret-xq7 à nous']]);
  });

  it("refuses a cursor made for another list's order", async () => {
    const { org, team, headers } = await buildInbox();
    for (const minutes of [1, 2, 3])
      await buildConversation({
        organizationId: org.id,
        teamId: team.id,
        updatedAt: at(minutes),
        messageBodies: ['curseur'],
      });
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/conversations?search=curseur&limit=1', headers })
    ).json<ConversationPage>();
    const both = (
      await t.app.inject({
        method: 'GET',
        url: '/api/conversations?status=all&search=curseur&limit=1',
        headers,
      })
    ).json<ConversationPage>();
    const wrongForAll = await t.app.inject({
      method: 'GET',
      url: `/api/conversations?status=all&search=curseur&cursor=${page.nextCursor}`,
      headers,
    });
    const wrongForActive = await t.app.inject({
      method: 'GET',
      url: `/api/conversations?status=active&search=curseur&cursor=${both.nextCursor}`,
      headers,
    });
    expect([wrongForAll.statusCode, wrongForActive.statusCode]).toEqual([400, 400]);
  });
});
