import { SCHEDULED_SEND_MAX_ATTEMPTS } from '@accueil/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import { sandboxMessages } from '../../db/schema/sandbox';
import { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { buildScheduledMessage, SCHEDULED_FORM, sendRow } from '../../test/scheduled-message-factories';
import { useTestApp } from '../../test/test-app';
import { runScheduledSends } from './run-scheduled-sends';

/**
 * The batched send path (`runScheduledSends`, what the `send-scheduled-message` workers run for
 * the jobs they fetch together): each send of a batch ends as `runScheduledSend` would end it,
 * each becomes at most one text, and a batch run again after a crash replays.
 */
const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

const landline = () => `+1514${Math.floor(200 + Math.random() * 799)}0000`;

describe('sending a batch of due sends together', () => {
  it('each send as the one-text path would: sent, opened from a contact, a landline failed, gone, settled, twice in the batch, two to one conversation', async () => {
    const inbox = await buildInbox();
    const convs = await Promise.all(
      [0, 1, 2].map(() => buildConversation({ organizationId: inbox.org.id, teamId: inbox.team.id })),
    );
    const fixed = await buildConversation({
      organizationId: inbox.org.id,
      teamId: inbox.team.id,
      address: landline(),
    });
    const plain = await Promise.all(
      convs.map((c, i) =>
        buildScheduledMessage(t, inbox.headers, { conversationId: c.id, message: `Rappel ${i}` }),
      ),
    );
    const fromContact = await buildScheduledMessage(t, inbox.headers, { toPhoneNumber: '514 555 0142' });
    const refused = await buildScheduledMessage(t, inbox.headers, { conversationId: fixed.id });
    const second = await buildScheduledMessage(t, inbox.headers, {
      conversationId: convs[0]!.id,
      title: 'Autre',
      message: 'Deuxième rappel',
    });
    const deleted = await buildScheduledMessage(t, inbox.headers, {
      conversationId: convs[1]!.id,
      title: 'Effacé',
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/scheduled-messages/${deleted.created.id}`,
      headers: inbox.headers,
    });
    const publish = vi.spyOn(t.deps.realtime, 'publish');

    const ids = [
      ...plain.map((p) => p.sendId),
      fromContact.sendId,
      refused.sendId,
      second.sendId,
      deleted.sendId,
      plain[0]!.sendId,
    ];
    const outcomes = await runScheduledSends(t.deps, inbox.org.id, ids);
    expect(outcomes).toEqual([
      { outcome: 'sent', attempts: 1 },
      { outcome: 'sent', attempts: 1 },
      { outcome: 'sent', attempts: 1 },
      { outcome: 'sent', attempts: 1 },
      { outcome: 'failed', attempts: 1 },
      { outcome: 'sent', attempts: 1 }, // the second text to convs[0]: the one-text path, after the first
      { outcome: 'gone', attempts: 0 },
      { outcome: 'sent', attempts: 1 }, // the same send twice in the batch runs once
    ]);

    for (const [i, c] of convs.entries()) {
      const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, c.id));
      expect(texts.map((m) => m.body).sort()).toEqual(
        i === 0 ? ['Deuxième rappel', 'Rappel 0'] : [`Rappel ${i}`],
      );
      // Handed to the carrier: `sent`, or already `delivered` when the sandbox's report (≈ 250 ms
      // later) came in before this read, as it does on a busy machine.
      expect(
        texts.every(
          (m) =>
            m.direction === 'outbound' &&
            ['sent', 'delivered'].includes(m.status) &&
            m.authorName === 'Marie Tremblay',
        ),
      ).toBe(true);
    }
    expect(
      new Set(
        (await t.deps.db.select().from(messages).where(eq(messages.conversationId, convs[0]!.id))).map(
          (m) => m.seq,
        ),
      ).size,
    ).toBe(2);
    // Each conversation points at its newest text, whose seq is the conversation's last (the
    // bulk path takes the seq and sets the last message in one statement).
    for (const c of convs.slice(1)) {
      const [row] = await t.deps.db.select().from(conversations).where(eq(conversations.id, c.id));
      const [text] = await t.deps.db.select().from(messages).where(eq(messages.conversationId, c.id));
      expect(row).toMatchObject({ lastMessageId: text!.id, lastSeq: text!.seq, status: 'active' });
    }
    const [opened] = await t.deps.db
      .select()
      .from(scheduledMessages)
      .where(eq(scheduledMessages.id, fromContact.created.id));
    expect(opened).toMatchObject({ state: 'sent', errorCode: null });
    expect(opened!.conversationId).toBeTruthy();
    const intoOpened = await t.deps.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, opened!.conversationId!));
    expect(intoOpened.map((m) => [m.to, m.body])).toEqual([['+15145550142', SCHEDULED_FORM.message]]);
    const [failed] = await t.deps.db
      .select()
      .from(scheduledMessages)
      .where(eq(scheduledMessages.id, refused.created.id));
    expect(failed).toMatchObject({ state: 'failed', errorCode: '30006' });
    expect(await sendRow(t.deps.db, plain[0]!.sendId)).toMatchObject({
      state: 'sent',
      attempts: 1,
      errorCode: null,
    });
    expect((await sendRow(t.deps.db, plain[0]!.sendId)).sentAt).toBeInstanceOf(Date);

    const settled = publish.mock.calls
      .filter((c) => c[1] === 'scheduled-message:settled')
      .map((c) => c[2] as { scheduledMessageId: string; state: string });
    expect(settled.map((e) => e.scheduledMessageId).sort()).toEqual(
      [
        ...plain.map((p) => p.created.id),
        fromContact.created.id,
        refused.created.id,
        second.created.id,
      ].sort(),
    );
    expect(settled.find((e) => e.scheduledMessageId === refused.created.id)).toMatchObject({
      state: 'failed',
      errorCode: '30006',
    });
    const created = publish.mock.calls.filter((c) => c[1] === 'message:created');
    expect(created).toHaveLength(6);

    // A second run of the whole batch sends nothing.
    expect(
      (await runScheduledSends(t.deps, inbox.org.id, ids)).every(
        (o) => !(o instanceof Error) && (o.outcome === 'done' || o.outcome === 'gone'),
      ),
    ).toBe(true);
    // From this team's number only: on a shared PostgreSQL, other tests text +15145550142 too.
    const onPhones = await t.deps.db
      .select()
      .from(sandboxMessages)
      .where(
        and(
          eq(sandboxMessages.from, inbox.team.phoneNumber!),
          inArray(sandboxMessages.to, [...convs.map((c) => c.address), '+15145550142']),
        ),
      );
    expect(onPhones).toHaveLength(5);
  });

  it('a batch resumed after its process died mid-send (sends `sending`, keys used) replays instead of sending again', async () => {
    const inbox = await buildInbox();
    const convs = await Promise.all(
      [0, 1, 2].map(() => buildConversation({ organizationId: inbox.org.id, teamId: inbox.team.id })),
    );
    const sends = await Promise.all(
      convs.map((c) => buildScheduledMessage(t, inbox.headers, { conversationId: c.id })),
    );
    const ids = sends.map((s) => s.sendId);
    await runScheduledSends(t.deps, inbox.org.id, ids.slice(0, 2));
    // As if the process died after the texts were stored and handed over, before they were settled.
    await t.deps.db
      .update(scheduledMessageSends)
      .set({ state: 'sending', messageId: null })
      .where(inArray(scheduledMessageSends.id, ids.slice(0, 2)));
    expect(await runScheduledSends(t.deps, inbox.org.id, ids)).toEqual([
      { outcome: 'sent', attempts: 1 },
      { outcome: 'sent', attempts: 1 },
      { outcome: 'sent', attempts: 1 },
    ]);
    for (const [i, c] of convs.entries()) {
      const texts = await t.deps.db.select().from(messages).where(eq(messages.conversationId, c.id));
      expect(texts).toHaveLength(1);
      expect(await sendRow(t.deps.db, ids[i]!)).toMatchObject({
        state: 'sent',
        attempts: 1,
        messageId: texts[0]!.id,
      });
    }
    const onPhones = await t.deps.db
      .select()
      .from(sandboxMessages)
      .where(
        inArray(
          sandboxMessages.to,
          convs.map((c) => c.address),
        ),
      );
    expect(onPhones).toHaveLength(3);
  });

  it('an unexpected error puts the batch back to scheduled for a retry, and fails it for good after the last attempt', async () => {
    const inbox = await buildInbox();
    const convs = await Promise.all(
      [0, 1].map(() => buildConversation({ organizationId: inbox.org.id, teamId: inbox.team.id })),
    );
    const sends = await Promise.all(
      convs.map((c) => buildScheduledMessage(t, inbox.headers, { conversationId: c.id })),
    );
    const ids = sends.map((s) => s.sendId);
    const broken = () => Promise.reject(new Error('connection terminated'));
    for (let attempt = 1; attempt < SCHEDULED_SEND_MAX_ATTEMPTS; attempt++) {
      const outcomes = await runScheduledSends(t.deps, inbox.org.id, ids, broken);
      expect(outcomes.every((o) => o instanceof Error && o.message === 'connection terminated')).toBe(true);
      for (const id of ids)
        expect(await sendRow(t.deps.db, id)).toMatchObject({
          state: 'scheduled',
          attempts: attempt,
          errorCode: 'internal',
        });
    }
    expect(await runScheduledSends(t.deps, inbox.org.id, ids, broken)).toEqual(
      ids.map(() => ({ outcome: 'failed', attempts: SCHEDULED_SEND_MAX_ATTEMPTS })),
    );
    for (const s of sends) {
      expect(await sendRow(t.deps.db, s.sendId)).toMatchObject({
        state: 'failed',
        attempts: SCHEDULED_SEND_MAX_ATTEMPTS,
        errorCode: 'internal',
      });
      const [row] = await t.deps.db
        .select()
        .from(scheduledMessages)
        .where(eq(scheduledMessages.id, s.created.id));
      expect(row).toMatchObject({ state: 'failed', errorCode: 'internal' });
    }
    expect(
      await t.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.organizationId, inbox.org.id), eq(messages.direction, 'outbound'))),
    ).toHaveLength(0);
  });

  it('a failure then a success: the retry sends once, with the next attempt’s key', async () => {
    const inbox = await buildInbox();
    const conv = await buildConversation({ organizationId: inbox.org.id, teamId: inbox.team.id });
    const { sendId } = await buildScheduledMessage(t, inbox.headers, { conversationId: conv.id });
    expect(
      (await runScheduledSends(t.deps, inbox.org.id, [sendId], () => Promise.reject(new Error('boom'))))[0],
    ).toBeInstanceOf(Error);
    expect(await runScheduledSends(t.deps, inbox.org.id, [sendId])).toEqual([
      { outcome: 'sent', attempts: 2 },
    ]);
    expect(await t.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id))).toHaveLength(
      1,
    );
  });
});
