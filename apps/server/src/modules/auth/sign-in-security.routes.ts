import { signInSecurityEndpoints as endpoints } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { newDeviceId, readDeviceId, setDeviceCookie } from './device-cookie';
import { listMachines } from './list-machines';
import { deletePasskey } from './passkeys/delete-passkey';
import { listPasskeys } from './passkeys/list-passkeys';
import { registerPasskey } from './passkeys/register-passkey';
import { relyingPartyOf } from './passkeys/relying-party';
import { signInWithPasskey } from './passkeys/sign-in-with-passkey';
import { startPasskeyRegistration } from './passkeys/start-passkey-registration';
import { startPasskeySignIn } from './passkeys/start-passkey-sign-in';
import { setRefreshCookie } from './refresh-cookie';
import { renameMachine } from './rename-machine';
import { revokeMachine } from './revoke-machine';
import { setMachineMode } from './set-machine-mode';
import { signInRateLimit } from './sign-in-rate-limit';

/** Sign-in security routes (docs/api.md "Sign-in security"): passkeys and the machine allowlist. */
export function signInSecurityRoutes(app: AppInstance, deps: AppDeps): void {
  const party = (request: FastifyRequest) => relyingPartyOf(deps.config, request.headers.origin);
  const device = (request: FastifyRequest) => readDeviceId(request, deps.config);

  route(app, endpoints.passkeyLoginOptions, {
    access: 'public',
    config: { rateLimit: signInRateLimit(deps) },
    handler: (request) => startPasskeySignIn(deps, party(request)),
  });
  route(app, endpoints.passkeyLoginVerify, {
    access: 'public',
    config: {
      rateLimit: signInRateLimit(deps),
      errors: ['passkey-invalid', 'machine-not-allowed', 'outside-work-hours'],
    },
    handler: async (request, reply) => {
      const deviceId = device(request) ?? newDeviceId();
      const result = await signInWithPasskey(
        deps,
        { ...request.body, userAgent: request.headers['user-agent'] ?? null, deviceId },
        party(request),
      );
      setRefreshCookie(reply, deps.config, result.refreshToken);
      setDeviceCookie(reply, deps.config, deviceId);
      return result.response;
    },
  });

  route(app, endpoints.listPasskeys, {
    access: 'session',
    handler: (request) => listPasskeys(deps, request.ctx),
  });
  route(app, endpoints.passkeyRegistrationOptions, {
    access: 'session',
    handler: (request) => startPasskeyRegistration(deps, request.ctx, party(request)),
  });
  route(app, endpoints.registerPasskey, {
    access: 'session',
    config: { errors: ['passkey-invalid'] },
    handler: async (request, reply) =>
      reply.status(201).send(await registerPasskey(deps, request.ctx, request.body, party(request))),
  });
  route(app, endpoints.deletePasskey, {
    access: 'session',
    handler: async (request, reply) => {
      await deletePasskey(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  route(app, endpoints.listMachines, {
    access: 'session',
    handler: (request) => listMachines(deps, request.ctx, device(request)),
  });
  route(app, endpoints.setMachineMode, {
    access: 'session',
    handler: (request) => setMachineMode(deps, request.ctx, request.body.mode, device(request)),
  });
  route(app, endpoints.renameMachine, {
    access: 'session',
    handler: (request) =>
      renameMachine(deps, request.ctx, { id: request.params.id, name: request.body.name }, device(request)),
  });
  route(app, endpoints.revokeMachine, {
    access: 'session',
    handler: async (request, reply) => {
      await revokeMachine(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
