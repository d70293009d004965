import { randomUUID } from 'node:crypto';
import { AppError, sandboxMailEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { composeMime } from '../../carriers/email-channel/outbound-mime';
import { sandboxMails } from '../../db/schema/sandbox';
import { withSystemAccess } from '../../db/tenant-scope';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { requestMailboxSyncOf } from '../email/index';
import { listSandboxMails, readSandboxMailAttachment } from './sandbox-mailbox';

/**
 * The sandbox mailbox's routes (registered by the sandbox module, only with a sandbox vendor):
 * they stand for the recipients' mail programs, so no sign-in (`access: 'public'`); production
 * refuses to start with them (config-production.ts `unsafeProductionSettings`). `contactsWrite` (the e-mail
 * channel's sandbox vendor): a contact's mail program writes to a team's mailbox too.
 */
export function sandboxMailRoutes(
  app: AppInstance,
  deps: AppDeps,
  options: { contactsWrite: boolean },
): Promise<void> {
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
  if (!options.contactsWrite) return Promise.resolve();

  route(app, endpoints.send, {
    access: 'public',
    handler: async (request, reply) => {
      const input = request.body;
      const messageId = `<${randomUUID()}@sandbox.accueil.localhost>`;
      const raw = await composeMime({
        messageId,
        from: input.from,
        to: [input.to],
        subject: input.subject,
        text: input.text,
        inReplyTo: input.inReplyTo,
        references: input.inReplyTo ? [input.inReplyTo] : undefined,
      });
      const [row] = await deps.db
        .insert(sandboxMails)
        .values({
          from: input.from,
          to: input.to,
          subject: input.subject,
          html: '',
          text: input.text,
          raw: raw.toString('utf8'),
          messageId,
        })
        .returning({ id: sandboxMails.id });
      // As a mail server tells an IMAP client of new mail (IDLE): the team's mailbox syncs now.
      await withSystemAccess('sandbox', () => requestMailboxSyncOf(deps, input.to));
      void reply.status(201);
      return { id: row!.id, messageId };
    },
  });
  return Promise.resolve();
}
