import { AppError, sandboxMailEndpoints as endpoints } from '@accueil/domain';
import type { CoreDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { listSandboxMails, readSandboxMailAttachment } from './sandbox-mailbox';

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
  // Always a download of bytes (never shown in place as its claimed type: a file from a mail is
  // not the app's content), under the mail's own name, encoded for the header (RFC 6266 `filename*`).
  // Its type is in the list's `contentType`.
  route(app, endpoints.attachment, {
    access: 'public',
    config: { produces: 'application/octet-stream' },
    handler: async (request, reply) => {
      const file = await readSandboxMailAttachment(deps, request.params.id);
      if (!file) throw new AppError('not-found', 'No such file in the sandbox mailbox');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content as unknown as string);
    },
  });
  return Promise.resolve();
}
