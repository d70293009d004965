import type { SandboxCall } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authHeader, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { rooms } from '../../realtime/publisher';
import { phoneRoom } from './sandbox-namespace';

const t = useTestApp();
afterEach(() => {
  vi.restoreAllMocks();
});
const phone = '+15145550199';
const offer = { type: 'offer' as const, sdp: 'v=0 offer' };
const answer = { type: 'answer' as const, sdp: 'v=0 answer' };

async function member(organizationId: string, teamId: string) {
  const user = await buildUser({ organizationId, teamIds: [teamId] });
  const headers = authHeader(await accessTokenFor(user));
  return { user, headers };
}

async function register(headers: Record<string, string>) {
  const token = await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers });
  const res = await t.app.inject({ method: 'POST', url: '/api/voice/v1/sandbox/devices', headers, payload: { token: token.json<{ jwt: string }>().jwt } });
  expect(res.statusCode).toBe(204);
}

/** Every realtime event published, as [room, event, payload], passing them through. */
function recordEvents() {
  const events: [string, string, unknown][] = [];
  const realtime = t.deps.realtime;
  const publish = realtime.publish.bind(realtime);
  const publishIn = realtime.publishIn.bind(realtime);
  vi.spyOn(realtime, 'publish').mockImplementation((room, event, payload) => (events.push([room, event, payload]), publish(room, event, payload)));
  vi.spyOn(realtime, 'publishIn').mockImplementation((ns, room, event, payload) => (events.push([room, event, payload]), publishIn(ns, room, event, payload)));
  return { to: (room: string) => events.filter((e) => e[0] === room).map((e) => [e[1], e[2]] as const), clear: () => (events.length = 0) };
}

async function world() {
  const org = await buildOrganization();
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
const phoneEvent = (callId: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/sandbox/voice/calls/${callId}/events`, payload });

describe('sandbox voice network', () => {
  it('rings the registered members of the team, connects the one who answers, relays descriptions, holds, resumes and hangs up', async () => {
    const { team, a, b, offline } = await world();
    const events = recordEvents();
    const dial = await t.app.inject({ method: 'POST', url: '/api/sandbox/voice/calls', payload: { from: phone, to: team.phoneNumber } });
    expect(dial.statusCode).toBe(201);
    const call = dial.json<SandboxCall>();
    expect(call).toMatchObject({ phone, teamNumber: team.phoneNumber, teamId: team.id, direction: 'inbound', state: 'ringing' });
    expect(events.to(rooms.user(a.user.id))).toEqual([['voice:incoming', { call }]]);
    expect(events.to(rooms.user(b.user.id))).toEqual([['voice:incoming', { call }]]);
    expect(events.to(rooms.user(offline.user.id))).toEqual([]);

    events.clear();
    const answered = await staffEvent(a.headers, call.id, { type: 'answer' });
    expect(answered.json<SandboxCall>().state).toBe('in-progress');
    // The other member stops ringing; the phone learns it was answered.
    expect(events.to(rooms.user(b.user.id))).toEqual([['voice:updated', { call: { ...call, state: 'in-progress' } }]]);
    expect(events.to(phoneRoom(phone))).toEqual([['voice:updated', { call: { ...call, state: 'in-progress' } }]]);
    expect((await staffEvent(b.headers, call.id, { type: 'answer' })).statusCode).toBe(404);

    events.clear();
    expect((await phoneEvent(call.id, { type: 'signal', number: phone, description: offer })).statusCode).toBe(200);
    expect(events.to(rooms.user(a.user.id))).toEqual([['voice:signal', { callId: call.id, description: offer }]]);
    expect((await staffEvent(a.headers, call.id, { type: 'signal', description: answer })).statusCode).toBe(200);
    expect(events.to(phoneRoom(phone))).toEqual([['voice:signal', { callId: call.id, description: answer }]]);

    expect((await staffEvent(a.headers, call.id, { type: 'hold' })).json<SandboxCall>().state).toBe('held');
    expect((await staffEvent(a.headers, call.id, { type: 'resume' })).json<SandboxCall>().state).toBe('in-progress');
    events.clear();
    expect((await staffEvent(a.headers, call.id, { type: 'hang-up' })).json<SandboxCall>().state).toBe('ended');
    expect(events.to(phoneRoom(phone))).toEqual([['voice:updated', { call: { ...call, state: 'ended' } }]]);
    expect((await phoneEvent(call.id, { type: 'hang-up', number: phone })).statusCode).toBe(404);

    // The call is in the caller's conversation, answered by the member, completed.
    const lookup = await t.app.inject({ method: 'GET', url: `/api/conversations/lookup?phone=${encodeURIComponent(phone)}`, headers: a.headers });
    const conversationId = lookup.json<{ conversation: { id: string } }>().conversation.id;
    const history = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/calls`, headers: a.headers });
    expect(history.json<{ calls: unknown[] }>().calls).toEqual([expect.objectContaining({ direction: 'inbound', from: phone, answeredBy: a.user.id, outcome: 'completed' })]);
  });

  it('lets a member call a simulated phone from their team number; the phone answers and hangs up', async () => {
    const { team, a } = await world();
    const events = recordEvents();
    const dial = await t.app.inject({ method: 'POST', url: '/api/voice/v1/sandbox/calls', headers: a.headers, payload: { to: '514 555 0199' } });
    expect(dial.statusCode).toBe(201);
    const call = dial.json<SandboxCall>();
    expect(call).toMatchObject({ phone, teamNumber: team.phoneNumber, direction: 'outbound', state: 'ringing' });
    expect(events.to(phoneRoom(phone))).toEqual([['voice:incoming', { call }]]);
    // Another phone cannot answer it.
    expect((await phoneEvent(call.id, { type: 'answer', number: '+15145550100' })).statusCode).toBe(404);
    events.clear();
    expect((await phoneEvent(call.id, { type: 'answer', number: phone })).json<SandboxCall>().state).toBe('in-progress');
    expect(events.to(rooms.user(a.user.id))).toEqual([['voice:updated', { call: { ...call, state: 'in-progress' } }]]);
    expect((await phoneEvent(call.id, { type: 'hang-up', number: phone })).json<SandboxCall>().state).toBe('ended');
  });

  it("answers 404 to another organisation's member and to an unknown team number; refuses a token that is not the user's", async () => {
    const { team, a, b } = await world();
    const otherOrg = await buildOrganization();
    const stranger = await member(otherOrg.id, (await buildTeam({ organizationId: otherOrg.id })).id);
    await register(stranger.headers);
    const call = (await t.app.inject({ method: 'POST', url: '/api/sandbox/voice/calls', payload: { from: phone, to: team.phoneNumber } })).json<SandboxCall>();
    expect((await staffEvent(stranger.headers, call.id, { type: 'answer' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/sandbox/voice/calls', payload: { from: phone, to: '+15145550000' } })).statusCode).toBe(404);
    // A member who rejects stops being rung; the call rings on for the others.
    expect((await staffEvent(b.headers, call.id, { type: 'reject' })).json<SandboxCall>().state).toBe('ringing');
    expect((await staffEvent(b.headers, call.id, { type: 'answer' })).statusCode).toBe(404);
    expect((await staffEvent(a.headers, call.id, { type: 'answer' })).statusCode).toBe(200);

    const token = (await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers: a.headers })).json<{ jwt: string }>().jwt;
    const refused = await t.app.inject({ method: 'POST', url: '/api/voice/v1/sandbox/devices', headers: b.headers, payload: { token } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation-failed' });
  });
});
