import multipart from '@fastify/multipart';
import {
  AppError,
  EMAIL_REPLY_ATTACHMENTS_MAX_BYTES,
  EMAIL_REPLY_MAX_ATTACHMENTS,
  emailEndpoints as endpoints,
  sendEmailFieldsSchema,
  type SendEmailFields,
} from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { OutboundAttachment } from '../../carriers/email-channel/email-channel-carrier';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { downloadAttachment } from './download-attachment';
import { emailOAuthRoutes } from './email-oauth.routes';
import { listConversationEmails } from './list-conversation-emails';
import { connectMailbox, disconnectMailbox, getMailbox } from './manage-mailbox';
import { getMailboxStatus } from './mailbox-status';
import { getOwnSignature, setOwnSignature } from './own-signature';
import { sendEmailReply } from './send-email-reply';

/**
 * The e-mail channel's routes (docs/api.md "E-mail"): the signed-in user's own signature, the
 * teams' mailboxes (administrators),
 * the e-mail details of a conversation, replies (multipart) and attachments (members of the
 * conversation's team). Another organisation's team, conversation or file answers 404.
 */
export async function emailRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  emailOAuthRoutes(app, deps);
  route(app, endpoints.ownSignature, {
    access: 'session',
    config: { errors: ['not-found'] },
    handler: (request) => getOwnSignature(deps, request.ctx),
  });
  route(app, endpoints.setOwnSignature, {
    access: 'session',
    config: { errors: ['not-found'] },
    handler: (request) => setOwnSignature(deps, request.ctx, request.body),
  });
  const mailboxErrors = ['forbidden', 'not-found'] as const;
  route(app, endpoints.getMailbox, {
    access: 'session',
    config: { errors: [...mailboxErrors] },
    handler: (request) => getMailbox(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.connectMailbox, {
    access: 'session',
    config: {
      errors: [
        ...mailboxErrors,
        'team-email-missing',
        'mailbox-auth-failed',
        'mail-unavailable',
        'email-taken',
      ],
    },
    handler: (request) => connectMailbox(deps, request.ctx, request.params.id, request.body),
  });
  route(app, endpoints.disconnectMailbox, {
    access: 'session',
    config: { errors: [...mailboxErrors] },
    handler: (request) => disconnectMailbox(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.mailboxStatus, {
    access: 'session',
    config: { errors: ['not-found'] },
    handler: (request) => getMailboxStatus(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.conversationEmails, {
    access: 'session',
    config: { errors: ['not-found', 'forbidden'] },
    handler: (request) => listConversationEmails(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.attachment, {
    access: 'session',
    config: { errors: ['not-found'], produces: 'application/octet-stream' },
    handler: async (request, reply) => {
      const file = await downloadAttachment(deps, request.ctx, {
        provider: request.params.provider,
        attachmentId: request.params.id,
        inboxEmail: request.body.inboxEmail,
      });
      // Always a download: a file from outside is never rendered as the type it claims.
      return (
        reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // The schema says `string` (a binary answer): Fastify streams the file as it is.
          .send(file.stream as unknown as string)
      );
    },
  });

  // The reply reads a multipart body: the parser is registered for this scope only.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: {
        fileSize: EMAIL_REPLY_ATTACHMENTS_MAX_BYTES,
        files: EMAIL_REPLY_MAX_ATTACHMENTS,
        fields: 7,
        parts: EMAIL_REPLY_MAX_ATTACHMENTS + 7,
      },
    });
    route(scope, endpoints.send, {
      access: 'session',
      config: {
        consumes: 'multipart/form-data',
        errors: [
          'not-found',
          'forbidden',
          'payload-too-large',
          'mailbox-disconnected',
          'mail-unavailable',
          'replied-meanwhile',
        ],
      },
      handler: async (request) => {
        const form = await readReplyForm(request);
        return sendEmailReply(deps, request.ctx, {
          provider: request.params.provider,
          conversationId: request.params.id,
          ...form,
        });
      },
    });
  });
}

/**
 * The reply's multipart form: the fields `inboxEmail`, `subject`, `body` (checked by
 * `sendEmailFieldsSchema`) and the repeated `attachments` files, read whole.
 * @throws AppError 'unsupported-media-type' (not multipart), 'validation-failed' (fields),
 *   'payload-too-large' (a file over the limit, too many files).
 */
async function readReplyForm(
  request: FastifyRequest,
): Promise<{ fields: SendEmailFields; files: OutboundAttachment[] }> {
  if (!request.isMultipart())
    throw new AppError('unsupported-media-type', 'Send the reply as multipart/form-data');
  const values: Record<string, string> = {};
  const files: OutboundAttachment[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'attachments') {
          await part.toBuffer();
          continue;
        }
        files.push({ filename: part.filename, contentType: part.mimetype, content: await part.toBuffer() });
      } else if (typeof part.value === 'string') values[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(
        'payload-too-large',
        'The cumulative size of attachments must not exceed 20 megabytes.',
      );
    throw err;
  }
  const parsed = sendEmailFieldsSchema.safeParse(values);
  if (!parsed.success)
    throw new AppError('validation-failed', 'The reply’s fields are invalid', {
      issues: parsed.error.issues.map((i) => ({ path: i.path, code: i.message })),
    });
  return { fields: parsed.data, files };
}
