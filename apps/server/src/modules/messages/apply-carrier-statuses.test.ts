import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../db/schema/messages';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';
import { applyCarrierStatuses } from './apply-carrier-statuses';

/**
 * Delivery reports in batches (`applyCarrierStatuses`, the sandbox's): each under
 * `applyCarrierStatus`'s rules, on a real database.
 */
const t = useTestApp();

async function conversation() {
  const { org, team } = await buildInbox();
  const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
  let seq = 0;
  const outbound = async (over: Partial<typeof messages.$inferInsert> = {}) => {
    seq += 1;
    const [row] = await t.deps.db
      .insert(messages)
      .values({
        organizationId: org.id,
        conversationId: conv.id,
        seq,
        author: 'marie',
        from: team.phoneNumber!,
        to: conv.address,
        body: 'Bonjour',
        carrier: 'sandbox',
        status: 'sending',
        direction: 'outbound',
        ...over,
      })
      .returning();
    return row!;
  };
  const read = async (id: string) => (await t.deps.db.select().from(messages).where(eq(messages.id, id)))[0]!;
  return { team, outbound, read };
}

describe('applyCarrierStatuses', () => {
  it('applies each report of the batch forward only, announces each message changed once, and ignores unknown ids', async () => {
    const { team, outbound, read } = await conversation();
    const sid = () => `SB${randomUUID()}`;
    const sent = await outbound({ status: 'sent', carrierMessageId: sid() });
    const delivered = await outbound({ status: 'delivered', carrierMessageId: sid() });
    const failing = await outbound({ status: 'sent', carrierMessageId: sid() });
    const twice = await outbound({ status: 'sending', carrierMessageId: sid() });
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    try {
      await applyCarrierStatuses(t.deps, [
        { carrier: 'sandbox', carrierMessageId: sent.carrierMessageId!, status: 'delivered' },
        // Not newer: nothing written.
        { carrier: 'sandbox', carrierMessageId: delivered.carrierMessageId!, status: 'sent' },
        {
          carrier: 'sandbox',
          carrierMessageId: failing.carrierMessageId!,
          status: 'failed',
          errorCode: '30005',
        },
        { carrier: 'sandbox', carrierMessageId: twice.carrierMessageId!, status: 'sent' },
        { carrier: 'sandbox', carrierMessageId: twice.carrierMessageId!, status: 'delivered' },
        { carrier: 'sandbox', carrierMessageId: 'SB-unknown', status: 'delivered' },
      ]);
      expect(await read(sent.id)).toMatchObject({ status: 'delivered', version: sent.version + 1 });
      expect(await read(delivered.id)).toMatchObject({ status: 'delivered', version: delivered.version });
      expect(await read(failing.id)).toMatchObject({
        status: 'failed',
        errorCode: '30005',
        version: failing.version + 1,
      });
      // Two reports of one message, in their order: two changes.
      expect(await read(twice.id)).toMatchObject({ status: 'delivered', version: twice.version + 2 });
      const announced = publish.mock.calls
        .filter(([room, event]) => room === `team:${team.id}` && event === 'message:updated')
        .map(
          ([, , payload]) =>
            (payload as { message: { id: string; status: string; version: number } }).message,
        );
      expect(announced.map((m) => [m.id, m.status, m.version]).sort()).toEqual(
        [
          [sent.id, 'delivered', sent.version + 1],
          [failing.id, 'failed', failing.version + 1],
          [twice.id, 'delivered', twice.version + 2],
        ].sort(),
      );
    } finally {
      publish.mockRestore();
    }
  });

  it('finds by our id a report its carrier id does not match (a send whose answer was lost)', async () => {
    const { outbound, read } = await conversation();
    const lost = await outbound({ status: 'unknown' });
    const sid = `SB${randomUUID()}`;
    await applyCarrierStatuses(t.deps, [
      { carrier: 'sandbox', carrierMessageId: sid, status: 'delivered', messageId: lost.id },
    ]);
    expect(await read(lost.id)).toMatchObject({ status: 'delivered', carrierMessageId: sid });
  });
});
