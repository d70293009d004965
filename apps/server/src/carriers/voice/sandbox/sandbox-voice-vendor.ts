import type { CarrierVendor } from '../../carrier-slot';
import { createSandboxMedia } from './sandbox-media';
import { createSandboxSwitchboard } from './sandbox-switchboard';
import { createSandboxVoiceCarrier } from './sandbox-voice-carrier';
import type { VoiceCarrier } from '../voice-carrier';
import { moveSandboxCall, onCallerKey, type SandboxVoiceNetwork } from './sandbox-voice-media';
import { sandboxVoiceRoutes } from './sandbox-voice-routes';

/**
 * The sandbox voice vendor (`VOICE_CARRIER=sandbox`, the default): the sandbox carrier's tokens
 * (sandbox-voice-carrier.ts, signed with the app's resolved `JWT_SECRET`), a switchboard and a media
 * server of this process, and its routes, which ring the staff's devices and the phone simulators
 * and connect each one's WebRTC leg with the server (docs/behaviour/calls.md, "Sandbox calls").
 * The calls module's actions (`redirect`, `hangUp`) move the live call's media; closing the app
 * ends every call the media server carries.
 */
export const sandboxVoiceVendor: CarrierVendor<VoiceCarrier> = {
  name: 'sandbox',
  create(host) {
    if (!host.config.JWT_SECRET) throw new Error('The sandbox voice carrier needs the resolved JWT_SECRET');
    const net: SandboxVoiceNetwork = { switchboard: createSandboxSwitchboard(), media: createSandboxMedia() };
    const carrier = createSandboxVoiceCarrier(host.config.JWT_SECRET, (action) =>
      moveSandboxCall(host, net, action),
    );
    // The switchboard holds this process's live calls: one it no longer has has ended (the
    // sandbox runs in one process; docs/behaviour/operations.md).
    carrier.fetchCallStatus = ({ callSid }) =>
      Promise.resolve(net.switchboard.get(callSid) ? { status: 'in-progress' } : { status: 'completed' });
    net.media.onDigit((callId, key) => {
      void onCallerKey(host, net, callId, key).catch((err: unknown) =>
        host.log.warn({ err, callId }, 'sandbox call: a key press failed'),
      );
    });
    return {
      carrier,
      routes: async (app) => {
        // The media server's legs hold UDP sockets: a closing app hangs every live call up.
        app.addHook('onClose', () => Promise.resolve(net.media.close()));
        await sandboxVoiceRoutes(app, host, net);
      },
    };
  },
};
