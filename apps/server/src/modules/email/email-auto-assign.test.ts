import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/teams';
import {
  buildMailboxTeam,
  emailConversationOf,
  sandboxConversationFrom,
  sendReply,
} from '../../test/email-helpers';
import { databaseOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/**
 * Auto-assign on an e-mail reply (docs/behaviour/assignment.md, "Auto-assign"): with the sandbox
 * mailbox, a contact writes, a member of the team answers.
 */
const t = useTestApp();

describe('an e-mail reply and auto-assign', () => {
  it('a member’s reply assigns an unassigned conversation of a team that auto-assigns, as a text’s does', async () => {
    const world = await buildMailboxTeam();
    const reply = async (from: string) => {
      const conversation = await sandboxConversationFrom(t, world, from, {
        subject: 'Rendez-vous',
        text: 'Bonjour',
      });
      const res = await sendReply(t, world.member, {
        provider: 'sandbox',
        conversationId: conversation.id,
        fields: { inboxEmail: world.address, subject: '', body: 'Bien reçu.' },
      });
      expect(res.statusCode).toBe(200);
      return (await emailConversationOf(world.teamId, from))!.assigneeId;
    };
    // Off (a team's default): nobody is assigned.
    expect(await reply('lea@example.test')).toBeNull();
    await databaseOf({}).update(teams).set({ autoAssign: true }).where(eq(teams.id, world.teamId));
    expect(await reply('jean@example.test')).toBe(world.member.id);
  });
});
