import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildCallOrganization, buildInboundCall, OPEN_TUESDAY_10H } from '../../test/call-factories';
import { buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { answerCall } from './answer-call';
import { endCall } from './end-call';

const t = useTestApp();

async function team(queue = false) {
  const org = await buildCallOrganization({ queue });
  const inbox = await buildTeam({ organizationId: org.id });
  const ring = async () =>
    (await buildInboundCall(t.deps, { from: '+15145550199', to: inbox.phoneNumber!, at: OPEN_TUESDAY_10H }))!;
  return { org, inbox, ring };
}

describe('inbound calls ring the available members only', () => {
  it('rings the online members, not those away, busy, offline, disabled or not taking incoming calls', async () => {
    const { org, inbox, ring } = await team();
    const member = (status: 'online' | 'away' | 'busy' | 'offline') =>
      buildUser({ organizationId: org.id, teamIds: [inbox.id], status });
    const [online, away, busy, offline, disabled, declines] = await Promise.all([
      member('online'),
      member('away'),
      member('busy'),
      member('offline'),
      member('online'),
      member('online'),
    ]);
    await t.deps.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    await t.deps.db
      .update(users)
      .set({ settings: { phoneNumber: null, allowIncomingCalls: false } })
      .where(eq(users.id, declines.id));

    const decision = await ring();
    expect(decision).toMatchObject({ route: 'ring', ringUserIds: [online.id] });
    for (const other of [away, busy, offline, disabled, declines])
      expect(decision.ringUserIds).not.toContain(other.id);
  });

  it('leaves out a member already on a call until it ends; nobody available goes to voicemail, or the queue when it is on', async () => {
    const { org, inbox, ring } = await team();
    const member = await buildUser({ organizationId: org.id, teamIds: [inbox.id], status: 'online' });
    const first = await ring();
    expect(first.ringUserIds).toEqual([member.id]);
    await answerCall(t.deps, {
      organizationId: org.id,
      callId: first.call.id,
      userId: member.id,
      at: OPEN_TUESDAY_10H,
    });

    expect(await ring()).toMatchObject({ route: 'voicemail', ringUserIds: [] });
    await endCall(t.deps, {
      organizationId: org.id,
      callId: first.call.id,
      outcome: 'completed',
      at: OPEN_TUESDAY_10H,
    });
    expect(await ring()).toMatchObject({ route: 'ring', ringUserIds: [member.id] });

    const queued = await team(true);
    await buildUser({ organizationId: queued.org.id, teamIds: [queued.inbox.id], status: 'away' });
    expect(await queued.ring()).toMatchObject({ route: 'queue', ringUserIds: [] });
  });

  it('follows the presence the member chose: away is not rung, back online is', async () => {
    const { org, inbox, ring } = await team();
    const member = await buildUser({ organizationId: org.id, teamIds: [inbox.id], status: 'online' });
    const put = async (status: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/status',
        headers: await signedInAs(member),
        payload: { status },
      });
    expect((await put('away')).statusCode).toBe(200);
    expect(await ring()).toMatchObject({ route: 'voicemail', ringUserIds: [] });
    expect((await put('online')).statusCode).toBe(200);
    expect(await ring()).toMatchObject({ route: 'ring', ringUserIds: [member.id] });
  });
});
