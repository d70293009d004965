import type { Call, Device } from '@twilio/voice-sdk';
import { createReporter, type VoiceDevice } from './voice-device';

/**
 * Twilio's Voice SDK behind the app's voice device interface (`VOICE_CARRIER=twilio`). The SDK
 * (`@twilio/voice-sdk`) is imported here only, and this module only through a dynamic import,
 * so it never reaches the inbox's first load. Inbound calls carry the team in the custom
 * parameter `forGroupId` and the origin in `origin` (`queue`, `transfer`) when the server's TwiML
 * sets them. Hold, resume, transfer and the queue are the server's call actions (REST), not the SDK's.
 */
export async function createTwilioDevice(): Promise<VoiceDevice> {
  const { Call: TwilioCall, Device: TwilioDevice } = await import('@twilio/voice-sdk');
  const reporter = createReporter();
  const calls = new Map<string, Call>();
  let device: Device | null = null;

  const track = (callId: string, call: Call) => {
    calls.set(callId, call);
    const ended = () => {
      if (calls.get(callId) !== call) return;
      calls.delete(callId);
      reporter.emit({ type: 'ended', callId });
    };
    call.on('disconnect', ended);
    call.on('cancel', ended);
    call.on('reject', ended);
  };
  const need = (callId: string): Call => {
    const call = calls.get(callId);
    if (!call) throw new Error(`No Twilio call ${callId}`);
    return call;
  };

  return {
    carrier: 'twilio',
    async register(token) {
      device = new TwilioDevice(token, { closeProtection: true });
      device.on('registered', () => reporter.emit({ type: 'registered' }));
      device.on('unregistered', () => reporter.emit({ type: 'unregistered' }));
      device.on('tokenWillExpire', () => reporter.emit({ type: 'token-will-expire' }));
      device.on('error', (error: { code?: number }) =>
        reporter.emit({ type: 'error', code: error.code ?? 0 }),
      );
      device.on('incoming', (call: Call) => {
        const callId = call.parameters.CallSid ?? crypto.randomUUID();
        const origin = call.customParameters.get('origin');
        track(callId, call);
        reporter.emit({
          type: 'incoming',
          callId,
          from: call.parameters.From ?? '',
          origin: origin === 'queue' || origin === 'transfer' ? origin : 'direct',
          forTeamId: call.customParameters.get('forGroupId') ?? null,
        });
      });
      await device.register();
    },
    updateToken(token) {
      device?.updateToken(token);
      return Promise.resolve();
    },
    destroy() {
      device?.destroy();
      device = null;
      calls.clear();
    },
    async connect(callId, to) {
      if (!device) throw new Error('The Twilio device is not registered');
      const call = await device.connect({ params: { To: to } });
      track(callId, call);
      call.on('accept', () => reporter.emit({ type: 'connected', callId }));
    },
    answer(callId) {
      // A call it does not know rejects, as every device method reports failure.
      return Promise.resolve().then(() => need(callId).accept());
    },
    reject(callId) {
      calls.get(callId)?.reject();
      calls.delete(callId);
      return Promise.resolve();
    },
    disconnect(callId) {
      calls.get(callId)?.disconnect();
      calls.delete(callId);
      return Promise.resolve();
    },
    details(callId) {
      // The SDK cannot tell when the callee picks up; the server's call details will.
      return Promise.resolve().then(() => ({ answered: need(callId).status() === TwilioCall.State.Open }));
    },
    setMuted(muted) {
      for (const call of calls.values()) call.mute(muted);
    },
    sendDigits(digits) {
      for (const call of calls.values()) call.sendDigits(digits);
    },
    subscribe: reporter.subscribe,
  };
}
