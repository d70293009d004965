import {
  CALL_PHASE_NUMBERS,
  defaultOrganizationOptions,
  defaultSchedule,
  type Call,
  type SandboxCall,
} from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations } from '../../../db/schema/organizations';
import { rooms } from '../../../realtime/publisher';
import { authHeader, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { accessTokenFor } from '../../../test/signed-in';
import { useTestApp } from '../../../test/test-app';
import { sandboxRingTiming } from './sandbox-ring-timeout';

const t = useTestApp();
const alwaysOpen = {
  week: defaultSchedule().week.map((d) => ({ ...d, enabled: true, start: '00:00', end: '23:59' })),
  vacations: [],
};
const timeout = sandboxRingTiming.timeoutMs;
beforeEach(() => void (sandboxRingTiming.timeoutMs = 300));
afterEach(() => {
  sandboxRingTiming.timeoutMs = timeout;
  vi.restoreAllMocks();
});
const until = async (check: () => boolean | Promise<boolean>, what: string, tries = 500) => {
  for (let i = 0; i < tries && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  if (!(await check())) throw new Error(`Timed out waiting for ${what}`);
};

/**
 * An organisation open all week with the queue off (a call arriving with the queue on waits in it
 * without ringing), turned on meanwhile when `queue`, with two online members whose devices are registered; a phone that calls the team. */
async function world(queue: boolean) {
  const options = defaultOrganizationOptions();
  const org = await buildOrganization({ options, schedule: alwaysOpen });
  const team = await buildTeam({ organizationId: org.id });
  const members = await Promise.all(
    [0, 1].map(async () => {
      const user = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
      const headers = authHeader(await accessTokenFor(user));
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
      return { user, headers };
    }),
  );
  const phone = `+1514555${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const events: [string, string, unknown][] = [];
  const publish = t.deps.realtime.publish.bind(t.deps.realtime);
  vi.spyOn(t.deps.realtime, 'publish').mockImplementation(
    (room, event, payload) => (events.push([room, event, payload]), publish(room, event, payload)),
  );
  const dial = async () => {
    const call = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/voice/calls',
        payload: { from: phone, to: team.phoneNumber },
      })
    ).json<SandboxCall>();
    if (queue)
      await t.deps.db
        .update(organizations)
        .set({ options: { ...options, voiceQueue: { ...options.voiceQueue, enabled: true } } })
        .where(eq(organizations.id, org.id));
    return call;
  };
  /** The call's record in the caller's conversation. */
  const record = async (): Promise<Call> => {
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent(phone)}`,
      headers: members[0]!.headers,
    });
    const conversationId = lookup.json<{ conversation: { id: string } }>().conversation.id;
    return (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversationId}/calls`,
        headers: members[0]!.headers,
      })
    ).json<{ calls: Call[] }>().calls[0]!;
  };
  /** Whether `userId`'s browser was told the call stopped ringing them (a `voice:updated` after its `voice:incoming`). */
  const stoppedRinging = (userId: string, callId: string) =>
    events.some(
      ([room, name, p]) =>
        room === rooms.user(userId) &&
        name === 'voice:updated' &&
        (p as { call: SandboxCall }).call.id === callId,
    );
  const staffEvent = (headers: Record<string, string>, callId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/voice/v1/sandbox/calls/${callId}/events`, headers, payload });
  const hangUp = (callId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sandbox/voice/calls/${callId}/events`,
      payload: { type: 'hang-up', number: phone },
    });
  return { members, dial, record, stoppedRinging, staffEvent, hangUp };
}

describe('sandbox: an inbound call nobody answers moves on', () => {
  it('past the ring timeout, with the queue on: it waits in the queue and the browsers stop ringing', async () => {
    const w = await world(true);
    const call = await w.dial();
    await until(async () => (await w.record()).phase === CALL_PHASE_NUMBERS.queued, 'the call queued');
    for (const m of w.members) expect(w.stoppedRinging(m.user.id, call.id)).toBe(true);
    expect((await w.staffEvent(w.members[0]!.headers, call.id, { type: 'answer' })).statusCode).toBe(404);
  });

  it('past the ring timeout, with the queue off: the caller goes to the voicemail, and the call ends missed', async () => {
    const w = await world(false);
    const call = await w.dial();
    await until(
      () => w.members.every((m) => w.stoppedRinging(m.user.id, call.id)),
      'the browsers to stop ringing',
    );
    expect((await w.record()).phase).toBe(CALL_PHASE_NUMBERS.ringing);
    expect((await w.hangUp(call.id)).statusCode).toBe(200);
    await until(async () => (await w.record()).missed, 'the call recorded as missed');
  });

  it('when every member it rang declines, it moves on at once (queue on)', async () => {
    sandboxRingTiming.timeoutMs = 60_000;
    const w = await world(true);
    const call = await w.dial();
    expect((await w.staffEvent(w.members[0]!.headers, call.id, { type: 'reject' })).statusCode).toBe(200);
    expect((await w.record()).phase).toBe(CALL_PHASE_NUMBERS.ringing);
    expect((await w.staffEvent(w.members[1]!.headers, call.id, { type: 'reject' })).statusCode).toBe(200);
    await until(async () => (await w.record()).phase === CALL_PHASE_NUMBERS.queued, 'the call queued');
  });

  it('a decline on the device and one through the API count alike (one rule): it moves on, the browsers stop ringing', async () => {
    sandboxRingTiming.timeoutMs = 60_000;
    const w = await world(false);
    const call = await w.dial();
    expect((await w.staffEvent(w.members[0]!.headers, call.id, { type: 'reject' })).statusCode).toBe(200);
    const record = await w.record();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/voice/v1/calls/${record.id}/reject`,
      headers: w.members[1]!.headers,
    });
    expect(declined.json<Call>()).toMatchObject({ route: 'voicemail', phase: CALL_PHASE_NUMBERS.ringing });
    await until(
      () => w.members.every((m) => w.stoppedRinging(m.user.id, call.id)),
      'the browsers to stop ringing',
    );
    expect((await w.staffEvent(w.members[1]!.headers, call.id, { type: 'answer' })).statusCode).toBe(404);
  });

  it('an answer before the timeout cancels it', async () => {
    const w = await world(true);
    const call = await w.dial();
    expect((await w.staffEvent(w.members[0]!.headers, call.id, { type: 'answer' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect((await w.record()).phase).toBe(CALL_PHASE_NUMBERS['in-progress']);
  });
});
