import type { Message, TextBlock } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildInbox, buildConversation } from '../../test/conversation-factories';
import { buildContact, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

afterEach(() => vi.useRealTimers());

async function inboxWithContact(contact: { firstName: string; lastName: string } | null) {
  const inbox = await buildInbox();
  const row = contact
    ? await buildContact({ organizationId: inbox.org.id, phone: '+15145550101', ...contact })
    : null;
  const conv = await buildConversation({
    organizationId: inbox.org.id,
    teamId: inbox.team.id,
    address: '+15145550101',
    contactId: row?.id ?? null,
  });
  const send = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      headers: inbox.headers,
      payload,
    });
  const block = async (body: string, template = false) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/organizations/${inbox.org.id}/text-blocks`,
        headers: inbox.headers,
        payload: { title: 'Q', body, template },
      })
    ).json<TextBlock>();
  return { ...inbox, conv, send, block };
}

describe('tokens filled when a text is sent', () => {
  it("sends a quick message alone, its tokens filled for the conversation's contact", async () => {
    const { org, send, block } = await inboxWithContact({ firstName: 'Élise', lastName: 'Roy' });
    const quick = await block('Bonjour {{first_name}} {{last_name}}, ici {{organization_name}} ({{date}}).');
    const res = await send({ textBlockId: quick.id });
    expect(res.statusCode).toBe(201);
    const body = res.json<Message>().body;
    expect(body).toMatch(
      new RegExp(`^Bonjour Élise Roy, ici ${org.name} \\(\\d{2} / \\d{2} / \\d{4}\\)\\.$`),
    );
  });

  it("fills {{date}} with the organisation's day in its own time zone, on either side of its midnight", async () => {
    // 23:55 on 14 January in Vancouver: already the 15th in UTC and in Toronto (signed in then).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-15T07:55:00Z') });
    const { org, send } = await inboxWithContact({ firstName: 'Élise', lastName: 'Roy' });
    await t.deps.db.execute(
      sql`update organizations set time_zone = 'America/Vancouver' where id = ${org.id}`,
    );
    const before = await send({ body: 'Le {{date}}' });
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json<Message>().body).toBe('Le 14 / 01 / 2026');
    // 00:05 on the 15th in Vancouver (within the access token's life).
    vi.setSystemTime(new Date('2026-01-15T08:05:00Z'));
    const after = await send({ body: 'Le {{date}}' });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json<Message>().body).toBe('Le 15 / 01 / 2026');
  });

  it('fills the tokens of typed text too (a template put in the text field)', async () => {
    const { send } = await inboxWithContact({ firstName: 'Luc', lastName: 'Roy' });
    const res = await send({ body: 'Merci {{ first_name }} !' });
    expect(res.json<Message>().body).toBe('Merci Luc !');
  });

  it('refuses a token without a value for this contact, naming it, and stores nothing', async () => {
    const { send, block, conv, headers } = await inboxWithContact(null);
    const quick = await block('Bonjour {{first_name}}, le {{date}}');
    const res = await send({ textBlockId: quick.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'token-value-missing', details: { tokens: ['first_name'] } });
    const typed = await send({ body: 'Salut {{last_name}}' });
    expect(typed.json()).toMatchObject({ code: 'token-value-missing', details: { tokens: ['last_name'] } });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conv.id}/messages`,
      headers,
    });
    expect(page.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('refuses a quick message with custom text, and neither', async () => {
    const { send, block } = await inboxWithContact({ firstName: 'A', lastName: 'B' });
    const quick = await block('Bonjour');
    expect((await send({ textBlockId: quick.id, body: 'et aussi ceci' })).statusCode).toBe(400);
    expect((await send({})).statusCode).toBe(400);
  });

  it("answers 404 for another organisation's quick message", async () => {
    const { send } = await inboxWithContact({ firstName: 'A', lastName: 'B' });
    const stranger = await buildUser();
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${stranger.organizationId}/text-blocks`,
      headers: await signedInAs(stranger),
      payload: { title: 'x', body: 'secret' },
    });
    const res = await send({ textBlockId: theirs.json<TextBlock>().id });
    expect(res.statusCode).toBe(404);
  });
});
