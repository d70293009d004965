import { CALL_PHASE_NUMBERS, type Call } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import type { SandboxCallAction } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { buildInboundCall, OPEN_TUESDAY_10H } from '../../test/call-factories';
import { buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/**
 * The panel's actions as the spec writes them (`POST /api/voice/v1/calls/<action>` with `callId`
 * in the body): the same answers as the `/calls/:id/<action>` forms the web app uses.
 */
const t = useTestApp();
const actions = () => (t.deps.voice as unknown as { actions: SandboxCallAction[] }).actions;

type Who = { id: string; organizationId: string };
const post = async (user: Who, action: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/voice/v1/calls/${action}`,
    headers: await signedInAs(user),
    payload,
  });

/** An organisation with two teams (a member each) and a helper that rings the first. */
async function setup() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const other = await buildTeam({ organizationId: org.id });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
  const otherMember = await buildUser({ organizationId: org.id, teamIds: [other.id], status: 'online' });
  const ring = async () =>
    (await buildInboundCall(t.deps, { to: team.phoneNumber!, at: OPEN_TUESDAY_10H }))!.call;
  return { team, other, member, otherMember, ring };
}

describe("the call actions with the call in the body (the spec's form)", () => {
  it('answers, holds, resumes and transfers a call named by callId', async () => {
    const { member, other, otherMember, ring } = await setup();
    const call = await ring();
    const answered = await post(member, 'answer', { callId: call.id });
    expect(answered.statusCode).toBe(200);
    expect(answered.json<Call>()).toMatchObject({ id: call.id, answeredBy: member.id });
    const held = await post(member, 'hold', { callId: call.id });
    expect(held.json<Call>()).toMatchObject({ phase: CALL_PHASE_NUMBERS.hold, onHold: true });
    expect(actions()).toContainEqual({ callSid: call.callSid, instruction: { kind: 'hold' } });
    const resumed = await post(member, 'resume', { callId: call.id });
    expect(resumed.json<Call>()).toMatchObject({ phase: CALL_PHASE_NUMBERS['in-progress'], onHold: false });
    const moved = await post(member, 'transfer', {
      callId: call.id,
      toUserGroup: other.id,
      to: otherMember.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Call>()).toMatchObject({ userGroupId: other.id, transferred: true });
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: { kind: 'ring', identities: [otherMember.id] },
    });
  });

  it('rejects a ringing call named by callId; refuses it to another team (403) and once answered (409)', async () => {
    const { member, otherMember, ring } = await setup();
    const ringing = await ring();
    expect((await post(otherMember, 'reject', { callId: ringing.id })).statusCode).toBe(403);
    const declined = await post(member, 'reject', { callId: ringing.id });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Call>()).toMatchObject({ id: ringing.id, phase: CALL_PHASE_NUMBERS.ringing });
    const other = await ring();
    await post(member, 'answer', { callId: other.id });
    expect((await post(member, 'reject', { callId: other.id })).json()).toMatchObject({
      code: 'call-state-conflict',
    });
  });

  it("answers 404 for another organisation's call, as the path forms do, and changes nothing", async () => {
    const { member, ring } = await setup();
    const call = await ring();
    const stranger = await buildUser();
    const strangerTeam = await buildTeam({ organizationId: stranger.organizationId });
    for (const action of ['answer', 'hold', 'resume', 'reject'])
      expect((await post(stranger, action, { callId: call.id })).statusCode).toBe(404);
    const transfer = await post(stranger, 'transfer', { callId: call.id, toUserGroup: strangerTeam.id });
    expect(transfer.statusCode).toBe(404);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/voice/v1/calls/${call.id}`,
      headers: await signedInAs(member),
    });
    expect(seen.json<Call>()).toMatchObject({ version: call.version, answeredBy: null });
  });

  it('refuses a body without callId, or with one that is not a call id (400 validation-failed)', async () => {
    const { member } = await setup();
    for (const action of ['answer', 'hold', 'resume', 'reject', 'transfer']) {
      const missing = await post(member, action, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'validation-failed' });
      expect((await post(member, action, { callId: 'CA123' })).statusCode).toBe(400);
    }
  });
});
