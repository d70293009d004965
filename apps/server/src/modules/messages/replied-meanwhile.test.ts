import type { ApiErrorBody, Message, RepliedMeanwhileDetails } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTeamOfTwo } from '../../test/conversation-factories';
import { buildMailboxTeam, emailConversationOf, eventually, sendReply } from '../../test/email-helpers';
import { authHeader } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/*
 * The replied-meanwhile warning (docs/behaviour/notes-and-presence.md, "Replied meanwhile"): a
 * reply is refused with 409 when another user replied after the seq its writer had seen, unless
 * it is sent anyway; notes never count, nor the writer's own replies.
 */

const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

function send(headers: Record<string, string>, id: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers, payload });
}

async function teamOfTwo() {
  const inbox = await buildTeamOfTwo();
  return { ...inbox, lucHeaders: authHeader(await accessTokenFor(inbox.luc)) };
}

describe('POST /api/conversations/:id/messages with seenSeq', () => {
  it('refuses a text when a colleague replied after the seq its writer had seen, naming who and when; nothing is sent', async () => {
    const { conv, headers, user, lucHeaders } = await teamOfTwo();
    const marie = await send(headers, conv.id, { body: 'Je m’en occupe' });
    expect(marie.statusCode).toBe(201);
    const replied = marie.json<Message>();
    const carrier = vi.spyOn(t.deps.messaging, 'send');

    const res = await send(lucHeaders, conv.id, { body: 'Bonjour !', seenSeq: replied.seq - 1 });
    expect(res.statusCode).toBe(409);
    const body = res.json<ApiErrorBody>();
    expect(body.code).toBe('replied-meanwhile');
    expect(body.details as RepliedMeanwhileDetails).toEqual({
      by: { id: user.id, name: 'Marie Tremblay' },
      at: replied.createdAt,
      seq: replied.seq,
    });
    expect(carrier).not.toHaveBeenCalled();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conv.id}/messages`,
      headers,
    });
    expect(list.json<{ items: Message[] }>().items.map((m) => m.body)).toEqual(['Je m’en occupe']);
  });

  it('sends anyway when asked, and sends when the writer had seen the reply', async () => {
    const { conv, headers, lucHeaders } = await teamOfTwo();
    const replied = (await send(headers, conv.id, { body: 'Je m’en occupe' })).json<Message>();
    const anyway = await send(lucHeaders, conv.id, {
      body: 'Je complète',
      seenSeq: replied.seq - 1,
      sendAnyway: true,
    });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.json<Message>()).toMatchObject({ body: 'Je complète', seq: replied.seq + 1 });
    const seen = await send(lucHeaders, conv.id, { body: 'Et merci', seenSeq: replied.seq });
    expect(seen.statusCode).toBe(201);
  });

  it("never counts notes nor the writer's own replies", async () => {
    const { conv, headers, lucHeaders } = await teamOfTwo();
    const own = (await send(lucHeaders, conv.id, { body: 'Premier' })).json<Message>();
    const noted = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/notes`,
      headers,
      payload: { body: 'Rappeler après 14 h' },
    });
    expect(noted.statusCode).toBe(201);
    const res = await send(lucHeaders, conv.id, { body: 'Deuxième', seenSeq: own.seq - 1 });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a seenSeq that is not a whole number at least 0', async () => {
    const { conv, lucHeaders } = await teamOfTwo();
    for (const seenSeq of [-1, 1.5, '3']) {
      const res = await send(lucHeaders, conv.id, { body: 'Bonjour', seenSeq });
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('validation-failed');
    }
  });
});

describe('POST /api/email-sync/:provider/send/:id with seenSeq', () => {
  it('refuses an e-mail reply when a colleague replied meanwhile, before sending anything; sends anyway when asked', async () => {
    const world = await buildMailboxTeam();
    const connected = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
      payload: {},
    });
    expect(connected.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/mail',
      payload: { from: 'luc@example.test', to: world.address, subject: 'Facture', text: 'Ma facture ?' },
    });
    const conversation = await eventually(() => emailConversationOf(world.teamId, 'luc@example.test'));
    const reply = (user: typeof world.admin, fields: Record<string, string>) =>
      sendReply(t, user, {
        provider: 'sandbox',
        conversationId: conversation.id,
        fields: { inboxEmail: world.address, subject: '', ...fields },
      });
    const first = await reply(world.admin, { body: 'La voici.', seenSeq: '1' });
    expect(first.statusCode).toBe(200);
    const sent = first.json<Message>();

    const refused = await reply(world.member, { body: 'Je l’envoie.', seenSeq: '1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>()).toMatchObject({
      code: 'replied-meanwhile',
      details: { by: { id: world.admin.id, name: 'Marie Curie' }, seq: sent.seq },
    });
    const mails = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/mail?from=${encodeURIComponent(world.address)}`,
    });
    expect(JSON.stringify(mails.json())).not.toContain('Je l’envoie.');

    const anyway = await reply(world.member, { body: 'Je l’envoie.', seenSeq: '1', sendAnyway: 'true' });
    expect(anyway.statusCode).toBe(200);
  });
});
