import { setImmediate } from 'node:timers/promises';
import type { PolledEvent } from '@accueil/domain';
import { POLLING_RETENTION_MS } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildConversation } from '../../test/conversation-factories';
import { buildUser } from '../../test/factories';
import { franceTestHelpers } from '../../test/france-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { polledEventType } from './polling-log';
import { purgePollingEvents } from './purge-polling-events';

/*
 * The polling transport's cursor (docs/behaviour/france.md, "Polling"): every event the caller may
 * see comes once, in order, whatever the page size or how late the poller is.
 */
const t = useTestApp();
const { buildFrenchInbox, poll, togglePin, flushed } = franceTestHelpers(t);

/** Polls from `cursor` until the server says nothing more, `limit` at a time: every event seen. */
async function drain(headers: Record<string, string>, cursor: string, limit: number) {
  const seen: PolledEvent[] = [];
  for (let page = 0; page < 100; page++) {
    const answer = await poll(headers, `?cursor=${cursor}&limit=${limit}`);
    expect(answer.reset).toBe(false);
    expect(answer.events.length).toBeLessThanOrEqual(limit);
    seen.push(...answer.events);
    cursor = answer.cursor;
    if (!answer.more) return { seen, cursor };
  }
  throw new Error('the poll never ended');
}

