import type { ConversationPage, RealtimeEvents } from '@accueil/domain';
import { expect, it } from 'vitest';
import { buildTeamOfTwo } from '../../test/conversation-factories';
import { authHeader } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { nextEvent, useSocketClients, type ClientSocket } from '../../test/socket-clients';
import { useTestApp } from '../../test/test-app';

/*
 * Assignment over real sockets (docs/behaviour/assignment.md): seen live by the team and by the
 * new assignee, and caught up through REST after a reconnect (docs/behaviour/realtime.md).
 */

const t = useTestApp();
const { connect } = useSocketClients(t);

const next = <K extends keyof RealtimeEvents>(socket: ClientSocket, event: K) =>
  nextEvent(socket, event, 3000);

async function twoAgents() {
  const inbox = await buildTeamOfTwo();
  return { ...inbox, lucJwt: await accessTokenFor(inbox.luc) };
}

it('A assigns to B: both see conversation:updated live, B alone gets the notification', async () => {
  const { jwt, headers, user, luc, lucJwt, conv } = await twoAgents();
  const marie = await connect(jwt);
  const lucSocket = await connect(lucJwt);
  const marieSees = next(marie, 'conversation:updated');
  const lucSees = next(lucSocket, 'conversation:updated');
  const lucNotified = next(lucSocket, 'inbox:notification');
  let marieNotified = false;
  marie.on('inbox:notification', () => {
    marieNotified = true;
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/conversations/${conv.id}/assignee`,
    headers,
    payload: { userId: luc.id },
  });
  expect(res.statusCode).toBe(200);
  for (const seen of [await marieSees, await lucSees]) {
    expect(seen.conversation).toMatchObject({
      id: conv.id,
      version: conv.version + 1,
      assignee: { id: luc.id, name: 'Luc Gagnon' },
    });
  }
  expect(await lucNotified).toMatchObject({
    kind: 'assigned',
    by: { id: user.id, name: 'Marie Tremblay' },
    conversation: { id: conv.id },
  });
  // The team's event came after the notification was published: none for Marie by now.
  expect(marieNotified).toBe(false);
});

it('B, disconnected while assigned, finds the conversation in Mine after reconnecting (catch-up through REST)', async () => {
  const { headers, luc, lucJwt, conv } = await twoAgents();
  const lucSocket = await connect(lucJwt);
  lucSocket.disconnect();
  await t.app.inject({
    method: 'PUT',
    url: `/api/conversations/${conv.id}/assignee`,
    headers,
    payload: { userId: luc.id },
  });
  const back = await connect(lucJwt);
  expect(back.connected).toBe(true);
  const mine = await t.app.inject({
    method: 'GET',
    url: '/api/conversations?view=mine',
    headers: authHeader(lucJwt),
  });
  expect(mine.json<ConversationPage>().items).toEqual([
    expect.objectContaining({
      id: conv.id,
      version: conv.version + 1,
      assignee: { id: luc.id, name: 'Luc Gagnon' },
    }),
  ]);
  const counts = await t.app.inject({
    method: 'GET',
    url: '/api/conversations/view-counts',
    headers: authHeader(lucJwt),
  });
  expect(counts.json()).toEqual({ mine: 1, unassigned: 0, all: 1, mentions: 0 });
});
