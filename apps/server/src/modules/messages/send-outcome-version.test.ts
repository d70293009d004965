import type { Conversation, Message, MessagePage } from '@accueil/domain';
import { describe, expect, it, vi } from 'vitest';
import { authHeader, buildOrganization, buildTeam, buildUser, signIn } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/*
 * Open screens keep a message only when an announcement carries a higher version than the one
 * they hold (older or repeated events are dropped as stale). So every stored change of a sent
 * message, the carrier's answer included, must raise its version; otherwise a failed text
 * would stay "sending" on every open screen.
 */

const t = useTestApp();

async function signedInMember() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const { jwt } = await signIn(t.app, user);
  return { team, headers: authHeader(jwt) };
}

/** Sends `body` to `to` from a new team; returns the send's answer and the message's announcements, in order. */
async function sendAndWatch(to: string, until: Message['status']) {
  const { team, headers } = await signedInMember();
  const created = await t.app.inject({ method: 'POST', url: '/api/conversations', headers, payload: { to } });
  expect(created.statusCode).toBe(201);
  const conversation = created.json<Conversation>();
  const publish = vi.spyOn(t.deps.realtime, 'publish');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversation.id}/messages`,
    headers,
    payload: { body: 'Rappel' },
  });
  expect(res.statusCode).toBe(201);
  const sent = res.json<Message>();
  const announced = () =>
    publish.mock.calls
      .filter(
        ([room, event]) =>
          room === `team:${team.id}` && (event === 'message:created' || event === 'message:updated'),
      )
      .map(([, , payload]) => (payload as { message: Message }).message)
      .filter((m) => m.id === sent.id);
  await vi.waitFor(() => expect(announced().at(-1)?.status).toBe(until), { timeout: 5000, interval: 50 });
  const messages = announced();
  publish.mockRestore();
  const page = (
    await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}/messages`, headers })
  ).json<MessagePage>();
  return { sent, announced: messages, stored: page.items.find((m) => m.id === sent.id)! };
}

const strictlyIncreasing = (versions: number[]) => versions.every((v, i) => i === 0 || v > versions[i - 1]!);

describe("a send's outcome raises the message's version", () => {
  it('a text the carrier refuses is announced as failed with a higher version than "sending"', async () => {
    const { sent, announced, stored } = await sendAndWatch('+15145550000', 'failed');
    expect(announced.map((m) => m.status)).toEqual(['sending', 'failed']);
    expect(strictlyIncreasing(announced.map((m) => m.version))).toBe(true);
    expect(sent).toMatchObject({ status: 'failed', errorCode: '30006', version: announced[1]!.version });
    expect(stored).toMatchObject({ status: 'failed', version: announced[1]!.version });
  });

  it('a delivered text is announced from sending to delivered, each announcement with a higher version', async () => {
    const { announced, stored } = await sendAndWatch('+15145551234', 'delivered');
    // The carrier's 'sent' answer and its 'delivered' report may be stored in either order.
    expect(announced[0]!.status).toBe('sending');
    expect(announced.length).toBeGreaterThanOrEqual(3);
    expect(strictlyIncreasing(announced.map((m) => m.version))).toBe(true);
    expect(stored).toMatchObject({ status: 'delivered', version: announced.at(-1)!.version });
  });
});
