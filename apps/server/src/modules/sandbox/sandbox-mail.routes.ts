import { sandboxMailEndpoints as endpoints } from '@accueil/domain';
import type { CoreDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { listSandboxMails } from './sandbox-mailbox';

/**
 * The sandbox mailbox's route (registered by the sandbox module, only when the e-mail carrier is the
 * sandbox): it stands for the recipients' mail programs, so no sign-in (`access: 'public'`);
 * production refuses to start with it (config.ts `unsafeProductionSettings`).
 */
export function sandboxMailRoutes(app: AppInstance, deps: Pick<CoreDeps, 'db'>): Promise<void> {
  route(app, endpoints.list, {
    access: 'public',
    handler: async (request) => ({ items: await listSandboxMails(deps, request.query) }),
  });
  return Promise.resolve();
}
