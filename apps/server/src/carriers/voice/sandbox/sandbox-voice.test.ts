import { defaultSchedule, type Call, type SandboxCall, type SessionDescription } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authHeader, buildAdmin, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { createTestPeer, type TestPeer } from '../../../test/webrtc-test-peer';
import { accessTokenFor } from '../../../test/signed-in';
import { useTestApp } from '../../../test/test-app';
import { rooms } from '../../../realtime/publisher';
import { phoneRoom } from '../../messaging/sandbox/sandbox-namespace';

const t = useTestApp();
const peers: TestPeer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
const phone = '+15145550199';
/** Open every day, all day (routing follows the schedule: the tests run at any hour). */
const alwaysOpen = {
  week: defaultSchedule().week.map((d) => ({ ...d, enabled: true, start: '00:00', end: '23:59' })),
  vacations: [],
};
const alwaysClosed = { week: defaultSchedule().week.map((d) => ({ ...d, enabled: false })), vacations: [] };
const peer = () => {
  const p = createTestPeer();
  peers.push(p);
  return p;
};
const until = async (check: () => boolean, what: string, tries = 300) => {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`Timed out waiting for ${what}`);
};

async function member(organizationId: string, teamId: string) {
  const user = await buildUser({ organizationId, teamIds: [teamId], status: 'online' });
  const headers = authHeader(await accessTokenFor(user));
  return { user, headers };
}

async function register(headers: Record<string, string>) {
  const token = await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/voice/v1/sandbox/devices',
    headers,
    payload: { token: token.json<{ jwt: string }>().jwt },
  });
  expect(res.statusCode).toBe(204);
}

/** Every realtime event published, as [room, event, payload], passing them through. */
function recordEvents() {
  const events: [string, string, unknown][] = [];
  const realtime = t.deps.realtime;
  const publish = realtime.publish.bind(realtime);
  const publishIn = realtime.publishIn.bind(realtime);
  vi.spyOn(realtime, 'publish').mockImplementation(
    (room, event, payload) => (events.push([room, event, payload]), publish(room, event, payload)),
  );
  vi.spyOn(realtime, 'publishIn').mockImplementation(
    (ns, room, event, payload) => (events.push([room, event, payload]), publishIn(ns, room, event, payload)),
  );
  return {
    to: (room: string) => events.filter((e) => e[0] === room).map((e) => [e[1], e[2]] as const),
    clear: () => (events.length = 0),
  };
}

async function world(schedule = alwaysOpen) {
  const org = await buildOrganization({ schedule });
  const team = await buildTeam({ organizationId: org.id });
  const a = await member(org.id, team.id);
  const b = await member(org.id, team.id);
  const offline = await member(org.id, team.id);
  await register(a.headers);
  await register(b.headers);
  return { org, team, a, b, offline };
}

const staffEvent = (headers: Record<string, string>, callId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/voice/v1/sandbox/calls/${callId}/events`, headers, payload });
const phoneEvent = (callId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/sandbox/voice/calls/${callId}/events`, payload });

