import type { ConversationPage } from '@accueil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { buildContact } from '../../test/factories';
import { buildInbox, seedConversation } from '../../test/inbox-fixtures';

// The list and search query shapes of issue 3 "Reads" (page ids first, search arms as id sets):
// same answers as before, across pages, tabs and tenants.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));

async function searchAll(headers: Record<string, string>, query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res: { statusCode: number; json: <T>() => T } = await t.app.inject({ method: 'GET', url: `/api/conversations?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers });
    expect(res.statusCode).toBe(200);
    const page: ConversationPage = res.json<ConversationPage>();
    pages.push(page.items.map((c) => c.id));
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('GET /api/conversations?search= (issue 3 query shapes)', () => {
  it('pages through matches of every arm in list order, within the tab, with contact and last message', async () => {
    const { org, team, headers } = await buildInbox(t.app, t.deps.db);
    const scope = { organizationId: org.id, teamId: team.id };
    const contact = await buildContact(t.deps.db, { organizationId: org.id, firstName: 'Rose', lastName: 'Quintal', phone: '+14385550177' });
    const byName = await seedConversation(t.deps.db, { ...scope, friendlyName: contact.phone!, contactId: contact.id, updatedAt: at(1), messageBodies: ['Bonjour'] });
    const byText = await seedConversation(t.deps.db, { ...scope, updatedAt: at(3), messageBodies: ['Dossier quintal 2', 'Merci'] });
    const pinned = await seedConversation(t.deps.db, { ...scope, updatedAt: at(0), attributes: { pinned: true }, messageBodies: ['QUINTAL'] });
    await seedConversation(t.deps.db, { ...scope, updatedAt: at(5), messageBodies: ['Rien à voir'] });
    const archived = await seedConversation(t.deps.db, { ...scope, status: 'inactive', updatedAt: at(4), messageBodies: ['quintal archivé'] });

    expect(await searchAll(headers, 'search=quintal')).toEqual([[pinned.id, byText.id], [byName.id]]);
    expect(await searchAll(headers, 'status=inactive&search=quintal')).toEqual([[archived.id]]);

    const res = await t.app.inject({ method: 'GET', url: '/api/conversations?search=quintal&limit=1', headers });
    const [first] = res.json<ConversationPage>().items;
    expect(first).toMatchObject({ id: pinned.id, lastMessage: { body: 'QUINTAL' } });
    const named = (await t.app.inject({ method: 'GET', url: '/api/conversations?search=rose%20qu', headers })).json<ConversationPage>().items;
    expect(named.map((c) => [c.id, c.contact?.lastName, c.lastMessage?.body])).toEqual([[byName.id, 'Quintal', 'Bonjour']]);
  });

  it("never matches another organisation's or team's contacts, numbers or texts", async () => {
    const mine = await buildInbox(t.app, t.deps.db);
    const other = await buildInbox(t.app, t.deps.db);
    const otherScope = { organizationId: other.org.id, teamId: other.team.id };
    const theirs = await buildContact(t.deps.db, { organizationId: other.org.id, firstName: 'Zoé', lastName: 'Vachonnet', phone: '+15795550142' });
    await seedConversation(t.deps.db, { ...otherScope, friendlyName: theirs.phone!, contactId: theirs.id, messageBodies: ['vachonnet texte'] });
    const mineConv = await seedConversation(t.deps.db, { organizationId: mine.org.id, teamId: mine.team.id, friendlyName: '+15795550143' });

    expect(await searchAll(mine.headers, 'search=vachonnet')).toEqual([[]]);
    expect(await searchAll(mine.headers, `search=${encodeURIComponent('579 555 014')}`)).toEqual([[mineConv.id]]);
    expect(await searchAll(other.headers, `search=${encodeURIComponent('579 555 014')}`)).toEqual([[expect.any(String)]]);
  });
});
