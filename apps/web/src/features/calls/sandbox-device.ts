import { sandboxVoiceEndpoints as endpoints, type SandboxCall } from '@accueil/domain';
import { api } from '../../lib/endpoint-client';
import { onRealtimeEvent } from '../../lib/realtime';
import { createReporter, type VoiceDevice } from './voice-device';
import { openWebRtcLeg, type WebRtcLeg } from './webrtc-leg';

type Leg = {
  serverId: string;
  localId: string;
  call: SandboxCall;
  webrtc: Promise<WebRtcLeg> | null;
  onIt: boolean;
};

/**
 * The sandbox's voice device (docs/behaviour/calls.md, "Sandbox calls"): registers with the
 * app's voice token, hears of calls through the signed-in realtime connection (`voice:*`), and
 * carries the audio over WebRTC with the server's media leg, which bridges it with the phone
 * simulator's (and plays the hold music). This side makes the offer (once it answered, or right
 * after dialling); the server answers it (`voice:signal`).
 */
export function createSandboxDevice(): VoiceDevice {
  const reporter = createReporter();
  const legs = new Map<string, Leg>();
  const byServerId = (id: string) => [...legs.values()].find((l) => l.serverId === id);
  const staffEvent = (leg: Leg, body: Parameters<typeof api.call<typeof endpoints.staffEvent>>[1]['body']) =>
    api.call(endpoints.staffEvent, { params: { callId: leg.serverId }, body });
  const need = (callId: string): Leg => {
    const leg = legs.get(callId);
    if (!leg) throw new Error(`No sandbox call ${callId}`);
    return leg;
  };
  /** Connects the leg's audio with the server's media leg: this side offers, the answer comes as `voice:signal`. */
  const offer = async (leg: Leg) => {
    const webrtc = await leg.webrtc!;
    await staffEvent(leg, { type: 'signal', description: await webrtc.offer() });
  };
  const end = (leg: Leg) => {
    legs.delete(leg.localId);
    void leg.webrtc?.then(
      (w) => w.close(),
      () => undefined,
    );
  };
  let unsubscribe: (() => void)[] = [];

  const listen = () => {
    unsubscribe = [
      onRealtimeEvent('voice:incoming', ({ call }) => {
        if (call.direction !== 'inbound' || byServerId(call.id)) return;
        legs.set(call.id, { serverId: call.id, localId: call.id, call, webrtc: null, onIt: false });
        reporter.emit({
          type: 'incoming',
          callId: call.id,
          from: call.phone,
          origin: 'direct',
          forTeamId: call.teamId,
        });
      }),
      onRealtimeEvent('voice:updated', ({ call }) => {
        const leg = byServerId(call.id);
        if (!leg) return;
        const was = leg.call.state;
        leg.call = call;
        // Ended; answered by a colleague while it still rang here; or moved away from this member
        // (transferred, sent to the queue or parked: it rings elsewhere, the server closed this leg).
        if (
          call.state === 'ended' ||
          (!leg.onIt && call.state !== 'ringing') ||
          (leg.onIt && was !== 'ringing' && call.state === 'ringing')
        ) {
          end(leg);
          reporter.emit({ type: 'ended', callId: leg.localId });
        }
      }),
      onRealtimeEvent('voice:signal', ({ callId, description }) => {
        const leg = byServerId(callId);
        if (!leg?.webrtc || description.type !== 'answer') return;
        void leg.webrtc.then((w) => w.accept(description)).catch(() => undefined);
      }),
    ];
  };

  return {
    carrier: 'sandbox',
    async register(token) {
      await api.call(endpoints.registerDevice, { body: { token } });
      if (unsubscribe.length === 0) listen();
      reporter.emit({ type: 'registered' });
    },
    async updateToken(token) {
      await api.call(endpoints.registerDevice, { body: { token } });
    },
    destroy() {
      unsubscribe.forEach((u) => u());
      unsubscribe = [];
      for (const leg of legs.values()) {
        if (leg.onIt) void staffEvent(leg, { type: 'hang-up' }).catch(() => undefined);
        end(leg);
      }
    },
    async connect(callId, to) {
      const webrtc = openWebRtcLeg('staff');
      const call = await api.call(endpoints.staffDial, { body: { to } });
      const leg: Leg = { serverId: call.id, localId: callId, call, webrtc, onIt: true };
      legs.set(callId, leg);
      reporter.emit({ type: 'connected', callId });
      await offer(leg);
    },
    async answer(callId) {
      const leg = need(callId);
      leg.onIt = true;
      leg.webrtc = openWebRtcLeg('staff');
      await leg.webrtc;
      await staffEvent(leg, { type: 'answer' });
      await offer(leg);
    },
    async reject(callId) {
      const leg = legs.get(callId);
      if (!leg) return;
      end(leg);
      await staffEvent(leg, { type: 'reject' });
    },
    async disconnect(callId) {
      const leg = legs.get(callId);
      if (!leg) return;
      end(leg);
      await staffEvent(leg, { type: 'hang-up' });
    },
    details(callId) {
      const leg = need(callId);
      return Promise.resolve({ answered: leg.call.state === 'in-progress' || leg.call.state === 'held' });
    },
    setMuted(muted) {
      for (const leg of legs.values()) if (leg.onIt) void leg.webrtc?.then((w) => w.setMuted(muted));
    },
    sendDigits(digits) {
      for (const leg of legs.values()) if (leg.onIt) void leg.webrtc?.then((w) => w.sendDigits(digits));
    },
    subscribe: reporter.subscribe,
  };
}
