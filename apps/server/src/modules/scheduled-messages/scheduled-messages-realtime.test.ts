import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduledMessages } from '../../db/schema/scheduled-messages';
import { buildInboxWithConversation } from '../../test/conversation-factories';
import { buildScheduledMessage, sendsOf } from '../../test/scheduled-message-factories';
import { useTestApp } from '../../test/test-app';
import { runScheduledSend } from './run-scheduled-send';

const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

/** Schedules a message into a new conversation with `phone` (a mobile unless it ends in 0000), runs its send, and returns the team's events. */
async function sendAndListen(phone?: string, options: { author?: string | null } = {}) {
  const { headers, org, team, conversation } = await buildInboxWithConversation(phone);
  const { created, sendId } = await buildScheduledMessage(t, headers, { conversationId: conversation.id });
  if (options.author !== undefined)
    await t.deps.db
      .update(scheduledMessages)
      .set({ createdByUserId: options.author })
      .where(eq(scheduledMessages.id, created.id));
  const publish = vi.spyOn(t.deps.realtime, 'publish');
  await runScheduledSend(t.deps, { organizationId: org.id, sendId });
  const settled = publish.mock.calls.filter((c) => c[1] === 'scheduled-message:settled');
  return { created, team, conversation, settled };
}

describe('realtime: a settled send tells its team', () => {
  it('sent: one scheduled-message:settled to the team’s room', async () => {
    const { created, team, conversation, settled } = await sendAndListen();
    expect(settled).toEqual([
      [
        `team:${team.id}`,
        'scheduled-message:settled',
        {
          scheduledMessageId: created.id,
          teamId: team.id,
          conversationId: conversation.id,
          kind: 'message',
          state: 'sent',
          errorCode: null,
        },
      ],
    ]);
  });

  it("failed: the carrier's code goes with it", async () => {
    const landline = `+1514${Math.floor(200 + Math.random() * 799)}0000`;
    const { created, settled } = await sendAndListen(landline);
    expect(settled).toHaveLength(1);
    expect(settled[0]![2]).toMatchObject({
      scheduledMessageId: created.id,
      state: 'failed',
      errorCode: '30006',
    });
  });

  it.each([
    ['unset', null],
    ['no longer a user', crypto.randomUUID()],
  ])('an author gone (%s): failed as not-found, not retried, and the team is told', async (_, author) => {
    const { created, settled } = await sendAndListen(undefined, { author });
    expect(settled).toHaveLength(1);
    expect(settled[0]![2]).toMatchObject({
      scheduledMessageId: created.id,
      state: 'failed',
      errorCode: 'not-found',
    });
    const [send] = await sendsOf(t.deps.db, created.id);
    expect(send).toMatchObject({ state: 'failed', attempts: 1, errorCode: 'not-found' });
  });
});
