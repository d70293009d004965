import { sandboxVoiceEndpoints as endpoints } from '@accueil/domain';
import type { CarrierHost } from '../../carrier-slot';
import type { SandboxVoiceNetwork } from './sandbox-voice-media';
import { route } from '../../../http/route';
import type { AppInstance } from '../../../http/types';
import { actOnCallFromDevice } from './act-on-call-from-device';
import { actOnCallFromPhone } from './act-on-call-from-phone';
import { dialFromDevice } from './dial-from-device';
import { dialFromPhone } from './dial-from-phone';
import { registerVoiceDevice } from './register-voice-device';

/**
 * The sandbox voice network's routes (registered by its vendor, only when `VOICE_CARRIER=sandbox`;
 * docs/behaviour/calls.md, "Sandbox calls"). The phone simulator's side is public, like its texts
 * (the app looks the team number up across organisations, as for a vendor's webhook: `VoiceInbox`);
 * the staff side is the signed-in user's device, every role (like the voice token).
 */
export function sandboxVoiceRoutes(
  app: AppInstance,
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
): Promise<void> {
  const errors = { config: { errors: ['not-found' as const, 'phone-invalid' as const] } };
  route(app, endpoints.phoneDial, {
    access: 'public',
    ...errors,
    handler: async (request, reply) => reply.code(201).send(await dialFromPhone(deps, net, request.body)),
  });
  route(app, endpoints.phoneEvent, {
    access: 'public',
    config: { errors: ['not-found'] },
    handler: (request) => actOnCallFromPhone(deps, net, request.params.callId, request.body),
  });
  route(app, endpoints.registerDevice, {
    access: 'session',
    handler: async (request, reply) => {
      await registerVoiceDevice(deps, net.switchboard, request.ctx, request.body.token);
      return reply.code(204).send(null);
    },
  });
  route(app, endpoints.staffDial, {
    access: 'session',
    config: { errors: ['not-found', 'phone-invalid', 'calls-disabled'] },
    handler: async (request, reply) =>
      reply.code(201).send(await dialFromDevice(deps, net, request.ctx, request.body)),
  });
  route(app, endpoints.staffEvent, {
    access: 'session',
    config: { errors: ['not-found'] },
    handler: (request) => actOnCallFromDevice(deps, net, request.ctx, request.params.callId, request.body),
  });
  return Promise.resolve();
}
