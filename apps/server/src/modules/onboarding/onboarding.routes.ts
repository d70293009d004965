import { AppError, onboardingEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { setRefreshCookie } from '../auth/index';
import { checkInvitationCode } from './check-invitation-code';
import { createInvitationCode } from './create-invitation-code';
import { listInvitationCodes } from './list-invitation-codes';
import { onboardOrganization } from './onboard-organization';
import { revokeInvitationCode } from './revoke-invitation-code';

/** Per-address limit of code checks and onboardings: the same budget as sign-in attempts (codes must not be guessable by trying). */
function codeRateLimit(deps: AppDeps) {
  return {
    max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req: unknown, context: { ttl: number }) => {
      const retry = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'too-many-requests',
        `Too many requests. Retry in ${retry} seconds.`,
        undefined,
        retry,
      );
    },
  };
}

/** Onboarding (public, with an invitation code) and the invitation codes of the devops panel (docs/api.md "Onboarding"). */
export function onboardingRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const devops = { roles: ['devops'] } as const;

  route(app, endpoints.checkCode, {
    access: 'public',
    config: { rateLimit: codeRateLimit(deps), errors: ['invitation-code-invalid'] },
    handler: (request) => checkInvitationCode(deps, request.body.code),
  });

  route(app, endpoints.onboard, {
    access: 'public',
    config: {
      rateLimit: codeRateLimit(deps),
      errors: ['invitation-code-invalid', 'username-taken', 'email-taken'],
    },
    handler: async (request, reply) => {
      const result = await onboardOrganization(deps, {
        ...request.body,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setRefreshCookie(reply, deps.config, result.refreshToken);
      return reply.code(201).send(result.response);
    },
  });

  route(app, endpoints.listCodes, {
    access: devops,
    handler: (request) => listInvitationCodes(deps, request.ctx),
  });

  route(app, endpoints.createCode, {
    access: devops,
    handler: async (request, reply) =>
      reply.code(201).send(await createInvitationCode(deps, request.ctx, request.body)),
  });

  route(app, endpoints.revokeCode, {
    access: devops,
    handler: async (request, reply) => {
      await revokeInvitationCode(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  return Promise.resolve();
}