/** The status of the conversation's latest message, as the inbox's API shows it. */
async function messageStatus(headers: Record<string, string>, conversationId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/messages`,
    headers,
  });
  return res.json<{ items: { status: string }[] }>().items.at(-1)?.status;
}

describe('GET /api/messaging/v1/polling', () => {
  it('starts at the present, then gives each change once, in order, typed create, update and remove', async () => {
    const { conversation, headers, adminHeaders } = await buildFrenchInbox();
    const start = await poll(headers);
    expect(start).toEqual({ cursor: '0', events: [], more: false, reset: false });

    await togglePin(headers, conversation.id, true);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers,
      payload: { body: 'Bonjour, votre rendez-vous est confirmé.' },
    });
    expect(sent.statusCode).toBe(201);
    // The sandbox reports the text delivered about 250 ms later: waited for, so that its update
    // comes before the removal whatever the machine's speed.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await messageStatus(headers, conversation.id)) !== 'delivered')
      await new Promise((resolve) => setTimeout(resolve, 50));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/messaging/v1/threads/${conversation.id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(204);

    const { seen, cursor } = await drain(headers, start.cursor, 200);
    const kinds = seen.map((e) => `${e.type} ${e.name}`);
    expect(kinds[0]).toBe('update conversation:updated');
    expect(kinds[1]).toBe('create message:created');
    expect(kinds.at(-1)).toBe('remove conversation:removed');
    // The sandbox carrier's statuses of the sent text may come between: updates of that message.
    expect(kinds.slice(2, -1).every((k) => k === 'update message:updated')).toBe(true);
    expect(seen.map((e) => Number(e.seq))).toEqual(seen.map((_, i) => i + 1));
    expect(cursor).toBe(String(seen.length));
    expect((await poll(headers, `?cursor=${cursor}`)).events).toEqual([]);
  });

  it('misses and repeats nothing across pages: a slow poller catches up page by page', async () => {
    const { conversation, headers } = await buildFrenchInbox();
    const { cursor: start } = await poll(headers);
    for (let i = 0; i < 23; i++) await togglePin(headers, conversation.id, i % 2 === 0);
    const whole = await drain(headers, start, 500);
    expect(whole.seen).toHaveLength(23);
    for (const limit of [1, 4, 10, 23]) {
      const paged = await drain(headers, start, limit);
      expect(
        paged.seen.map((e) => e.seq),
        `limit ${limit}`,
      ).toEqual(whole.seen.map((e) => e.seq));
      expect(paged.cursor).toBe(whole.cursor);
    }
    // Versions grow with the sequence: a client applying them in order never drops a newer one.
    const versions = whole.seen.map((e) =>
      e.name === 'conversation:updated' ? e.payload.conversation.version : 0,
    );
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('misses and repeats nothing while changes land during the polls', async () => {
    const { org, team, headers } = await buildFrenchInbox();
    const convs = await Promise.all(
      Array.from({ length: 5 }, () => buildConversation({ organizationId: org.id, teamId: team.id })),
    );
    let { cursor } = await poll(headers);
    const seen: string[] = [];
    const changes = Promise.all(
      convs.map(async (c) => {
        for (let i = 0; i < 6; i++) await togglePin(headers, c.id, i % 2 === 0);
      }),
    );
    let done = false;
    void changes.then(() => (done = true));
    while (!done) {
      // A client's next poll comes after a network round trip, a turn of the event loop: without
      // it the loop would run on promise callbacks alone and hold back the pins' timers.
      await setImmediate();
      const page = await poll(headers, `?cursor=${cursor}&limit=3`);
      seen.push(...page.events.map((e) => e.seq));
      cursor = page.cursor;
    }
    await changes;
    const rest = await drain(headers, cursor, 3);
    seen.push(...rest.seen.map((e) => e.seq));
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen.map(Number)).toEqual(seen.map((_, i) => i + 1));
  });

  it("shows only the caller's teams' events, never another organisation's", async () => {
    const mine = await buildFrenchInbox();
    const theirs = await buildFrenchInbox();
    const sibling = await buildConversation({ organizationId: mine.org.id });
    const outsider = await buildUser({ organizationId: mine.org.id, teamIds: [sibling.teamId] });
    const { cursor } = await poll(mine.headers);
    await togglePin(theirs.headers, theirs.conversation.id, true);
    await togglePin(await signedInAs(outsider), sibling.id, true);
    await togglePin(mine.headers, mine.conversation.id, true);
    const { seen } = await drain(mine.headers, cursor, 50);
    expect(seen.map((e) => e.name === 'conversation:updated' && e.payload.conversation.id)).toEqual([
      mine.conversation.id,
    ]);
    // The sibling team's event took a number of the organisation's sequence too: the cursor skips it.
    expect(seen[0]!.seq).toBe('2');
    const theirPoll = await poll(theirs.headers, '?cursor=0');
    expect(theirPoll.events.map((e) => e.seq)).toEqual(['1']);
  });

  it('keeps events for a day: an older cursor is told to reload (reset); an unknown one too', async () => {
    const { conversation, headers } = await buildFrenchInbox();
    await togglePin(headers, conversation.id, true);
    await togglePin(headers, conversation.id, false);
    await flushed();
    await t.deps.db
      .execute(sql`UPDATE polling_events SET created_at = now() - interval '25 hours' WHERE seq = 1
      AND organization_id = ${conversation.organizationId}`);
    expect(await purgePollingEvents(t.deps, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await poll(headers, '?cursor=0')).toEqual({ cursor: '2', events: [], more: false, reset: true });
    const fromOne = await poll(headers, '?cursor=1');
    expect(fromOne.reset).toBe(false);
    expect(fromOne.events.map((e) => e.seq)).toEqual(['2']);
    expect(await poll(headers, '?cursor=99')).toMatchObject({ cursor: '2', reset: true });
    expect(POLLING_RETENTION_MS).toBe(86_400_000);
  });

  it('refuses a cursor that is not a number (400)', async () => {
    const { headers } = await buildFrenchInbox();
    for (const cursor of ['abc', '-1', '1.5', '9'.repeat(20)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/messaging/v1/polling?cursor=${cursor}`,
        headers,
      });
      expect(res.statusCode, cursor).toBe(400);
    }
  });
});

it('types a message that failed to go out as an error, other message changes as updates', () => {
  const message = { status: 'failed' } as never;
  expect(polledEventType('message:updated', { message })).toBe('error');
  expect(polledEventType('message:updated', { message: { status: 'delivered' } as never })).toBe('update');
  expect(polledEventType('message:created', { message, conversation: {} as never })).toBe('create');
  expect(polledEventType('conversation:removed', { id: '', userGroupId: '', version: 1 })).toBe('remove');
});
