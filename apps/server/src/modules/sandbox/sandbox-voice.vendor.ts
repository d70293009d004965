import type { CarrierVendor } from '../../carriers/carrier-slot';
import { sandboxVoiceVendor as tokenOnlyVendor } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { createSandboxSwitchboard } from '../../carriers/voice/sandbox/sandbox-switchboard';
import type { VoiceCarrier } from '../../carriers/voice/voice-carrier';
import { sandboxVoiceRoutes } from './sandbox-voice.routes';

/**
 * The sandbox voice vendor (`VOICE_CARRIER=sandbox`, the default): the sandbox carrier's tokens
 * (carriers/voice/sandbox), a switchboard of this process, and its routes, which ring the staff's
 * devices and the phone simulators and relay their WebRTC descriptions
 * (docs/behaviour/calls.md, "Sandbox calls").
 */
export const sandboxVoiceVendor: CarrierVendor<VoiceCarrier> = {
  name: tokenOnlyVendor.name,
  create(host) {
    const { carrier } = tokenOnlyVendor.create(host);
    const switchboard = createSandboxSwitchboard();
    return { carrier, routes: (app) => sandboxVoiceRoutes(app, host, switchboard) };
  },
};
