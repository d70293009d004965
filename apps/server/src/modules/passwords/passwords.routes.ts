import { passwordEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { perAddressRateLimit } from '../../http/rate-limit-config';
import { withSystemAccess } from '../../db/tenant-scope';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { inspectPasswordToken } from './inspect-password-token';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { sendAccountInvitation } from './send-account-invitation';

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/**
 * Password forgotten, set-password links, invitations (docs/api.md "Passwords"). The public
 * three find the account by login or by the link's hash, across organisations: named
 * `password-link` access (row-level security, db/tenant-scope.ts).
 */
export function passwordsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.forgot, {
    access: 'public',
    config: { rateLimit: perAddressRateLimit(deps.config.PASSWORD_FORGOT_RATE_LIMIT, FIFTEEN_MINUTES_MS) },
    handler: async (request, reply) => {
      // The mails leave after the answer: it takes the same time whether an account matched or not.
      await withSystemAccess('password-link', () => requestPasswordReset(deps, request.body));
      return reply.status(202).send(null);
    },
  });
  // A link's secret (256 bits) is not guessed, but its checks are limited like sign-ins: each
  // reset costs an argon2 hash.
  const linkLimit = {
    rateLimit: perAddressRateLimit(deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, 60_000),
    errors: ['reset-link-invalid', 'reset-link-expired'] as const,
  };
  route(app, endpoints.inspect, {
    access: 'public',
    config: linkLimit,
    handler: (request) => withSystemAccess('password-link', () => inspectPasswordToken(deps, request.body)),
  });
  route(app, endpoints.reset, {
    access: 'public',
    config: linkLimit,
    handler: (request) => withSystemAccess('password-link', () => resetPassword(deps, request.body)),
  });
  route(app, endpoints.invite, {
    access: 'session',
    config: { errors: ['not-found', 'forbidden', 'mail-unavailable'] },
    handler: async (request, reply) =>
      reply.status(202).send(await sendAccountInvitation(deps, request.ctx, { userId: request.params.id })),
  });
  return Promise.resolve();
}
