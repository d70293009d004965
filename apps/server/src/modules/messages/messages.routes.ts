import { messageEndpoints as endpoints, noteEndpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { createNote } from './create-note';
import { listMessages } from './list-messages';
import { listMentionable, readMentions } from './note-mentions';
import { sendMessage } from './send-message';

/**
 * A conversation's messages (docs/api.md "Conversations"), served from their shared endpoints:
 * tenant-scoped through their conversation (another organisation's or team's id answers 404).
 * Sending counts against the send rate limits (http/send-rate-limit.ts: 429 `too-many-requests`).
 */
export function messagesRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.list, {
    access,
    handler: (request) =>
      listMessages(deps, request.ctx, { conversationId: request.params.id, query: request.query }),
  });

  route(app, endpoints.send, {
    access,
    config: {
      sendRateLimit: true,
      errors: [
        'message-not-sendable',
        'address-not-phone',
        'idempotency-conflict',
        'token-value-missing',
        'contact-in-flow',
        'replied-meanwhile',
        'text-with-media',
        'attachments-too-large',
        'too-many-attachments',
      ],
    },
    handler: async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'];
      const { message, replayed } = await sendMessage(deps, request.ctx, {
        conversationId: request.params.id,
        ...request.body,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      });
      // A replay answers like the first request (201, same message as it now stands), marked.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(message);
    },
  });
  // An internal note (docs/behaviour/notes-and-presence.md): no carrier, so no send rate limit.
  route(app, noteEndpoints.createNote, {
    access,
    config: { errors: ['mention-not-in-team'] },
    handler: async (request, reply) => {
      const note = await createNote(deps, request.ctx, {
        conversationId: request.params.id,
        ...request.body,
      });
      return reply.code(201).send(note);
    },
  });
  route(app, noteEndpoints.mentionable, {
    access,
    handler: (request) => listMentionable(deps, request.ctx, request.params.id),
  });
  route(app, noteEndpoints.readMentions, {
    access,
    handler: (request) => readMentions(deps, request.ctx, request.params.id),
  });
  return Promise.resolve();
}