describe('sandbox voice network', () => {
  it('rings the registered members of the team, connects the one who answers, relays descriptions, holds, resumes and hangs up', async () => {
    const { team, a, b, offline } = await world();
    const events = recordEvents();
    const dial = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/voice/calls',
      payload: { from: phone, to: team.phoneNumber },
    });
    expect(dial.statusCode).toBe(201);
    const call = dial.json<SandboxCall>();
    expect(call).toMatchObject({
      phone,
      teamNumber: team.phoneNumber,
      teamId: team.id,
      direction: 'inbound',
      state: 'ringing',
    });
    expect(events.to(rooms.user(a.user.id))).toEqual([['voice:incoming', { call }]]);
    expect(events.to(rooms.user(b.user.id))).toEqual([['voice:incoming', { call }]]);
    expect(events.to(rooms.user(offline.user.id))).toEqual([]);

    events.clear();
    const answered = await staffEvent(a.headers, call.id, { type: 'answer' });
    expect(answered.json<SandboxCall>().state).toBe('in-progress');
    // The other member stops ringing; the phone learns it was answered.
    expect(events.to(rooms.user(b.user.id))).toEqual([
      ['voice:updated', { call: { ...call, state: 'in-progress' } }],
    ]);
    expect(events.to(phoneRoom(phone))).toEqual([
      ['voice:updated', { call: { ...call, state: 'in-progress' } }],
    ]);
    expect((await staffEvent(b.headers, call.id, { type: 'answer' })).statusCode).toBe(404);

    // Each end offers its leg to the server, which answers it in that end's room; the audio is bridged.
    events.clear();
    const [caller, staff] = [peer(), peer()];
    expect(
      (await phoneEvent(call.id, { type: 'signal', number: phone, description: await caller.offer() }))
        .statusCode,
    ).toBe(200);
    const [[, toPhone]] = events.to(phoneRoom(phone)) as [[string, { description: SessionDescription }]];
    expect(toPhone.description.type).toBe('answer');
    await caller.accept(toPhone.description);
    expect(
      (await staffEvent(a.headers, call.id, { type: 'signal', description: await staff.offer() })).statusCode,
    ).toBe(200);
    const [[, toStaff]] = events.to(rooms.user(a.user.id)) as [[string, { description: SessionDescription }]];
    await staff.accept(toStaff.description);
    await Promise.all([caller.connected, staff.connected]);
    const said = (label: string) => Array.from({ length: 15 }, (_, i) => Buffer.from(`${label}-${i}`));
    await Promise.all([caller.send(said('caller')), staff.send(said('staff'))]);
    await until(
      () =>
        staff.received.some((p) => p.toString() === 'caller-10') &&
        caller.received.some((p) => p.toString() === 'staff-10'),
      'audio both ways',
    );
    expect(
      (
        await staffEvent(a.headers, call.id, {
          type: 'signal',
          description: { type: 'offer', sdp: 'v=0 nonsense' },
        })
      ).statusCode,
    ).toBe(400);

    expect((await staffEvent(a.headers, call.id, { type: 'hold' })).json<SandboxCall>().state).toBe('held');
    expect((await staffEvent(a.headers, call.id, { type: 'resume' })).json<SandboxCall>().state).toBe(
      'in-progress',
    );
    events.clear();
    expect((await staffEvent(a.headers, call.id, { type: 'hang-up' })).json<SandboxCall>().state).toBe(
      'ended',
    );
    expect(events.to(phoneRoom(phone))).toEqual([['voice:updated', { call: { ...call, state: 'ended' } }]]);
    expect((await phoneEvent(call.id, { type: 'hang-up', number: phone })).statusCode).toBe(404);

    // The call is in the caller's conversation, answered by the member, completed.
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent(phone)}`,
      headers: a.headers,
    });
    const conversationId = lookup.json<{ conversation: { id: string } }>().conversation.id;
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}/calls`,
      headers: a.headers,
    });
    expect(history.json<{ calls: unknown[] }>().calls).toEqual([
      expect.objectContaining({
        direction: 'inbound',
        from: phone,
        answeredBy: a.user.id,
        outcome: 'completed',
      }),
    ]);
  });

  it('lets a member call a simulated phone from their team number; the phone answers and hangs up', async () => {
    const { team, a } = await world();
    const events = recordEvents();
    const dial = await t.app.inject({
      method: 'POST',
      url: '/api/voice/v1/sandbox/calls',
      headers: a.headers,
      payload: { to: '514 555 0199' },
    });
    expect(dial.statusCode).toBe(201);
    const call = dial.json<SandboxCall>();
    expect(call).toMatchObject({
      phone,
      teamNumber: team.phoneNumber,
      direction: 'outbound',
      state: 'ringing',
    });
    expect(events.to(phoneRoom(phone))).toEqual([['voice:incoming', { call }]]);
    // Another phone cannot answer it.
    expect((await phoneEvent(call.id, { type: 'answer', number: '+15145550100' })).statusCode).toBe(404);
    events.clear();
    expect((await phoneEvent(call.id, { type: 'answer', number: phone })).json<SandboxCall>().state).toBe(
      'in-progress',
    );
    expect(events.to(rooms.user(a.user.id))).toEqual([
      ['voice:updated', { call: { ...call, state: 'in-progress' } }],
    ]);
    expect((await phoneEvent(call.id, { type: 'hang-up', number: phone })).json<SandboxCall>().state).toBe(
      'ended',
    );
  });

  it("answers 404 to another organisation's member and to an unknown team number; refuses a token that is not the user's", async () => {
    const { team, a, b } = await world();
    const otherOrg = await buildOrganization();
    const stranger = await member(otherOrg.id, (await buildTeam({ organizationId: otherOrg.id })).id);
    await register(stranger.headers);
    const call = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/voice/calls',
        payload: { from: phone, to: team.phoneNumber },
      })
    ).json<SandboxCall>();
    expect((await staffEvent(stranger.headers, call.id, { type: 'answer' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sandbox/voice/calls',
          payload: { from: phone, to: '+15145550000' },
        })
      ).statusCode,
    ).toBe(404);
    // A member who rejects stops being rung; the call rings on for the others.
    expect((await staffEvent(b.headers, call.id, { type: 'reject' })).json<SandboxCall>().state).toBe(
      'ringing',
    );
    expect((await staffEvent(b.headers, call.id, { type: 'answer' })).statusCode).toBe(404);
    expect((await staffEvent(a.headers, call.id, { type: 'answer' })).statusCode).toBe(200);

    const token = (
      await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers: a.headers })
    ).json<{ jwt: string }>().jwt;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/voice/v1/sandbox/devices',
      headers: b.headers,
      payload: { token },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation-failed' });
  });

  it('outside opening hours rings nobody: the caller hears the greeting, then leaves a voicemail kept with the call', async () => {
    const { team, a } = await world(alwaysClosed);
    const events = recordEvents();
    const call = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/voice/calls',
        payload: { from: phone, to: team.phoneNumber },
      })
    ).json<SandboxCall>();
    expect(events.to(rooms.user(a.user.id))).toEqual([]);
    const caller = peer();
    expect(
      (await phoneEvent(call.id, { type: 'signal', number: phone, description: await caller.offer() }))
        .statusCode,
    ).toBe(200);
    const [[, toPhone]] = events.to(phoneRoom(phone)) as [[string, { description: SessionDescription }]];
    await caller.accept(toPhone.description);
    // The greeting (about 8 s of speech) is under way: its audio reaches the caller before anyone answers.
    await until(() => caller.received.length >= 25, 'the greeting');
    // Only the beep and the recording come after the greeting: wait for the greeting to end (the
    // server stops sending), then leave a 2 s message.
    for (let quiet = 0, heard = -1; quiet < 4; await new Promise((r) => setTimeout(r, 100))) {
      quiet = caller.received.length === heard ? quiet + 1 : 0;
      heard = caller.received.length;
    }
    expect(caller.received.length).toBeGreaterThan(150); // a greeting of several seconds, and the beep
    await caller.send(Array.from({ length: 100 }, (_, i) => Buffer.from(`message-${i}`)));
    await new Promise((r) => setTimeout(r, 200));
    expect((await phoneEvent(call.id, { type: 'hang-up', number: phone })).json<SandboxCall>().state).toBe(
      'ended',
    );

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent(phone)}`,
      headers: a.headers,
    });
    const conversationId = lookup.json<{ conversation: { id: string } }>().conversation.id;
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}/calls`,
      headers: a.headers,
    });
    const [stored] = history.json<{ calls: Call[] }>().calls;
    expect(stored).toMatchObject({
      direction: 'inbound',
      route: 'voicemail',
      missed: true,
      voicemail: { duration: 2 },
    });
  }, 60_000);

  it("outside opening hours with the period's voicemail turned off: the greeting, then the server hangs up; no message is kept", async () => {
    const { org, team, a } = await world(alwaysClosed);
    const admin = await buildAdmin({ organizationId: org.id, teamIds: [team.id] });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/voicemail-greetings',
      headers: authHeader(await accessTokenFor(admin)),
      payload: { teamId: null, kind: 'CLOSE', enabled: false, source: 'TTS', text: 'Fermé.' },
    });
    expect(off.statusCode).toBe(200);
    const events = recordEvents();
    const call = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/voice/calls',
        payload: { from: phone, to: team.phoneNumber },
      })
    ).json<SandboxCall>();
    const caller = peer();
    expect(
      (await phoneEvent(call.id, { type: 'signal', number: phone, description: await caller.offer() }))
        .statusCode,
    ).toBe(200);
    const [[, toPhone]] = events.to(phoneRoom(phone)) as [[string, { description: SessionDescription }]];
    await caller.accept(toPhone.description);
    // "Nobody can take your call": spoken to the caller, then the server ends the call itself.
    await until(() => caller.received.length >= 25, 'the greeting');
    await until(
      () =>
        events
          .to(phoneRoom(phone))
          .some(
            ([name, payload]) =>
              name === 'voice:updated' && (payload as { call: SandboxCall }).call.state === 'ended',
          ),
      'the server hanging up',
      2000,
    );

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent(phone)}`,
      headers: a.headers,
    });
    const conversationId = lookup.json<{ conversation: { id: string } }>().conversation.id;
    const [stored] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversationId}/calls`,
        headers: a.headers,
      })
    ).json<{ calls: Call[] }>().calls;
    expect(stored).toMatchObject({ direction: 'inbound', route: 'voicemail', missed: true, voicemail: null });
  }, 60_000);

  it("the calls module's hold and transfer move the live audio: hold music to the caller, then the new member bridged", async () => {
    const { team, a, b } = await world();
    const events = recordEvents();
    const call = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/voice/calls',
        payload: { from: phone, to: team.phoneNumber },
      })
    ).json<SandboxCall>();
    expect((await staffEvent(a.headers, call.id, { type: 'answer' })).statusCode).toBe(200);
    /** Connects `end`'s leg: its offer as `send` posts it, the server's answer from `room`. */
    const connect = async (
      end: TestPeer,
      room: string,
      send: (description: SessionDescription) => Promise<{ statusCode: number }>,
    ) => {
      events.clear();
      expect((await send(await end.offer())).statusCode).toBe(200);
      const signal = events.to(room).find(([name]) => name === 'voice:signal') as [
        string,
        { description: SessionDescription },
      ];
      await end.accept(signal[1].description);
      await end.connected;
    };
    const [caller, first, second] = [peer(), peer(), peer()];
    await connect(caller, phoneRoom(phone), (description) =>
      phoneEvent(call.id, { type: 'signal', number: phone, description }),
    );
    await connect(first, rooms.user(a.user.id), (description) =>
      staffEvent(a.headers, call.id, { type: 'signal', description }),
    );

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent(phone)}`,
      headers: a.headers,
    });
    const conversationId = lookup.json<{ conversation: { id: string } }>().conversation.id;
    const [record] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversationId}/calls`,
        headers: a.headers,
      })
    ).json<{ calls: Call[] }>().calls;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/voice/v1/calls/${record!.id}/hold`,
          headers: a.headers,
        })
      ).statusCode,
    ).toBe(200);
    const heardBefore = caller.received.length;
    await first.send(Array.from({ length: 10 }, (_, i) => Buffer.from(`first-${i}`)));
    await until(() => caller.received.length >= heardBefore + 15, 'the hold music');
    expect(caller.received.some((p) => p.toString().startsWith('first-'))).toBe(false);

    events.clear();
    const transfer = await t.app.inject({
      method: 'POST',
      url: `/api/voice/v1/calls/${record!.id}/transfer`,
      headers: a.headers,
      payload: { toUserGroup: team.id, to: b.user.id },
    });
    expect(transfer.statusCode).toBe(200);
    expect(events.to(rooms.user(b.user.id))).toContainEqual([
      'voice:incoming',
      { call: { ...call, state: 'ringing' } },
    ]);
    expect((await staffEvent(b.headers, call.id, { type: 'answer' })).statusCode).toBe(200);
    await connect(second, rooms.user(b.user.id), (description) =>
      staffEvent(b.headers, call.id, { type: 'signal', description }),
    );
    await Promise.all([
      second.send(Array.from({ length: 15 }, (_, i) => Buffer.from(`second-${i}`))),
      caller.send(Array.from({ length: 15 }, (_, i) => Buffer.from(`caller-${i}`))),
    ]);
    await until(
      () =>
        caller.received.some((p) => p.toString() === 'second-10') &&
        second.received.some((p) => p.toString() === 'caller-10'),
      'the new member bridged',
    );
    expect(first.received.some((p) => p.toString().startsWith('caller-'))).toBe(false);
  }, 30_000);
});
