import { SANDBOX_TEXT_BODY_LIMIT_BYTES, sandboxEndpoints as endpoints } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import { route } from '../../http/route';
import { withSystemAccess } from '../../db/tenant-scope';
import type { AppInstance } from '../../http/types';
import { listPhoneMessages, sandboxDirectory, textFromPhone } from './sandbox.service';

/**
 * The phone simulator's routes (registered by the sandbox module, only when `MESSAGING_CARRIER=sandbox`),
 * served from their shared endpoints: the phone simulator plays the contacts' phones, so no
 * sign-in (`access: 'public'`). The simulated network belongs to no organisation: its
 * handlers run with the named `sandbox` access across organisations (db/tenant-scope.ts).
 */
export function sandboxRoutes(app: AppInstance, deps: HostDeps): Promise<void> {
  const access = 'public' as const;
  route(app, endpoints.textFromPhone, {
    access,
    // A picture comes in the JSON body, in base64.
    bodyLimit: SANDBOX_TEXT_BODY_LIMIT_BYTES,
    config: { errors: ['not-found'] },
    handler: (request, reply) =>
      withSystemAccess('sandbox', async () => reply.code(201).send(await textFromPhone(deps, request.body))),
  });
  route(app, endpoints.phoneMessages, {
    access,
    handler: (request) =>
      withSystemAccess('sandbox', async () => ({
        items: await listPhoneMessages(deps, request.query.number),
      })),
  });
  route(app, endpoints.directory, {
    access,
    handler: () => withSystemAccess('sandbox', () => sandboxDirectory(deps)),
  });
  return Promise.resolve();
}
