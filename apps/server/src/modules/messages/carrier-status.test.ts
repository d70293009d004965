import type { MessageStatus } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../db/schema/messages';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';
import { applyCarrierStatus } from './apply-carrier-status';
import type { MessageRow } from './messages.presenter';
import { carrierStatusFields, laterStatus, writeCarrierStatus } from './write-carrier-status';

/**
 * A message's carrier status never goes backwards and each stored change raises its version
 * (docs/behaviour/messages.md): the rules of `carrierStatusFields`, the writer, and the
 * delivery reports that reach it (`applyCarrierStatus`), on a real database.
 */
const t = useTestApp();

/** A team's conversation and `outbound` (writes a text of it straight to the table). */
async function conversation() {
  const { org, team } = await buildInbox();
  const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
  let seq = 0;
  const outbound = async (over: Partial<typeof messages.$inferInsert> = {}): Promise<MessageRow> => {
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
  return { team, conv, outbound, read };
}

/** A message row as `carrierStatusFields` reads it: only status, carrier id and error code matter. */
function row(
  status: MessageStatus,
  carrierMessageId: string | null,
  errorCode: string | null = null,
): MessageRow {
  return { status, carrierMessageId, errorCode } as MessageRow;
}

describe('laterStatus', () => {
  it('keeps the higher-ranked status, and the current one between two final statuses', () => {
    expect(laterStatus('delivered', 'sent')).toBe('delivered');
    expect(laterStatus('unknown', 'sent')).toBe('sent');
    expect(laterStatus('sending', 'unknown')).toBe('unknown');
    // `failed` and `delivered` are both final: the first one stays.
    expect(laterStatus('delivered', 'failed')).toBe('delivered');
    expect(laterStatus('failed', 'delivered')).toBe('failed');
  });
});

describe('carrierStatusFields', () => {
  it('ignores a delivery report that neither moves the status forward nor brings the carrier id', () => {
    expect(
      carrierStatusFields(
        row('delivered', 'SM1'),
        { status: 'sent', carrierMessageId: 'SM1' },
        'status-report',
      ),
    ).toBeNull();
    expect(
      carrierStatusFields(row('sent', 'SM1'), { status: 'sent', carrierMessageId: 'SM1' }, 'status-report'),
    ).toBeNull();
  });

  it('writes a report of the same status that teaches the message its carrier id', () => {
    expect(
      carrierStatusFields(
        row('unknown', null),
        { status: 'unknown', carrierMessageId: 'SM2' },
        'status-report',
      ),
    ).toEqual({ status: 'unknown', carrierMessageId: 'SM2', errorCode: null });
  });

  it("always writes the carrier's answer, even one that changes nothing", () => {
    expect(
      carrierStatusFields(row('delivered', 'SM3'), { status: 'sent', carrierMessageId: 'SM3' }, 'answer'),
    ).toEqual({ status: 'delivered', carrierMessageId: 'SM3', errorCode: null });
  });

  it('keeps the carrier id once known', () => {
    expect(
      carrierStatusFields(
        row('sent', 'SM4'),
        { status: 'delivered', carrierMessageId: 'SM-other' },
        'status-report',
      ),
    ).toMatchObject({ carrierMessageId: 'SM4' });
    expect(
      carrierStatusFields(row('sending', null), { status: 'sent', carrierMessageId: 'SM5' }, 'answer'),
    ).toMatchObject({ status: 'sent', carrierMessageId: 'SM5' });
  });

  it('sets the error code when the message fails, keeps the first one on a later report, and lets an answer replace it', () => {
    expect(
      carrierStatusFields(
        row('sent', 'SM6'),
        { status: 'failed', carrierMessageId: 'SM6', errorCode: '30003' },
        'status-report',
      ),
    ).toMatchObject({ status: 'failed', errorCode: '30003' });
    // Already failed, reported failed again (before its carrier id was known, so it is written).
    expect(
      carrierStatusFields(
        row('failed', null, '30003'),
        { status: 'failed', carrierMessageId: 'SM7', errorCode: '30005' },
        'status-report',
      ),
    ).toMatchObject({ errorCode: '30003' });
    expect(
      carrierStatusFields(
        row('failed', 'SM8', '30003'),
        { status: 'failed', carrierMessageId: 'SM8', errorCode: '30005' },
        'answer',
      ),
    ).toMatchObject({ errorCode: '30005' });
    // A failure without a code keeps the one the message has.
    expect(
      carrierStatusFields(
        row('failed', 'SM9', '30003'),
        { status: 'failed', carrierMessageId: 'SM9' },
        'answer',
      ),
    ).toMatchObject({ errorCode: '30003' });
  });

  it('sets no error code on a status other than failed', () => {
    expect(
      carrierStatusFields(
        row('sent', 'SM10'),
        { status: 'delivered', carrierMessageId: 'SM10', errorCode: '30003' },
        'status-report',
      ),
    ).toMatchObject({ status: 'delivered', errorCode: null });
    // A late failure after delivery moves nothing: the code is not stored either.
    expect(
      carrierStatusFields(
        row('delivered', null),
        { status: 'failed', carrierMessageId: 'SM11', errorCode: '30003' },
        'status-report',
      ),
    ).toMatchObject({ status: 'delivered', errorCode: null });
  });
});

describe('writeCarrierStatus', () => {
  it('writes the change on this message only, one version up, with a new updatedAt', async () => {
    const { outbound, read } = await conversation();
    const other = await outbound({ updatedAt: new Date('2025-01-01T00:00:00Z') });
    const current = await outbound({ updatedAt: new Date('2025-01-01T00:00:00Z') });
    const written = await t.deps.db.transaction((tx) =>
      writeCarrierStatus(tx, current, { status: 'sent', carrierMessageId: `SM${randomUUID()}` }, 'answer'),
    );
    expect(written).toMatchObject({ id: current.id, status: 'sent', version: current.version + 1 });
    expect(written!.updatedAt.getTime()).toBeGreaterThan(current.updatedAt.getTime());
    expect(await read(current.id)).toMatchObject({ status: 'sent', version: current.version + 1 });
    expect(await read(other.id)).toMatchObject({
      status: 'sending',
      version: other.version,
      updatedAt: other.updatedAt,
    });
  });

  it('writes nothing and answers null when the report changes nothing', async () => {
    const { outbound, read } = await conversation();
    const current = await outbound({ status: 'delivered', carrierMessageId: `SM${randomUUID()}` });
    const written = await t.deps.db.transaction((tx) =>
      writeCarrierStatus(
        tx,
        current,
        { status: 'sent', carrierMessageId: current.carrierMessageId! },
        'status-report',
      ),
    );
    expect(written).toBeNull();
    expect(await read(current.id)).toMatchObject({ status: 'delivered', version: current.version });
  });
});

describe('applyCarrierStatus', () => {
  /** Applies `update` and answers the team's `message:updated` announcements it made. */
  async function applyWatched(teamId: string, update: Parameters<typeof applyCarrierStatus>[1]) {
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    try {
      await applyCarrierStatus(t.deps, update);
      return publish.mock.calls
        .filter(([room, event]) => room === `team:${teamId}` && event === 'message:updated')
        .map(([, , payload]) => payload);
    } finally {
      publish.mockRestore();
    }
  }

  it('finds a send whose answer never came by our id, stores its carrier id and status, and announces it', async () => {
    const { team, outbound, read } = await conversation();
    const lost = await outbound({ status: 'unknown' });
    const sid = `SM${randomUUID()}`;
    // The carrier may echo our id in any letter case.
    const announced = await applyWatched(team.id, {
      carrier: 'sandbox',
      carrierMessageId: sid,
      status: 'delivered',
      messageId: lost.id.toUpperCase(),
    });
    expect(await read(lost.id)).toMatchObject({
      status: 'delivered',
      carrierMessageId: sid,
      version: lost.version + 1,
    });
    expect(announced).toEqual([
      {
        message: expect.objectContaining({
          id: lost.id,
          status: 'delivered',
          messageSid: sid,
          version: lost.version + 1,
        }),
      },
    ]);
  });

  it('prefers the message with the reported carrier id over the one our id names', async () => {
    const { team, outbound, read } = await conversation();
    const sid = `SM${randomUUID()}`;
    const known = await outbound({ status: 'sent', carrierMessageId: sid });
    const lost = await outbound({ status: 'unknown' });
    await applyWatched(team.id, {
      carrier: 'sandbox',
      carrierMessageId: sid,
      status: 'delivered',
      messageId: lost.id,
    });
    expect(await read(known.id)).toMatchObject({ status: 'delivered' });
    expect(await read(lost.id)).toMatchObject({
      status: 'unknown',
      carrierMessageId: null,
      version: lost.version,
    });
  });

  it('does not match our id to a message that has its carrier id, of another carrier, or inbound', async () => {
    const { team, outbound, read } = await conversation();
    const targets = [
      await outbound({ status: 'sent', carrierMessageId: `SM${randomUUID()}` }),
      await outbound({ status: 'unknown', carrier: 'twilio' }),
      await outbound({ status: 'received', direction: 'inbound' }),
    ];
    for (const target of targets) {
      const announced = await applyWatched(team.id, {
        carrier: 'sandbox',
        carrierMessageId: `SM${randomUUID()}`,
        status: 'delivered',
        messageId: target.id,
      });
      expect(announced).toEqual([]);
      expect(await read(target.id)).toMatchObject({
        status: target.status,
        carrierMessageId: target.carrierMessageId,
        version: target.version,
      });
    }
  });

  it('ignores an id that is not a UUID (a forged or garbled callback), even one around a real id', async () => {
    const { team, outbound, read } = await conversation();
    const lost = await outbound({ status: 'unknown' });
    for (const messageId of ['not-a-uuid', `x${lost.id}`, `${lost.id}x`]) {
      expect(
        await applyWatched(team.id, {
          carrier: 'sandbox',
          carrierMessageId: `SM${randomUUID()}`,
          status: 'delivered',
          messageId,
        }),
      ).toEqual([]);
    }
    expect(await read(lost.id)).toMatchObject({
      status: 'unknown',
      carrierMessageId: null,
      version: lost.version,
    });
  });

  it('ignores an unknown carrier id, and a report that is not newer, announcing nothing', async () => {
    const { team, outbound, read } = await conversation();
    const sid = `SM${randomUUID()}`;
    const sent = await outbound({ status: 'sent', carrierMessageId: sid });
    expect(
      await applyWatched(team.id, {
        carrier: 'sandbox',
        carrierMessageId: `SM${randomUUID()}`,
        status: 'delivered',
      }),
    ).toEqual([]);
    expect(
      await applyWatched(team.id, { carrier: 'sandbox', carrierMessageId: sid, status: 'sent' }),
    ).toEqual([]);
    // The same carrier id from another carrier is another text.
    expect(
      await applyWatched(team.id, { carrier: 'twilio', carrierMessageId: sid, status: 'delivered' }),
    ).toEqual([]);
    expect(await read(sent.id)).toMatchObject({ status: 'sent', version: sent.version });
  });
});
