import { CALL_PHASE_NUMBERS, type Call } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import type { SandboxCallAction } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { buildInboundCall, OPEN_TUESDAY_10H } from '../../test/call-factories';
import { buildOrganization, buildTeam, buildUser } from '../../test/factories';
import {
  buildPhoneSettings,
  buildSipUser,
  buildTransferExtension,
} from '../../test/phone-settings-factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
const actions = () => (t.deps.voice as unknown as { actions: SandboxCallAction[] }).actions;
type Who = { id: string; organizationId: string };
const post = async (user: Who, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });

/** An organisation (tier codes `tier`), a team and two members, an extension and a SIP line of each kind; `answered()` a call the member answered. */
async function setup(tier: number[] | null = [1, 2]) {
  const org = await buildOrganization({ tierPermissions: tier });
  const team = await buildTeam({ organizationId: org.id });
  const member = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const colleague = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const suffix = crypto.randomUUID().slice(0, 8);
  // Laboratoire, +1 514 555-0188 extension 204.
  const extension = await buildTransferExtension({ organizationId: org.id });
  await buildSipUser({ organizationId: org.id, username: `accueil-${suffix}`, userId: colleague.id });
  await buildSipUser({ organizationId: org.id, username: `free-${suffix}` });
  const answered = async () => {
    const call = (await buildInboundCall(t.deps, { to: team.phoneNumber!, at: OPEN_TUESDAY_10H }))!.call;
    expect((await post(member, `/api/voice/v1/calls/${call.id}/answer`)).statusCode).toBe(200);
    return call;
  };
  return {
    org,
    team,
    member,
    colleague,
    extension,
    line: `accueil-${suffix}`,
    freeLine: `free-${suffix}`,
    answered,
  };
}

describe('transfer to an extension', () => {
  it("puts the caller through to its number, then its digits; the call stays the team's, in progress and transferred", async () => {
    const { member, extension, answered, team } = await setup();
    const call = await answered();
    const res = await post(member, `/api/voice/v1/calls/${call.id}/transfer`, { toExtension: extension.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<Call>()).toMatchObject({
      userGroupId: team.id,
      phase: CALL_PHASE_NUMBERS['in-progress'],
      transferred: true,
      onHold: false,
    });
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: { kind: 'dial', number: '+15145550188', digits: '204' },
    });
  });

  it('is refused (403) without extension transfers in the tier (code 2), also with no tier data; the call is unchanged', async () => {
    for (const tier of [[1], null]) {
      const { member, extension, answered } = await setup(tier);
      const call = await answered();
      const res = await post(member, `/api/voice/v1/calls/${call.id}/transfer`, {
        toExtension: extension.id,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
      expect(actions().some((a) => a.callSid === call.callSid && a.instruction.kind === 'dial')).toBe(false);
    }
  });

  it("answers 404 for another organisation's extension and 409 for a call not answered", async () => {
    const mine = await setup();
    const theirs = await setup();
    const call = await mine.answered();
    const res = await post(mine.member, `/api/voice/v1/calls/${call.id}/transfer`, {
      toExtension: theirs.extension.id,
    });
    expect(res.statusCode).toBe(404);
    const ringing = (await buildInboundCall(t.deps, {
      from: '+15145550124',
      to: mine.team.phoneNumber!,
      at: OPEN_TUESDAY_10H,
    }))!.call;
    expect(
      (
        await post(mine.member, `/api/voice/v1/calls/${ringing.id}/transfer`, {
          toExtension: mine.extension.id,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('transfer to a SIP line', () => {
  it("hands the carrier the line's address (the organisation's SIP domain) and its user", async () => {
    const { org, team, member, colleague, line, answered } = await setup(null);
    await buildPhoneSettings({ organizationId: org.id, sipDomain: 'clinique.sip.example' });
    const call = await answered();
    const res = await post(member, `/api/voice/v1/calls/${call.id}/transfer`, { to: line });
    expect(res.statusCode).toBe(200);
    expect(res.json<Call>()).toMatchObject({ phase: CALL_PHASE_NUMBERS['in-progress'], transferred: true });
    expect(actions().at(-1)).toEqual({
      callSid: call.callSid,
      instruction: {
        kind: 'sip',
        username: line,
        uri: `sip:${line}@clinique.sip.example`,
        userId: colleague.id,
      },
    });
    // The spec's dialog form: the line chosen under a team (the team names no other target).
    const underTeam = await answered();
    expect(
      (await post(member, `/api/voice/v1/calls/${underTeam.id}/transfer`, { toUserGroup: team.id, to: line }))
        .statusCode,
    ).toBe(200);
    expect(actions().at(-1)).toMatchObject({
      callSid: underTeam.callSid,
      instruction: { kind: 'sip', username: line },
    });
  });

  it("refuses a line nobody has in the sandbox (409 sip-line-unreachable), another organisation's or an unknown line (404)", async () => {
    const mine = await setup();
    const theirs = await setup();
    const call = await mine.answered();
    const free = await post(mine.member, `/api/voice/v1/calls/${call.id}/transfer`, { to: mine.freeLine });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ code: 'sip-line-unreachable' });
    expect(
      (await post(mine.member, `/api/voice/v1/calls/${call.id}/transfer`, { to: theirs.line })).statusCode,
    ).toBe(404);
    expect(
      (await post(mine.member, `/api/voice/v1/calls/${call.id}/transfer`, { to: 'nobody-here' })).statusCode,
    ).toBe(404);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/voice/v1/calls/${call.id}`,
      headers: await signedInAs(mine.member),
    });
    expect(after.json<Call>()).toMatchObject({
      phase: CALL_PHASE_NUMBERS['in-progress'],
      transferred: false,
    });
  });

  it('refuses a request naming no target or two (400 transfer-target-invalid), another call, or the old field names', async () => {
    const { member, extension, line, team, answered } = await setup();
    const call = await answered();
    const transfer = (body: object) => post(member, `/api/voice/v1/calls/${call.id}/transfer`, body);
    for (const body of [
      {},
      { toExtension: extension.id, to: line },
      { toExtension: extension.id, toUserGroup: team.id },
      { to: member.id },
      { toUserGroup: team.id, to: 'pas une ligne' },
    ]) {
      const res = await transfer(body);
      expect({ body, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        body,
        status: 400,
        code: 'transfer-target-invalid',
      });
    }
    const otherCall = await transfer({ callId: crypto.randomUUID(), toExtension: extension.id });
    expect(otherCall.statusCode).toBe(400);
    expect(otherCall.json()).toMatchObject({
      code: 'validation-failed',
      details: [{ path: 'callId', message: 'call-id-mismatch' }],
    });
    for (const body of [{ toSipUser: line }, { toExtensionId: extension.id }, { toUserGroup: 'principal' }])
      expect((await transfer(body)).json()).toMatchObject({ code: 'validation-failed' });
    // Nothing moved; the spec's full form, with the call's own id, transfers.
    expect(
      (
        await post(member, `/api/voice/v1/calls/${call.id}/transfer`, {
          callId: call.id,
          toExtension: extension.id,
        })
      ).statusCode,
    ).toBe(200);
  });
});
