import type { PollingPage } from '@accueil/domain';
import { buildConversation } from './conversation-factories';
import { buildOrganization, buildTeam, buildUser } from './factories';
import { signedInAs } from './signed-in';
import type { TestApp } from './test-app';
import type { PollingLogPublisher } from '../modules/messaging-v1';

/**
 * The messaging-v1 module's test helpers (docs/behaviour/france.md), bound to the test file's
 * app: a French organisation's inbox, and polls.
 */
export function franceTestHelpers(t: TestApp) {
  /** An organisation in France (country FR) with a team, a conversation, a member and an administrator. */
  async function buildFrenchInbox(country = 'FR') {
    const org = await buildOrganization({ country, locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const team = await buildTeam({ organizationId: org.id });
    const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const admin = await buildUser({ organizationId: org.id, teamIds: [team.id], role: 'admin' });
    const conversation = await buildConversation({ organizationId: org.id, teamId: team.id });
    return {
      org,
      team,
      user,
      admin,
      conversation,
      headers: await signedInAs(user),
      adminHeaders: await signedInAs(admin),
    };
  }

  /** Every polled event written so far is in the table (the log writes after the publish). */
  const flushed = () => (t.deps.realtime as PollingLogPublisher).flushed();

  /** One poll (after the log is flushed); fails the test on anything but 200. */
  async function poll(headers: Record<string, string>, query = ''): Promise<PollingPage> {
    await flushed();
    const res = await t.app.inject({ method: 'GET', url: `/api/messaging/v1/polling${query}`, headers });
    if (res.statusCode !== 200) throw new Error(`poll ${query}: ${res.statusCode} ${res.body}`);
    return res.json<PollingPage>();
  }

  /** Pins or unpins a thread: one `conversation:updated` each time. */
  async function togglePin(headers: Record<string, string>, id: string, pinned: boolean) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/messaging/v1/threads/${id}`,
      headers,
      payload: { attributes: { pinned } },
    });
    if (res.statusCode !== 200) throw new Error(`pin: ${res.statusCode} ${res.body}`);
  }

  return { buildFrenchInbox, flushed, poll, togglePin };
}
