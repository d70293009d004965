import { CALL_PHASE_NUMBERS, defaultOrganizationOptions, type Call } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SandboxCallAction } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { organizations } from '../../db/schema/organizations';
import { allWeekSchedule, buildInboundCall } from '../../test/call-factories';
import { buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
const actions = () => (t.deps.voice as unknown as { actions: SandboxCallAction[] }).actions;
type Who = { id: string; organizationId: string };
const decline = async (user: Who, call: Call) =>
  t.app.inject({
    method: 'POST',
    url: `/api/voice/v1/calls/${call.id}/reject`,
    headers: await signedInAs(user),
  });

/**
 * An organisation open all week, its queue off on arrival (`queueBy`: turned on before the
 * declines), a team with two online members, and an inbound call ringing both.
 */
async function ringingBoth(queueBy = false) {
  const options = defaultOrganizationOptions();
  const org = await buildOrganization({ name: 'Clinique Soleil', options, schedule: allWeekSchedule() });
  const team = await buildTeam({ organizationId: org.id });
  const members = [
    await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' }),
    await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' }),
  ];
  const call = (await buildInboundCall(t.deps, { to: team.phoneNumber! }))!.call;
  expect(call).toMatchObject({ route: 'ring', phase: CALL_PHASE_NUMBERS.ringing });
  if (queueBy)
    await t.deps.db
      .update(organizations)
      .set({ options: { ...options, voiceQueue: { ...options.voiceQueue, enabled: true } } })
      .where(eq(organizations.id, org.id));
  return { org, team, members, call };
}

describe('declining a call ringing the team through the API (POST …/reject)', () => {
  it('rings on for the others; the last decline moves it to the voicemail of the period (queue off), once', async () => {
    const { org, members, call } = await ringingBoth();
    const first = await decline(members[0]!, call);
    expect(first.statusCode).toBe(200);
    expect(first.json<Call>()).toMatchObject({
      phase: CALL_PHASE_NUMBERS.ringing,
      route: 'ring',
      version: call.version,
    });
    // Declining twice counts once: the other still rings.
    expect((await decline(members[0]!, call)).json<Call>()).toMatchObject({
      route: 'ring',
      version: call.version,
    });
    const before = actions().length;

    const last = await decline(members[1]!, call);
    expect(last.statusCode).toBe(200);
    expect(last.json<Call>()).toMatchObject({
      phase: CALL_PHASE_NUMBERS.ringing,
      route: 'voicemail',
      version: call.version + 1,
    });
    expect(actions().slice(before)).toEqual([
      {
        callSid: call.callSid,
        instruction: {
          kind: 'voicemail',
          organizationId: org.id,
          greeting: {
            text: 'Bonjour, vous avez joint Clinique Soleil. Nous ne pouvons pas vous répondre pour le moment. Laissez-nous un message après le bip.',
            language: 'fr-CA',
            voicemail: true,
          },
        },
      },
    ]);
    // It moved on: another decline (or the ring timeout) moves nothing again.
    expect((await decline(members[1]!, call)).json<Call>()).toMatchObject({
      route: 'voicemail',
      version: call.version + 1,
    });
    expect(actions()).toHaveLength(before + 1);
  });

  it('the last decline sends it to the queue when the queue is on by then', async () => {
    const { team, members, call } = await ringingBoth(true);
    await decline(members[1]!, call);
    const last = (await decline(members[0]!, call)).json<Call>();
    expect(last).toMatchObject({
      phase: CALL_PHASE_NUMBERS.queued,
      route: 'queue',
      queue: { status: 'queued', parkNo: null },
    });
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: { kind: 'queue', queue: `team:${team.id}` },
    });
    // Queued now: declining it is refused (409), as for any call no longer ringing.
    expect((await decline(members[1]!, call)).statusCode).toBe(409);
  });

  it("a member it did not ring (away on arrival) cannot move it on; another team's member is refused", async () => {
    const { org, team, members, call } = await ringingBoth(true);
    const away = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'away' });
    await decline(members[0]!, call);
    expect((await decline(away, call)).json<Call>()).toMatchObject({
      phase: CALL_PHASE_NUMBERS.ringing,
      route: 'ring',
    });
    const stranger = await buildUser({
      organizationId: org.id,
      teamIds: [(await buildTeam({ organizationId: org.id })).id],
      status: 'online',
    });
    expect((await decline(stranger, call)).statusCode).toBe(403);
    expect((await decline(await buildUser(), call)).statusCode).toBe(404);
  });
});
