import { CALL_PHASE_NUMBERS, type Call, type TeamQueue } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxCallAction } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { buildCallOrganization, buildInboundCall, OPEN_TUESDAY_10H } from '../../test/call-factories';
import { buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
afterEach(() => {
  vi.restoreAllMocks();
});

/** The `call:updated` events published from now on, as [room, call version, the call's team]. */
function recordCallEvents() {
  const events: [string, number, string][] = [];
  const publish = t.deps.realtime.publish.bind(t.deps.realtime);
  vi.spyOn(t.deps.realtime, 'publish').mockImplementation((room, event, payload) => {
    if (event === 'call:updated') {
      const { call } = payload as { call: Call };
      events.push([room, call.version, call.userGroupId]);
    }
    publish(room, event, payload);
  });
  return events;
}
const actions = () => (t.deps.voice as unknown as { actions: SandboxCallAction[] }).actions;

type Who = { id: string; organizationId: string };
const post = async (user: Who, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });
const get = async (user: Who, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await signedInAs(user) });

/** An organisation with two teams (a member each, a second member in the first), and a helper that rings the first team. */
async function setup(queue = false) {
  const org = await buildCallOrganization({ queue });
  const team = await buildTeam({ organizationId: org.id });
  const other = await buildTeam({ organizationId: org.id });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
  const colleague = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
  const otherMember = await buildUser({ organizationId: org.id, teamIds: [other.id], status: 'online' });
  const ring = async () =>
    (await buildInboundCall(t.deps, { to: team.phoneNumber!, at: OPEN_TUESDAY_10H }))!.call;
  const answered = async () => {
    const call = await ring();
    expect((await post(member, `/api/voice/v1/calls/${call.id}/answer`)).statusCode).toBe(200);
    return call;
  };
  return { org, team, other, member, colleague, otherMember, ring, answered };
}

describe('hold and resume', () => {
  it('holds an answered call (the carrier puts the caller on hold) and resumes it to the member who resumes', async () => {
    const { member, answered, team } = await setup();
    const call = await answered();
    const events = recordCallEvents();
    const held = await post(member, `/api/voice/v1/calls/${call.id}/hold`);
    expect(held.statusCode).toBe(200);
    expect(held.json<Call>()).toMatchObject({ phase: CALL_PHASE_NUMBERS.hold, onHold: true });
    expect(actions()).toContainEqual({ callSid: call.callSid, instruction: { kind: 'hold' } });
    const again = await post(member, `/api/voice/v1/calls/${call.id}/hold`);
    expect(again.json<Call>().version).toBe(held.json<Call>().version);
    // One event for the hold, none for the repeated one.
    expect(events).toEqual([[`team:${team.id}`, held.json<Call>().version, team.id]]);
    const resumed = await post(member, `/api/voice/v1/calls/${call.id}/resume`);
    expect(resumed.json<Call>()).toMatchObject({
      phase: CALL_PHASE_NUMBERS['in-progress'],
      onHold: false,
      answeredBy: member.id,
    });
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: { kind: 'ring', identities: [member.id] },
    });
  });

  it('refuses with 409 to hold a call not answered (ringing, during a transfer) and to resume a call not held', async () => {
    const { member, ring, answered, other, otherMember } = await setup();
    const ringing = await ring();
    const refused = await post(member, `/api/voice/v1/calls/${ringing.id}/hold`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'call-state-conflict' });
    expect((await post(member, `/api/voice/v1/calls/${ringing.id}/resume`)).statusCode).toBe(409);
    const call = await answered();
    expect(
      (await post(member, `/api/voice/v1/calls/${call.id}/transfer`, { toUserGroup: other.id })).statusCode,
    ).toBe(200);
    // The transfer rings the other team: the call is no longer this member's team's (403), and cannot be held until answered there.
    expect((await post(member, `/api/voice/v1/calls/${call.id}/hold`)).statusCode).toBe(403);
    expect((await post(otherMember, `/api/voice/v1/calls/${call.id}/hold`)).json()).toMatchObject({
      code: 'call-state-conflict',
    });
  });
});

