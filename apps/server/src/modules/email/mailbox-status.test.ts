import type { ConversationEmails, MailboxStatus, SandboxMail } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users';
import { buildMailboxTeam, sandboxConversationFrom, sendReply } from '../../test/email-helpers';
import { buildAdmin, buildTeam, buildUser, databaseOf } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/**
 * What every member knows of their team's mailbox (the e-mail-disconnected dialog): its status
 * for the team's members and administrators, `mailbox:updated` when it changes, and the signature
 * the composer shows, the very one a reply ends with.
 */
const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

const status = async (teamId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/teams/${teamId}/mailbox/status`, headers });

describe('a team’s mailbox status', () => {
  it('is read by the team’s members; announced to the team when connected and disconnected', async () => {
    const world = await buildMailboxTeam();
    const member = await signedInAs(world.member);
    const before = await status(world.teamId, member);
    expect(before.statusCode).toBe(200);
    expect(before.json<MailboxStatus>()).toEqual({
      teamId: world.teamId,
      connected: false,
      address: null,
      provider: null,
      valid: true,
      version: new Date(0).toISOString(),
    });

    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const events = () =>
      publish.mock.calls
        .filter(([room, event]) => room === `team:${world.teamId}` && event === 'mailbox:updated')
        .map(([, , payload]) => payload as MailboxStatus);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
      payload: {},
    });
    expect(put.statusCode).toBe(200);
    const connected = (await status(world.teamId, member)).json<MailboxStatus>();
    expect(connected).toMatchObject({
      connected: true,
      address: world.address,
      provider: 'sandbox',
      valid: true,
    });
    expect(events()).toEqual([connected]);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    const gone = events().at(-1)!;
    expect(gone).toMatchObject({ connected: false, provider: null });
    // Newer than the connection: a client that had it takes the disconnection.
    expect(gone.version > connected.version).toBe(true);
  });

  it('is 404 to a user of another team or of another organisation', async () => {
    const world = await buildMailboxTeam();
    const otherTeam = await buildTeam({ organizationId: world.admin.organizationId });
    const colleague = await buildUser({
      organizationId: world.admin.organizationId,
      teamIds: [otherTeam.id],
    });
    expect((await status(world.teamId, await signedInAs(colleague))).statusCode).toBe(404);
    expect((await status(world.teamId, await signedInAs(await buildAdmin()))).statusCode).toBe(404);
    // The organisation's administrators read every team's.
    expect((await status(otherTeam.id, world.headers)).statusCode).toBe(200);
  });
});

describe('the signature the composer shows', () => {
  it('is the one the reply ends with, by the user’s mode', async () => {
    const world = await buildMailboxTeam();
    const conversation = await sandboxConversationFrom(t, world, 'rose@example.test', {
      subject: 'Question',
      text: 'Bonjour ?',
    });
    const shown = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/conversations/${conversation.id}/emails`,
          headers: world.headers,
        })
      ).json<ConversationEmails>().signature;
    expect(await shown()).toBe('');

    await databaseOf({})
      .update(users)
      .set({ signatureMode: 'personalized-signature', signature: 'Dr Marie Curie\nClinique du Parc' })
      .where(eq(users.id, world.admin.id));
    expect(await shown()).toBe('Dr Marie Curie\nClinique du Parc');
    const res = await sendReply(t, world.admin, {
      provider: 'sandbox',
      conversationId: conversation.id,
      fields: { inboxEmail: world.address, subject: '', body: 'Oui.' },
      files: [],
    });
    expect(res.statusCode).toBe(200);
    const [received] = (
      await t.app.inject({ method: 'GET', url: '/api/sandbox/mail?to=rose%40example.test' })
    ).json<{ items: SandboxMail[] }>().items;
    expect(received!.text).toBe(`Oui.\n\n-- \n${await shown()}`);
  });
});
