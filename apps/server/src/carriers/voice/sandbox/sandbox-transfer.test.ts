import { defaultSchedule, type Call, type SandboxCall, type SessionDescription } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transferExtensions } from '../../../db/schema/phone-settings';
import { userPhoneLines } from '../../../db/schema/users';
import { rooms } from '../../../realtime/publisher';
import { authHeader, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { accessTokenFor } from '../../../test/signed-in';
import { useTestApp } from '../../../test/test-app';
import { createTestPeer, type TestPeer } from '../../../test/webrtc-test-peer';
import { phoneRoom } from '../../messaging/sandbox/sandbox-namespace';

// Transfers out of the browsers on the sandbox network (docs/behaviour/calls.md, "Sandbox calls").
const t = useTestApp();
const peers: TestPeer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
const caller = '+15145550163';
const outside = '+15145550177';
const open = {
  week: defaultSchedule().week.map((d) => ({ ...d, enabled: true, start: '00:00', end: '23:59' })),
  vacations: [],
};

/** The events published to `room` since the last `clear`, as [event, payload]. */
function watchRooms() {
  const seen: [string, string, unknown][] = [];
  const rt = t.deps.realtime;
  const [publish, publishIn] = [rt.publish.bind(rt), rt.publishIn.bind(rt)];
  vi.spyOn(rt, 'publish').mockImplementation(
    (room, event, payload) => (seen.push([room, event, payload]), publish(room, event, payload)),
  );
  vi.spyOn(rt, 'publishIn').mockImplementation(
    (ns, room, event, payload) => (seen.push([room, event, payload]), publishIn(ns, room, event, payload)),
  );
  return {
    in: (room: string) => seen.filter((e) => e[0] === room).map((e) => [e[1], e[2]] as const),
    clear: () => (seen.length = 0),
  };
}

/** A member with a registered sandbox device (or not), and their headers. */
async function staff(organizationId: string, teamId: string, registered: boolean) {
  const user = await buildUser({ organizationId, teamIds: [teamId], status: 'online' });
  const headers = authHeader(await accessTokenFor(user));
  if (registered) {
    const token = (await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers })).json<{
      jwt: string;
    }>().jwt;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/voice/v1/sandbox/devices',
          headers,
          payload: { token },
        })
      ).statusCode,
    ).toBe(204);
  }
  return { user, headers };
}

/** The simulator calls the team, member `a` answers; the call as the phone sees it and its record's id. */
async function answeredCall(teamNumber: string, a: { headers: Record<string, string> }) {
  const call = (
    await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/voice/calls',
      payload: { from: caller, to: teamNumber },
    })
  ).json<SandboxCall>();
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/voice/v1/sandbox/calls/${call.id}/events`,
        headers: a.headers,
        payload: { type: 'answer' },
      })
    ).statusCode,
  ).toBe(200);
  const record = (
    await t.app.inject({ method: 'GET', url: `/api/voice/v1/calls/sid/${call.id}`, headers: a.headers })
  ).json<Call>();
  return { call, recordId: record.id };
}

/** The caller's media leg with the server: its offer, the server's answer from the phone's room. */
async function connectCaller(callId: string, events: ReturnType<typeof watchRooms>): Promise<TestPeer> {
  const callerPeer = createTestPeer();
  peers.push(callerPeer);
  events.clear();
  expect(
    (await phoneEvent(callId, { type: 'signal', number: caller, description: await callerPeer.offer() }))
      .statusCode,
  ).toBe(200);
  await callerPeer.accept(
    (
      events.in(phoneRoom(caller)).find(([e]) => e === 'voice:signal')![1] as {
        description: SessionDescription;
      }
    ).description,
  );
  return callerPeer;
}

const phoneEvent = (callId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/sandbox/voice/calls/${callId}/events`, payload });