describe('transfer', () => {
  it("to another team rings its members (the call becomes that team's, transferred from the first); to a user rings that user", async () => {
    const { member, other, otherMember, answered, colleague, team } = await setup();
    const call = await answered();
    const events = recordCallEvents();
    const moved = (
      await post(member, `/api/voice/v1/calls/${call.id}/transfer`, { toUserGroup: other.id })
    ).json<Call>();
    expect(moved).toMatchObject({
      userGroupId: other.id,
      fromGroupId: call.userGroupId,
      transferred: true,
      phase: CALL_PHASE_NUMBERS.ringing,
      missed: false,
    });
    // Both teams hear of it, once each, with the new version; the team it left learns where it went (its queue drops it).
    expect(events).toEqual([
      [`team:${other.id}`, moved.version, other.id],
      [`team:${team.id}`, moved.version, other.id],
    ]);
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: { kind: 'ring', identities: [otherMember.id] },
    });
    expect((await get(otherMember, `/api/voice/v1/calls/${call.id}`)).statusCode).toBe(200);
    expect((await get(member, `/api/voice/v1/calls/${call.id}`)).statusCode).toBe(403);

    const second = await answered();
    const toUser = (
      await post(member, `/api/voice/v1/calls/${second.id}/transfer`, {
        toUserGroup: team.id,
        to: colleague.id,
      })
    ).json<Call>();
    expect(toUser).toMatchObject({ userGroupId: team.id, phase: CALL_PHASE_NUMBERS.ringing });
    expect(actions().at(-1)).toEqual({
      callSid: second.callSid,
      instruction: { kind: 'ring', identities: [colleague.id] },
    });
  });

  it("to a team with the queue on waits in that team's queue", async () => {
    const { member, other, answered, otherMember } = await setup(true);
    const call = await answered();
    const moved = (
      await post(member, `/api/voice/v1/calls/${call.id}/transfer`, { toUserGroup: other.id })
    ).json<Call>();
    expect(moved).toMatchObject({ phase: CALL_PHASE_NUMBERS.queued, queue: { status: 'queued' } });
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: { kind: 'queue', queue: `team:${other.id}` },
    });
    expect((await get(otherMember, '/api/voice/v1/queues')).json<TeamQueue>().calls.map((c) => c.id)).toEqual(
      [call.id],
    );
  });

  it('answers 404 for a team of another organisation or a user outside the team, 409 before the answer, 400 without a team', async () => {
    const { member, ring, answered, other } = await setup();
    const call = await answered();
    const stranger = await buildTeam();
    expect(
      (await post(member, `/api/voice/v1/calls/${call.id}/transfer`, { toUserGroup: stranger.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post(member, `/api/voice/v1/calls/${call.id}/transfer`, {
          toUserGroup: other.id,
          to: member.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(member, `/api/voice/v1/calls/${call.id}/transfer`, {})).statusCode).toBe(400);
    const ringing = await ring();
    expect(
      (await post(member, `/api/voice/v1/calls/${ringing.id}/transfer`, { toUserGroup: other.id }))
        .statusCode,
    ).toBe(409);
  });
});

describe('queue, park and pick', () => {
  it('sends an answered call to the queue, parks calls under the lowest free numbers, and a colleague picks one', async () => {
    const { member, colleague, answered, team } = await setup();
    const first = await answered();
    const queued = (await post(member, `/api/voice/v1/calls/${first.id}/queue`)).json<Call>();
    expect(queued).toMatchObject({
      phase: CALL_PHASE_NUMBERS.queued,
      queue: { status: 'queued', parkNo: null },
    });
    expect(actions().at(-1)).toEqual({
      callSid: first.callSid,
      instruction: { kind: 'queue', queue: `team:${team.id}` },
    });

    const second = await answered();
    const parkedFirst = (await post(member, `/api/voice/v1/queues/park/${first.id}`)).json<Call>();
    const parkedSecond = (await post(member, `/api/voice/v1/queues/park/${second.id}`)).json<Call>();
    expect([parkedFirst.queue?.parkNo, parkedSecond.queue?.parkNo]).toEqual([1, 2]);
    expect(parkedSecond).toMatchObject({ phase: CALL_PHASE_NUMBERS.parked });
    expect(actions().at(-1)).toEqual({ callSid: second.callSid, instruction: { kind: 'park', parkNo: 2 } });
    const third = await answered();
    await post(member, `/api/voice/v1/calls/${third.id}/queue`);
    expect((await get(colleague, '/api/voice/v1/queues')).json<TeamQueue>().calls.map((c) => c.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);

    const picked = (
      await post(colleague, '/api/voice/v1/queues/pick', { callSid: first.callSid })
    ).json<Call>();
    expect(picked).toMatchObject({
      phase: CALL_PHASE_NUMBERS.ringing,
      queue: { status: 'ringing', parkNo: null },
    });
    expect(actions().at(-1)).toEqual({
      callSid: first.callSid,
      instruction: { kind: 'ring', identities: [colleague.id] },
    });
    // Number 1 is free again.
    expect((await post(member, `/api/voice/v1/queues/park/${third.id}`)).json<Call>().queue?.parkNo).toBe(1);
    const answeredByColleague = (
      await post(colleague, `/api/voice/v1/calls/${first.id}/answer`)
    ).json<Call>();
    expect(answeredByColleague).toMatchObject({
      phase: CALL_PHASE_NUMBERS['in-progress'],
      answeredBy: colleague.id,
      queue: { status: 'in-progress' },
    });
    expect((await post(colleague, '/api/voice/v1/queues/pick', { callSid: first.callSid })).statusCode).toBe(
      409,
    );
  });

  it('parks two calls at once under two different numbers', async () => {
    const { member, answered } = await setup();
    const [a, b] = [await answered(), await answered()];
    const parked = await Promise.all(
      [a, b].map(
        async (c) => (await post(member, `/api/voice/v1/queues/park/${c.id}`)).json<Call>().queue?.parkNo,
      ),
    );
    expect(parked.sort()).toEqual([1, 2]);
  });

  it("answers 404 for another organisation's call (by id or carrier id), 409 for an ended call, 400 without a carrier id", async () => {
    const { member, answered } = await setup();
    const call = await answered();
    const stranger = await buildUser();
    for (const path of ['hold', 'resume', 'queue', 'hang-up'])
      expect((await post(stranger, `/api/voice/v1/calls/${call.id}/${path}`)).statusCode).toBe(404);
    expect((await post(stranger, `/api/voice/v1/queues/park/${call.id}`)).statusCode).toBe(404);
    expect((await post(stranger, '/api/voice/v1/queues/pick', { callSid: call.callSid })).statusCode).toBe(
      404,
    );
    expect((await post(member, '/api/voice/v1/queues/pick', {})).statusCode).toBe(400);
    await post(member, `/api/voice/v1/calls/${call.id}/hang-up`);
    expect((await post(member, `/api/voice/v1/queues/park/${call.id}`)).statusCode).toBe(409);
    expect((await post(member, `/api/voice/v1/calls/${call.id}/queue`)).statusCode).toBe(409);
  });
});

describe('reject and rejectAll', () => {
  it('a call ringing the whole team is left ringing for the others; a picked queue call goes back to the queue', async () => {
    const { member, colleague, ring, answered, team } = await setup();
    const ringing = await ring();
    const declined = await post(member, `/api/voice/v1/calls/${ringing.id}/reject`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Call>()).toMatchObject({
      phase: CALL_PHASE_NUMBERS.ringing,
      version: ringing.version,
    });

    const call = await answered();
    await post(member, `/api/voice/v1/calls/${call.id}/queue`);
    await post(colleague, '/api/voice/v1/queues/pick', { callSid: call.callSid });
    const back = (await post(colleague, `/api/voice/v1/calls/${call.id}/reject`)).json<Call>();
    expect(back).toMatchObject({
      phase: CALL_PHASE_NUMBERS.queued,
      queue: { status: 'queued', parkNo: null },
    });
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: { kind: 'queue', queue: `team:${team.id}` },
    });
  });

  it('refuses an answered call (409), another team (403) and another organisation (404); rejectAll declines the team’s ringing calls only', async () => {
    const { member, otherMember, ring, answered } = await setup();
    const call = await answered();
    expect((await post(member, `/api/voice/v1/calls/${call.id}/reject`)).statusCode).toBe(409);
    const ringing = await ring();
    expect((await post(otherMember, `/api/voice/v1/calls/${ringing.id}/reject`)).statusCode).toBe(403);
    expect((await post(await buildUser(), `/api/voice/v1/calls/${ringing.id}/reject`)).statusCode).toBe(404);
    const second = await ring();
    const all = await post(member, '/api/voice/v1/calls/rejectAll');
    expect(all.statusCode).toBe(200);
    // Both ringing calls, whatever their order (they may start within the same instant).
    expect(
      all
        .json<{ calls: Call[] }>()
        .calls.map((c) => c.id)
        .sort(),
    ).toEqual([ringing.id, second.id].sort());
    expect(
      (await post(otherMember, '/api/voice/v1/calls/rejectAll')).json<{ calls: Call[] }>().calls,
    ).toEqual([]);
  });
});
