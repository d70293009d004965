import { defaultSchedule, type SandboxCall, type SessionDescription } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOrganization, buildTeam, setFactoryDatabase } from '../../../test/factories';
import { createTestApp, TEST_JWT_SECRET } from '../../../test/test-app';
import { createTestPeer, type TestPeer } from '../../../test/webrtc-test-peer';
import { phoneRoom } from '../../messaging/sandbox/sandbox-namespace';

const peers: TestPeer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closedAllWeek = { week: defaultSchedule().week.map((d) => ({ ...d, enabled: false })), vacations: [] };

describe('sandbox media server and the app', () => {
  it('hangs every live call up when the app closes: the caller stops receiving audio', async () => {
    const app = await createTestApp();
    let closed = false;
    try {
      setFactoryDatabase(app.deps.db, app.deps.config.JWT_SECRET ?? TEST_JWT_SECRET);
      const org = await buildOrganization({ schedule: closedAllWeek });
      const team = await buildTeam({ organizationId: org.id });
      const phone = '+15145550177';
      const toPhone: SessionDescription[] = [];
      const publishIn = app.deps.realtime.publishIn.bind(app.deps.realtime);
      vi.spyOn(app.deps.realtime, 'publishIn').mockImplementation((ns, room, event, payload) => {
        if (room === phoneRoom(phone) && (payload as { description?: SessionDescription }).description)
          toPhone.push((payload as { description: SessionDescription }).description);
        return publishIn(ns, room, event, payload);
      });
      const call = (
        await app.app.inject({
          method: 'POST',
          url: '/api/sandbox/voice/calls',
          payload: { from: phone, to: team.phoneNumber },
        })
      ).json<SandboxCall>();
      const caller = createTestPeer();
      peers.push(caller);
      const signal = await app.app.inject({
        method: 'POST',
        url: `/api/sandbox/voice/calls/${call.id}/events`,
        payload: { type: 'signal', number: phone, description: await caller.offer() },
      });
      expect(signal.statusCode).toBe(200);
      await caller.accept(toPhone[0]!);
      // Closed hours: the greeting (several seconds of speech) is playing to the caller.
      for (let i = 0; i < 300 && caller.received.length < 25; i++) await sleep(20);
      expect(caller.received.length).toBeGreaterThanOrEqual(25);

      await app.close();
      closed = true;
      await sleep(300);
      const heard = caller.received.length;
      await sleep(700);
      expect(caller.received.length).toBe(heard);
    } finally {
      if (!closed) await app.close();
    }
  }, 60_000);
});