describe('sandbox transfers out of the browsers', () => {
  it('an extension rings the simulator of its number, which answers, sees the digits and is bridged with the caller; its hang-up ends the call', async () => {
    const org = await buildOrganization({ schedule: open, tierPermissions: [1, 2] });
    const team = await buildTeam({ organizationId: org.id });
    const a = await staff(org.id, team.id, true);
    const [extension] = await t.deps.db
      .insert(transferExtensions)
      .values({ organizationId: org.id, name: 'Labo', phoneNumber: outside, extension: '42' })
      .returning();
    const events = watchRooms();
    const { call, recordId } = await answeredCall(team.phoneNumber!, a);
    const callerPeer = await connectCaller(call.id, events);

    events.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/voice/v1/calls/${recordId}/transfer`,
      headers: a.headers,
      payload: { toExtension: extension!.id },
    });
    expect(res.statusCode).toBe(200);
    const ringing = {
      id: call.id,
      phone: outside,
      teamNumber: team.phoneNumber,
      teamId: team.id,
      direction: 'outbound',
      state: 'ringing',
      digits: null,
    };
    expect(events.in(phoneRoom(outside))).toContainEqual(['voice:incoming', { call: ringing }]);
    expect(events.in(rooms.user(a.user.id))).toContainEqual([
      'voice:updated',
      { call: expect.objectContaining({ id: call.id, state: 'ringing' }) },
    ]);
    // Another phone cannot act on it; the outside phone must answer before it connects.
    expect((await phoneEvent(call.id, { type: 'answer', number: '+15145550100' })).statusCode).toBe(404);
    expect(
      (
        await phoneEvent(call.id, {
          type: 'signal',
          number: outside,
          description: { type: 'offer', sdp: 'v=0' },
        })
      ).statusCode,
    ).toBe(400);

    const answered = await phoneEvent(call.id, { type: 'answer', number: outside });
    expect(answered.json<SandboxCall>()).toEqual({ ...ringing, state: 'in-progress', digits: '42' });
    const outsidePeer = createTestPeer();
    peers.push(outsidePeer);
    events.clear();
    expect(
      (await phoneEvent(call.id, { type: 'signal', number: outside, description: await outsidePeer.offer() }))
        .statusCode,
    ).toBe(200);
    await outsidePeer.accept(
      (
        events.in(phoneRoom(outside)).find(([e]) => e === 'voice:signal')![1] as {
          description: SessionDescription;
        }
      ).description,
    );
    await Promise.all([callerPeer.connected, outsidePeer.connected]);
    const said = (label: string) => Array.from({ length: 15 }, (_, i) => Buffer.from(`${label}-${i}`));
    await Promise.all([callerPeer.send(said('caller')), outsidePeer.send(said('outside'))]);
    for (
      let i = 0;
      i < 300 &&
      !(
        outsidePeer.received.some((p) => p.toString() === 'caller-10') &&
        callerPeer.received.some((p) => p.toString() === 'outside-10')
      );
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(outsidePeer.received.some((p) => p.toString() === 'caller-10')).toBe(true);
    expect(callerPeer.received.some((p) => p.toString() === 'outside-10')).toBe(true);

    events.clear();
    expect((await phoneEvent(call.id, { type: 'hang-up', number: outside })).statusCode).toBe(200);
    expect(events.in(phoneRoom(caller))).toContainEqual([
      'voice:updated',
      { call: expect.objectContaining({ id: call.id, state: 'ended' }) },
    ]);
    const record = (
      await t.app.inject({ method: 'GET', url: `/api/voice/v1/calls/${recordId}`, headers: a.headers })
    ).json<Call>();
    expect(record).toMatchObject({ transferred: true, outcome: 'completed' });
  }, 30_000);

  it("a SIP line rings the browser of its user; a line whose user's browser is not connected is refused (409)", async () => {
    const org = await buildOrganization({ schedule: open });
    const team = await buildTeam({ organizationId: org.id });
    const [a, b, offline] = [
      await staff(org.id, team.id, true),
      await staff(org.id, team.id, true),
      await staff(org.id, team.id, false),
    ];
    const suffix = crypto.randomUUID().slice(0, 8);
    await t.deps.db.insert(userPhoneLines).values([
      { organizationId: org.id, userId: b.user.id, sipUsername: `b-${suffix}` },
      { organizationId: org.id, userId: offline.user.id, sipUsername: `off-${suffix}` },
    ]);
    const events = watchRooms();
    const { call, recordId } = await answeredCall(team.phoneNumber!, a);
    const transfer = (to: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/voice/v1/calls/${recordId}/transfer`,
        headers: a.headers,
        payload: { to },
      });
    const refused = await transfer(`off-${suffix}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'sip-line-unreachable' });
    events.clear();
    expect((await transfer(`b-${suffix}`)).statusCode).toBe(200);
    expect(events.in(rooms.user(b.user.id))).toContainEqual([
      'voice:incoming',
      { call: expect.objectContaining({ id: call.id, state: 'ringing' }) },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/voice/v1/sandbox/calls/${call.id}/events`,
          headers: b.headers,
          payload: { type: 'answer' },
        })
      ).statusCode,
    ).toBe(200);
  }, 30_000);
});
